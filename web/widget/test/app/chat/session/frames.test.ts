// The session reducer, frame by frame (docs/realtime.md): what state each server frame yields and
// what effects it asks for.
import { describe, expect, it } from "vitest";
import { END_LINGER_MS, SYSTEM } from "../../../../src/app/chat/core/session/socket";
import { RETRY_MS } from "../../../../src/app/chat/core/outbox";
import type { Pending } from "../../../../src/app/chat/core/session/types";
import { ada, frame, live, me, msg, only, run, T0 } from "./helpers";

const pending = (clientId: string): Pending => ({ clientId, text: "hi", attachments: [], createdAt: T0, state: "pending" });

describe("ready", () => {
  it("the socket tells who is online: the header's presence, mail replies, and the page is looked at again", () => {
    const [s, fx] = run(live({ heard: false, lastPage: { url: "https://shop.example/a" } }), frame({ op: "ready", role: "visitor", agentsOnline: true, repliesByEmail: true }));
    expect(s).toMatchObject({ heard: true, lastPage: null, presence: { online: true, typing: [] }, presenceKnown: true, repliesByEmail: true });
    expect(fx).toEqual([{ fx: "look" }]);
  });

  it("an agent's ready (not a visitor's) says nobody and no mail", () => {
    const [s] = run(live(), frame({ op: "ready", role: "agent", agentsOnline: true, repliesByEmail: true }));
    expect(s).toMatchObject({ presence: { online: false }, repliesByEmail: false, presenceKnown: true });
  });
});

describe("chat-message", () => {
  it("an agent's message while the visitor looks: shown, the active sound, acknowledged (read once sent)", () => {
    const [s, fx] = run(live(), frame({ op: "chat-message", message: msg(1) }));
    expect(s.messages.map((m) => m.seq)).toEqual([1]);
    expect(s.unread).toBe(0);
    expect(fx).toEqual([
      { fx: "play", sound: "active" },
      { fx: "send", frame: { op: "client-action", action: "message-ack", data: { id: "m-1", seq: 1 } }, sent: { type: "acked", seq: 1 } },
    ]);
  });

  it("with the window closed: counted unread with the message, the other sound, the title blinks, the banner; no ack", () => {
    const [s, fx] = run(live({ open: false, seen: false }), frame({ op: "chat-message", message: msg(1) }));
    expect(s).toMatchObject({ unread: 1, banner: true, attention: { seen: false } });
    expect(fx).toEqual([
      { fx: "unread", count: 1, arrived: msg(1) },
      { fx: "play", sound: "inactive" },
      { fx: "blink", name: "Ada" },
    ]);
  });

  it("with the window open in a hidden tab: counted, without the message (nothing to announce)", () => {
    const [s, fx] = run(live({ seen: false }), frame({ op: "chat-message", message: msg(1) }));
    expect(s.unread).toBe(1);
    expect(only(fx, "unread")).toEqual([{ fx: "unread", count: 1, arrived: undefined }]);
  });

  it("the visitor's own message settles its pending copy; no sound, no ack", () => {
    const [s, fx] = run(live({ pending: [pending("cid-1")], outbox: { online: true, sent: ["cid-1"], retrying: [] } }), frame({ op: "chat-message", message: msg(1, me, "cid-1") }));
    expect(s.pending).toEqual([]);
    expect(s.outbox.sent).toEqual([]);
    expect(s.messages).toHaveLength(1);
    expect(fx).toEqual([]);
  });

  it("a message already shown (a resume after reconnecting) changes nothing", () => {
    const before = live({ messages: [msg(1)] });
    const [s, fx] = run(before, frame({ op: "chat-message", message: msg(1) }));
    expect(s).toBe(before);
    expect(fx).toEqual([]);
  });

  it("a message that skips some asks for a new socket, which resumes after the last one held", () => {
    const [s, fx] = run(live({ messages: [msg(1)] }), frame({ op: "chat-message", message: msg(3) }));
    expect(s.messages.map((m) => m.seq)).toEqual([1]);
    expect(fx).toEqual([{ fx: "reconnect" }]);
  });

  it("an agent's typing stops with their message", () => {
    const [typing] = run(live(), frame({ op: "presence", action: "update", channelId: "c-1", persona: ada, name: "Ada", status: "online", typing: true }));
    expect(typing.presence.typing).toEqual(["Ada"]);
    const [s] = run(typing, frame({ op: "chat-message", message: msg(1) }));
    expect(s.presence.typing).toEqual([]);
  });
});

describe("ack", () => {
  it("settles the pending message and plays the sent sound; a duplicate settles it quietly", () => {
    const two = live({ pending: [pending("cid-1"), pending("cid-2")] });
    const [s, fx] = run(two, frame({ op: "ack", clientId: "cid-1", id: "m-1", seq: 1, duplicate: false }));
    expect(s.pending.map((p) => p.clientId)).toEqual(["cid-2"]);
    expect(fx).toEqual([{ fx: "play", sound: "sent" }]);
    const [s2, fx2] = run(s, frame({ op: "ack", clientId: "cid-2", id: "m-2", seq: 2, duplicate: true }));
    expect(s2.pending).toEqual([]);
    expect(fx2).toEqual([]);
  });

  it("an ack of no pending message of ours does nothing", () => {
    const before = live();
    const [s, fx] = run(before, frame({ op: "ack", clientId: "cid-9", id: "m-1", seq: 1, duplicate: false }));
    expect([s, fx]).toEqual([before, []]);
  });

  it("an ack of a message waiting for its retry stops that timer", () => {
    const [s, fx] = run(live({ pending: [pending("cid-1")], outbox: { online: true, sent: [], retrying: ["cid-1"] } }), frame({ op: "ack", clientId: "cid-1", id: "m-1", seq: 1, duplicate: false }));
    expect(s.outbox.retrying).toEqual([]);
    expect(fx).toEqual([{ fx: "cancel", key: "retry:cid-1" }, { fx: "play", sound: "sent" }]);
  });
});

describe("error", () => {
  const one = live({ pending: [pending("cid-1")], outbox: { online: true, sent: ["cid-1"], retrying: [] } });

  it("429 or 5xx for a message: still pending, sent again on this connection after RETRY_MS (once)", () => {
    const [s, fx] = run(one, frame({ op: "error", clientId: "cid-1", code: 429, error: "too many" }), frame({ op: "error", clientId: "cid-1", code: 503, error: "busy" }));
    expect(s.pending[0].state).toBe("pending");
    expect(s.outbox).toEqual({ online: true, sent: [], retrying: ["cid-1"] });
    expect(fx).toEqual([{ fx: "timer", key: "retry:cid-1", ms: RETRY_MS, event: { type: "retry-due", id: "cid-1" } }]);
  });

  it("another refusal (413 …) marks the message failed with the server's words", () => {
    const [s, fx] = run(one, frame({ op: "error", clientId: "cid-1", code: 413, error: "too large" }));
    expect(s.pending[0]).toMatchObject({ state: "failed", error: "too large" });
    expect(fx).toEqual([]);
  });

  it("an error without a client id, or of a message not pending, changes nothing", () => {
    const [s, fx] = run(one, frame({ op: "error", code: 500, error: "x" }), frame({ op: "error", clientId: "cid-7", code: 413, error: "x" }));
    expect([s, fx]).toEqual([one, []]);
  });
});

describe("presence", () => {
  it("an agent entering the domain puts the header online; typing in this chat names them", () => {
    const [s] = run(live(), frame({ op: "presence", action: "enter", domainId: "d-1", persona: ada, name: "Ada", status: "online", typing: false }));
    expect(s.presence).toEqual({ online: true, typing: [] });
    const [s2, fx] = run(s, frame({ op: "presence", action: "update", channelId: "c-1", persona: ada, name: "Ada", status: "online", typing: true }));
    expect(s2.presence).toEqual({ online: true, typing: ["Ada"] });
    expect(fx).toEqual([]);
  });

  it("the visitor's own presence is not the site's", () => {
    const [s] = run(live(), frame({ op: "presence", action: "enter", domainId: "d-1", persona: me, name: "Ann", status: "online", typing: true }));
    expect(s.presence).toEqual({ online: false, typing: [] });
  });
});

describe("channel-ended", () => {
  it("the chat ends: its line, typing and the outbox dropped, storage forgets the channel, the socket lingers", () => {
    const start = live({
      pending: [pending("cid-1")],
      outbox: { online: true, sent: [], retrying: ["cid-1"] },
      typing: { on: true, lastSent: T0 },
      presence: { online: true, typing: ["Ada"] },
    });
    const [s, fx] = run(start, frame({ op: "channel-ended", channelId: "c-1" }));
    expect(s).toMatchObject({ phase: "ended", pending: [], presence: { online: true, typing: [] }, typing: { on: false } });
    expect(s.system.map((l) => [l.text, l.time])).toEqual([[SYSTEM.ended, T0]]);
    expect(fx).toEqual([
      { fx: "store", call: "clearChannelId", args: [] },
      { fx: "cancel", key: "typing" },
      { fx: "cancel", key: "retry:cid-1" },
      { fx: "timer", key: "linger", ms: END_LINGER_MS, event: { type: "linger", run: 1 } },
    ]);
    const [again, more] = run(s, frame({ op: "channel-ended", channelId: "c-1" }));
    expect([again, more]).toEqual([s, []]);
  });
});

describe("frames the session does not read, or should not", () => {
  it("a frame of an older socket (an earlier start) is dropped", () => {
    const before = live({ run: 2 });
    const [s, fx] = run(before, frame({ op: "chat-message", message: msg(1) }, 1));
    expect([s, fx]).toEqual([before, []]);
  });

  it("ops of the agents' side change nothing", () => {
    const before = live();
    const [s, fx] = run(before, frame({ op: "note", channelId: "c-1" }), frame({ op: "org-changed" }));
    expect([s, fx]).toEqual([before, []]);
  });

  it("nothing after dispose", () => {
    const [gone] = run(live(), { type: "dispose" });
    expect(gone).toMatchObject({ disposed: true, run: 2 });
    const [s, fx] = run(gone, frame({ op: "chat-message", message: msg(1) }, 2));
    expect([s, fx]).toEqual([gone, []]);
  });
});
