// The session reducer and its own events: the window and the tab, the visitor's profile, sending,
// typing, End Chat, retries, rating, the page, and the answers and timers that come back.
import { describe, expect, it } from "vitest";
import { BANNER_CLEAR_MS } from "../../../../src/app/chat/core/attention";
import { RETRY_MS } from "../../../../src/app/chat/core/outbox";
import { legalRequired, properties } from "../../../../src/app/chat/core/session/reduce";
import { SYSTEM } from "../../../../src/app/chat/core/session/socket";
import type { Pending } from "../../../../src/app/chat/core/session/types";
import { TYPING_REPEAT_MS, TYPING_TIMEOUT_MS } from "../../../../src/app/chat/core/typing";
import { ann, channel, frames, fresh, last, live, msg, run, T0 } from "./helpers";

const pending = (clientId: string, s: Pending["state"] = "pending"): Pending => ({ clientId, text: "hi", attachments: [], createdAt: T0, state: s });
const typingFrame = (typing: boolean) => ({ fx: "send", frame: { op: "presence", typing, type: "typing-update" } });

describe("the window and the tab", () => {
  it("opened: the visitor sees the chat, unread goes to 0, the blink stops, the latest agent message is acknowledged", () => {
    const closed = live({ open: false, seen: false, unread: 2, messages: [msg(1), msg(2)], attention: { seen: false, clearing: false } });
    const [s, fx] = run(closed, { type: "open", open: true, visible: true });
    expect(s).toMatchObject({ open: true, seen: true, unread: 0, attention: { seen: true } });
    expect(fx).toEqual([
      { fx: "blink" },
      { fx: "unread", count: 0, arrived: undefined },
      { fx: "send", frame: { op: "client-action", action: "message-ack", data: { id: "m-2", seq: 2 } }, sent: { type: "acked", seq: 2 } },
    ]);
  });

  it("the banner clears 10 s after the visitor is back, unless they leave again first", () => {
    const away = live({ open: false, seen: false, banner: true, attention: { seen: false, clearing: false } });
    const [back, fx] = run(away, { type: "open", open: true, visible: true });
    expect(back.attention.clearing).toBe(true);
    expect(fx[1]).toEqual({ fx: "timer", key: "banner", ms: BANNER_CLEAR_MS, event: { type: "banner-clear" } });
    const [left, fx2] = run(back, { type: "visibility", visible: false });
    expect(left).toMatchObject({ seen: false, banner: true, attention: { seen: false, clearing: false } });
    expect(fx2).toEqual([{ fx: "cancel", key: "banner" }]);
    const [cleared] = run(back, { type: "banner-clear" });
    expect(cleared).toMatchObject({ banner: false, attention: { clearing: false } });
  });

  it("open in a hidden tab is not seeing it; the tab shown is", () => {
    const [hidden] = run(live({ open: false, seen: false }), { type: "open", open: true, visible: false });
    expect(hidden).toMatchObject({ open: true, seen: false });
    expect(run(hidden, { type: "visibility", visible: true })[0].seen).toBe(true);
  });

  it("before the socket said who is online, opening asks; the answer shows until the socket's", () => {
    const [s, fx] = run(fresh(), { type: "open", open: true, visible: true });
    expect(fx).toEqual([{ fx: "call", call: "available", args: ["d-1"], run: 0, then: "available" }]);
    // a chat started meanwhile does not drop the answer
    const [known] = run({ ...s, run: 1 }, { type: "available", run: 0, value: { agentAvailable: true, repliesByEmail: true } });
    expect(known).toMatchObject({ presence: { online: true }, presenceKnown: true, repliesByEmail: true });
    expect(run(s, { type: "available", run: 0, error: new Error("x") })[0]).toBe(s);
    const heard = live({ heard: true });
    expect(run(heard, { type: "available", run: 1, value: { agentAvailable: true } })[0]).toBe(heard);
    expect(run(heard, { type: "open", open: true, visible: true })[1]).toEqual([]);
  });
});

describe("the profile", () => {
  it("saved: stored, with the legal notice's acceptance kept from storage; the chat starts", () => {
    const input = { name: " Ann ", email: "ann@example.com", legal: false };
    const [s, fx] = run(fresh({ persona: ann }), { type: "profile", input, url: "https://shop.example/p", accepted: 1700000000000, now: T0 });
    const persona = { ...ann, url: "https://shop.example/p", legalNoticeAccepted: 1700000000000 };
    expect(s).toMatchObject({ persona, started: true, phase: "connecting", run: 1 });
    expect(fx).toEqual([{ fx: "store", call: "setPersona", args: [persona] }, { fx: "close" }, { fx: "read", run: 1 }]);
  });

  it("accepting the notice now records now; a running chat is not restarted", () => {
    const [s, fx] = run(live({ persona: null }), { type: "profile", input: { name: "Ann", email: "ann@example.com", legal: true }, url: null, accepted: 0, now: T0 });
    expect(s.persona!.legalNoticeAccepted).toBe(T0);
    expect(s.run).toBe(1);
    expect(fx).toHaveLength(1);
  });

  it("the legal notice's properties: the domain's, updated by the channel's; required until accepted", () => {
    const s = fresh({ domainProperties: { "chat-legal-enabled": "true", x: "domain" } });
    expect(properties(s)).toEqual({ "chat-legal-enabled": "true", x: "domain" });
    expect(properties({ ...s, channel: { ...channel!, properties: { x: "channel" } } })).toEqual({ "chat-legal-enabled": "true", x: "channel" });
    expect(legalRequired(s, 0)).toBe(true);
    expect(legalRequired(s, T0)).toBe(false);
    expect(legalRequired({ ...s, persona: { ...ann, legalNoticeAccepted: T0 } }, 0)).toBe(false);
  });
});

describe("sending", () => {
  it("taken: typing stops without a frame, and a client id is asked for; with it the message is pending and goes out", () => {
    const [s, fx] = run(live({ typing: { on: true, lastSent: T0 } }), { type: "send", text: "  Hello  ", files: [] });
    expect(fx).toEqual([{ fx: "cancel", key: "typing" }, { fx: "id", text: "Hello", files: [] }]);
    const [queued, fx2] = run(s, { type: "queue", text: "Hello", files: [], id: "cid-1", now: T0 + 5 });
    expect(queued.pending).toEqual([{ clientId: "cid-1", text: "Hello", attachments: [], createdAt: T0 + 5, state: "pending" }]);
    expect(queued.outbox.sent).toEqual(["cid-1"]);
    expect(fx2).toEqual([
      {
        fx: "send",
        frame: { op: "chat-message", clientId: "cid-1", message: "Hello", attachments: [], persona: { name: "Ann" }, type: "client-message" },
        unsent: { type: "unsent" },
      },
    ]);
    // the send failed: the connection is gone, the message waits for the next one
    expect(run(queued, { type: "unsent" })[0].outbox).toEqual({ online: false, sent: [], retrying: [] });
  });

  it("files alone are a message", () => {
    const file = { type: "image/png", url: "https://x/a.png", name: "a.png" };
    expect(run(live(), { type: "send", text: " ", files: [file] })[1]).toEqual([{ fx: "id", text: "", files: [file] }]);
  });

  it("not taken: empty, without a profile, ended, failed, or before the first socket opened", () => {
    const cases = [
      [live(), "  "],
      [live({ persona: null }), "hi"],
      [live({ phase: "ended" }), "hi"],
      [live({ phase: "error" }), "hi"],
      [live({ phase: "connecting", everOpen: false }), "hi"],
    ] as const;
    for (const [s, text] of cases) expect(run(s, { type: "send", text, files: [] })).toEqual([s, []]);
    // reconnecting after a first open: taken, it waits
    expect(run(live({ phase: "connecting", everOpen: true }), { type: "send", text: "hi", files: [] })[1]).toHaveLength(1);
  });

  it("typed while offline: pending, nothing sent until the connection opens", () => {
    const [s, fx] = run(live({ outbox: { online: false, sent: [], retrying: [] } }), { type: "queue", text: "x", files: [], id: "cid-1" });
    expect(s.pending).toHaveLength(1);
    expect(fx).toEqual([]);
  });

  it("a refused message retried later goes out again on its timer, once per connection", () => {
    const refused = live({ pending: [pending("cid-1")], outbox: { online: true, sent: [], retrying: ["cid-1"] } });
    const [s, fx] = run(refused, { type: "retry-due", id: "cid-1" });
    expect(s.outbox).toEqual({ online: true, sent: ["cid-1"], retrying: [] });
    expect(frames(fx)).toHaveLength(1);
    // already sent again on this connection (a reconnect did it): not twice
    expect(frames(run({ ...refused, outbox: { online: true, sent: ["cid-1"], retrying: ["cid-1"] } }, { type: "retry-due", id: "cid-1" })[1])).toEqual([]);
    expect(RETRY_MS).toBe(2000);
  });

  it("a failed message the visitor retries is pending again and goes out", () => {
    const [s, fx] = run(live({ pending: [{ ...pending("cid-1", "failed"), error: "too large" }] }), { type: "retry", id: "cid-1" });
    expect(s.pending[0]).toMatchObject({ state: "pending", error: undefined });
    expect(frames(fx)).toHaveLength(1);
  });
});

describe("typing", () => {
  it("on with input (told once, again after 3 s), off after 5 s idle or when emptied", () => {
    const [on, fx] = run(live(), { type: "input", value: "H", now: T0 });
    expect(on.typing).toEqual({ on: true, lastSent: T0 });
    const idle = { fx: "timer", key: "typing", ms: TYPING_TIMEOUT_MS, event: { type: "typing-idle" } };
    expect(fx).toEqual([typingFrame(true), idle]);
    expect(run(on, { type: "input", value: "He", now: T0 + TYPING_REPEAT_MS - 1 })[1]).toEqual([idle]);
    expect(run(on, { type: "input", value: "Hel", now: T0 + TYPING_REPEAT_MS })[1]).toEqual([typingFrame(true), idle]);
    const [off, fx2] = run(on, { type: "typing-idle" });
    expect(off.typing.on).toBe(false);
    expect(fx2).toEqual([{ fx: "cancel", key: "typing" }, typingFrame(false)]);
    expect(run(on, { type: "input", value: "  " })[1]).toEqual([{ fx: "cancel", key: "typing" }, typingFrame(false)]);
    expect(run(off, { type: "input", value: "" })[1]).toEqual([]);
  });

  it("only while the chat is live", () => {
    const s = live({ phase: "connecting" });
    expect(run(s, { type: "input", value: "H" })).toEqual([s, []]);
  });
});

describe("End Chat", () => {
  it("asked while live: the end-chat frame; once it went out the chat ends and storage forgets the chat and the visitor", () => {
    const [s, fx] = run(live(), { type: "end-chat" });
    expect(s).toEqual(live());
    expect(fx).toEqual([{ fx: "send", frame: { op: "client-action", action: "end-chat" }, sent: { type: "end-sent" } }]);
    const [ended, fx2] = run(s, { type: "end-sent" });
    expect(ended.phase).toBe("ended");
    expect(ended.system.map((l) => l.text)).toEqual([SYSTEM.ended]);
    expect(last(fx2)).toEqual({ fx: "store", call: "clearChannel", args: [] });
    expect(run(live({ phase: "connecting" }), { type: "end-chat" })[1]).toEqual([]);
  });

  it("without the server's answer the socket is let go after the linger; with it (ended) it stays", () => {
    const [, fx] = run(live({ conn: "open" }), { type: "linger", run: 1 });
    expect(fx).toEqual([{ fx: "close" }]);
    expect(run(live({ conn: "ended" }), { type: "linger", run: 1 })[1]).toEqual([]);
    expect(run(live({ run: 2 }), { type: "linger", run: 1 })[1]).toEqual([]);
  });
});

describe("rating", () => {
  it("sent once at a time, about the chat this session held; the answer says how it went", () => {
    const ended = live({ phase: "ended" });
    const [sending, fx] = run(ended, { type: "rate", score: 4, comment: " Kind. " });
    expect(sending.rating).toBe("sending");
    expect(fx).toEqual([{ fx: "call", call: "rate", args: ["c-1", "p-1", { score: 4, comment: "Kind." }], run: 1, then: "rated" }]);
    expect(run(sending, { type: "rate", score: 5, comment: "" })[1]).toEqual([]);
    expect(run(sending, { type: "rated", run: 1, value: {} })[0].rating).toBe("sent");
    expect(run(sending, { type: "rated", run: 1, error: new Error("x") })[0].rating).toBe("failed");
    expect(run(live({ chatId: "" }), { type: "rate", score: 4, comment: "" })[1]).toEqual([]);
  });
});

describe("the page the visitor is on", () => {
  it("told when it changes (address, or the same with another title); kept once it went out", () => {
    const [, fx] = run(live(), { type: "page", href: "https://shop.example/a", title: " Shoes " });
    const page = { url: "https://shop.example/a", title: "Shoes" };
    expect(fx).toEqual([{ fx: "send", frame: { op: "page", ...page }, sent: { type: "told", page } }]);
    const [told] = run(live(), { type: "told", page });
    expect(told.lastPage).toEqual(page);
    expect(run(told, { type: "page", href: "https://shop.example/a", title: "Shoes" })[1]).toEqual([]);
    expect(run(told, { type: "page", href: "https://shop.example/a", title: "Boots" })[1]).toHaveLength(1);
  });

  it("not Beckon's own page for a link from an e-mail", () => {
    expect(run(live(), { type: "page", href: "https://chat.example/c/tok", title: "" })[1]).toEqual([]);
  });
});

describe("acknowledged", () => {
  it("once the ack went out, storage keeps what the visitor saw for the next page view", () => {
    const [s, fx] = run(live(), { type: "acked", seq: 3 });
    expect(s.ackedSeq).toBe(3);
    expect(fx).toEqual([{ fx: "store", call: "setReadSeq", args: [3] }]);
  });
});
