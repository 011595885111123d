// Getting the visitor's attention (core/attention.ts): the sounds, the banner and the title's blink
// the session's reducer asks for, and the blink itself on the tab's title.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { agentMessage, attentionSeen, ATTENTION, BANNER_CLEAR_MS, BLINK_INTERVAL_MS, soundUrl, titleBlink } from "../../../src/app/chat/core/attention";
import { fakeTimers, useFakeClock } from "./fakes";
import { frame, last, live, me, msg, run, step } from "./session/helpers";

let doc: { title: string };

beforeEach(() => {
  useFakeClock();
  doc = { title: "Shop" };
});
afterEach(() => vi.useRealTimers());

describe("attention (spec §4.5, §7, §9)", () => {
  it("sound files live under {staticRoot}/audio/", () => {
    expect(soundUrl("https://cdn.example/static", "sent")).toBe("https://cdn.example/static/audio/message-sent-all.webm");
    expect(soundUrl("/s/", "active")).toBe("/s/audio/notification-new-message-active-chat-all.webm");
    expect(soundUrl("", "inactive")).toBe("/audio/notification-new-message-inactive-chat-client.webm");
  });

  it("plays the sent sound and the active-chat sound while the visitor looks at the chat", () => {
    const sending = live({ pending: [{ clientId: "cid-1", text: "hi", attachments: [], createdAt: 0, state: "pending" }] });
    const [s, fx] = run(sending, frame({ op: "ack", clientId: "cid-1", id: "m-1", seq: 1, duplicate: false }), frame({ op: "chat-message", message: msg(1) }));
    expect(fx.filter((e) => e.fx == "play" || e.fx == "blink")).toEqual([
      { fx: "play", sound: "sent" },
      { fx: "play", sound: "active" },
    ]);
    expect(s.banner).toBe(false);
    expect(run(live(), frame({ op: "chat-message", message: msg(1, me) }))[1]).toEqual([]);
  });

  it("blinks the title while unseen, shows the banner, and clears it 10 s after return", () => {
    const c = step(live({ seen: false }));
    attentionSeen(c, false);
    agentMessage(c, "Ada", false);
    expect(c.fx).toEqual([
      { fx: "play", sound: "inactive" },
      { fx: "blink", name: "Ada" },
    ]);
    expect(ATTENTION.banner).toBe("You have new messages");
    expect(c.s.banner).toBe(true);
    c.fx = [];
    attentionSeen(c, true);
    expect(c.fx).toEqual([{ fx: "blink" }, { fx: "timer", key: "banner", ms: BANNER_CLEAR_MS, event: { type: "banner-clear" } }]);
    expect(c.s.banner).toBe(true);
    const [cleared] = run(c.s, { type: "banner-clear" });
    expect(cleared.banner).toBe(false);
  });

  it("leaving again before the 10 s keeps the banner; a new sender renames the blink", () => {
    const c = step(live());
    agentMessage(c, "Ada", false);
    attentionSeen(c, true);
    c.fx = [];
    attentionSeen(c, false);
    expect(c.fx).toEqual([{ fx: "cancel", key: "banner" }]);
    expect(c.s.banner).toBe(true);
    agentMessage(c, "Bo", false);
    expect(last(c.fx)).toEqual({ fx: "blink", name: "Bo" });
  });
});

describe("the title's blink", () => {
  it("every 700 ms; the page keeps its own title for the agents; stopping puts it back", async () => {
    const t = titleBlink(doc, fakeTimers());
    t.blink("Ada");
    expect(BLINK_INTERVAL_MS).toBe(700);
    await vi.advanceTimersByTimeAsync(699);
    expect(doc.title).toBe("Shop");
    await vi.advanceTimersByTimeAsync(1);
    expect(doc.title).toBe("New message from Ada");
    expect(t.pageTitle()).toBe("Shop");
    await vi.advanceTimersByTimeAsync(700);
    expect(doc.title).toBe("Shop");
    await vi.advanceTimersByTimeAsync(700);
    t.blink();
    expect(doc.title).toBe("Shop");
    await vi.advanceTimersByTimeAsync(2100);
    expect(doc.title).toBe("Shop");
  });

  it("a new sender renames it", async () => {
    const t = titleBlink(doc, fakeTimers());
    t.blink("Ada");
    t.blink();
    t.blink("Bo");
    await vi.advanceTimersByTimeAsync(700);
    expect(doc.title).toBe("New message from Bo");
    t.blink();
    expect(doc.title).toBe("Shop");
  });

  it("without a document nothing blinks", () => {
    const t = titleBlink(null, fakeTimers());
    t.blink("Ada");
    expect(t.pageTitle()).toBe("");
  });
});
