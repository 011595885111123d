import { describe, expect, it } from "vitest";
import { ackFrame, ackTarget, buildTimeline, countUnread, lastSeq, mergeMessages, missedBefore, showTimestamp, unreadAdd } from "../../../src/app/chat/core/timeline";
import type { Sender } from "../../../src/app/chat/core/types";
import type { Pending } from "../../../src/app/chat/core/outbox";
import { live, message, step, T0 } from "./session/helpers";

const ann: Sender = { id: "p-1", type: "ChatClient", name: "Ann", avatarUrl: null };
const ada: Sender = { id: "p-9", type: "ChatAgentPersona", name: "Ada", avatarUrl: "https://x/ada.png" };
const t0 = T0;
const msg = (seq: number, sender: Sender = ann, at?: number, clientId = "") => message(seq, sender, at, clientId);

describe("merging history and live messages", () => {
  it("orders by seq and never shows a message twice (by seq or id)", () => {
    const history = [msg(1), msg(2)];
    const live = [msg(4), msg(2), msg(3)];
    const merged = mergeMessages(history, live);
    expect(merged.map((m) => m.seq)).toEqual([1, 2, 3, 4]);
    expect(mergeMessages(merged, [msg(3), msg(4)])).toBe(merged);
    expect(mergeMessages(merged, [{ ...msg(9), id: "m-1" }])).toBe(merged);
    expect(lastSeq(merged)).toBe(4);
    expect(lastSeq([])).toBe(0);
  });

  it("notices a live message that skips some", () => {
    expect(missedBefore([msg(1), msg(2)], msg(3))).toBe(false);
    expect(missedBefore([msg(1), msg(2)], msg(2))).toBe(false);
    expect(missedBefore([msg(1), msg(2)], msg(5))).toBe(true);
    expect(missedBefore([], msg(1))).toBe(false);
    expect(missedBefore([], msg(2))).toBe(true);
  });
});

describe("timeline", () => {
  const pending = (clientId: string, at: number): Pending => ({ clientId, text: "p", attachments: [], createdAt: at, state: "pending" });

  it("shows stored messages, then pending ones not stored yet", () => {
    const messages = [msg(1, ann, t0, "c1"), msg(2, ada, t0 + 5000)];
    const list = buildTimeline(messages, [pending("c1", t0), pending("c2", t0 + 6000)], "p-1");
    expect(list.map((e) => e.key)).toEqual(["m:m-1", "m:m-2", "p:c2"]);
    expect(list.map((e) => e.agent)).toEqual([false, true, false]);
  });

  it("timestamps when ≥ 60 s passed since the previous message or the sender changed (spec §4.5)", () => {
    const messages = [
      msg(1, ann, t0),
      msg(2, ann, t0 + 59_999),
      msg(3, ann, t0 + 59_999 + 60_000),
      msg(4, ada, t0 + 130_000),
      msg(5, ada, t0 + 131_000),
      msg(6, ann, t0 + 132_000),
    ];
    const list = buildTimeline(messages, [pending("x", t0 + 133_000), pending("y", t0 + 200_000)], "p-1");
    expect(list.map((e) => e.showTime)).toEqual([true, false, true, true, false, true, false, true]);
    expect(showTimestamp(undefined, { time: 0, senderKey: "me" })).toBe(true);
  });

  it("two agents are two senders", () => {
    const bo = { ...ada, id: "p-8", name: "Bo" };
    const list = buildTimeline([msg(1, ada), msg(2, bo)], [], "p-1");
    expect(list.map((e) => e.showTime)).toEqual([true, true]);
  });
});

describe("acknowledging the last received message", () => {
  it("targets the last agent message newer than the acked seq", () => {
    const messages = [msg(1, ada), msg(2, ann), msg(3, ada), msg(4, ann)];
    expect(ackTarget(messages, "p-1", 0)?.seq).toBe(3);
    expect(ackTarget(messages, "p-1", 3)).toBeUndefined();
    expect(ackTarget([msg(1, ann)], "p-1", 0)).toBeUndefined();
    expect(ackFrame(messages[2])).toEqual({ op: "client-action", action: "message-ack", data: { id: "m-3", seq: 3 } });
  });
});

describe("unread counter", () => {
  it("counts agent messages the visitor does not see, and resets", () => {
    const c = step(live({ seen: true }));
    unreadAdd(c, msg(1, ada));
    c.s = { ...c.s, seen: false };
    unreadAdd(c, msg(2, ann));
    expect(c.s.unread).toBe(0);
    unreadAdd(c, msg(3, ada));
    unreadAdd(c, msg(4, ada));
    expect(c.s.unread).toBe(2);
    countUnread(c, 0);
    expect(c.s.unread).toBe(0);
    const told = () => c.fx.map((e) => e.fx == "unread" && e.count);
    expect(told()).toEqual([1, 2, 0]);
    countUnread(c, 0);
    expect(told()).toHaveLength(3);
  });
});
