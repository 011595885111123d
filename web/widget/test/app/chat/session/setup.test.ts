// The session reducer setting a chat up (spec §7, §8): the start, storage's answer, the channel,
// its history and the socket; the failures and what each leaves.
import { describe, expect, it } from "vitest";
import { ChatError, TEXT } from "../../../../src/app/chat/core/api";
import type { ChannelResponse } from "../../../../src/app/chat/core/types";
import type { Happening, SessionState, Stored } from "../../../../src/app/chat/core/session/types";
import { ada, ann, channel, fresh, last, live, me, msg, run } from "./helpers";

const answer = { channel, chatClientPersona: { id: "p-1" } } as unknown as ChannelResponse;
const stored = (patch: Partial<Stored> = {}): Happening => ({ type: "stored", run: 1, stored: { channelId: "c-1", personaId: "p-1", readSeq: 0, url: "https://shop.example/p", ...patch } });
/** Ann's session after begin(): run 1, connecting. */
const begun = (patch: Partial<SessionState> = {}) => run(fresh({ persona: ann, personaId: "p-1", ...patch }), { type: "begin" })[0];

describe("begin and restart", () => {
  it("without a profile: the page is watched, nothing starts", () => {
    const [s, fx] = run(fresh(), { type: "begin" });
    expect(s).toMatchObject({ started: true, phase: "profile", run: 0 });
    expect(fx).toEqual([{ fx: "watch" }]);
  });

  it("with a stored profile: a new start (run 1), connecting, storage is read", () => {
    const [s, fx] = run(fresh({ persona: ann }), { type: "begin" });
    expect(s).toMatchObject({ started: true, phase: "connecting", run: 1, conn: "idle", outbox: { online: false } });
    expect(fx).toEqual([{ fx: "watch" }, { fx: "close" }, { fx: "read", run: 1 }]);
  });

  it("once only", () => {
    const s = begun();
    const [again, fx] = run(s, { type: "begin" });
    expect([again, fx]).toEqual([s, []]);
  });

  it("restart starts anew from a clean chat: no messages, lines, error or rating, nothing pending", () => {
    const ended = live({ phase: "ended", messages: [msg(1)], system: [{ id: 1, text: "x", time: 0 }], rating: "sent", ackedSeq: 1, error: { kind: "ended", text: TEXT.ended } });
    const [s, fx] = run(ended, { type: "restart" });
    expect(s).toMatchObject({ run: 2, phase: "connecting", messages: [], system: [], error: null, rating: "", ackedSeq: 0, pending: [] });
    expect(fx).toEqual([{ fx: "close" }, { fx: "read", run: 2 }]);
  });
});

describe("storage's answer", () => {
  it("a stored chat is fetched", () => {
    const [s, fx] = run(begun(), stored());
    expect(s.stored).toEqual({ channelId: "c-1", personaId: "p-1", readSeq: 0, url: "https://shop.example/p" });
    expect(fx).toEqual([{ fx: "call", call: "getChannel", args: ["c-1", "p-1"], run: 1, then: "found" }]);
  });

  it("none: a new chat from the page it starts on, naming the visitor of an ended chat still stored", () => {
    const [, fx] = run(begun(), stored({ channelId: null, personaId: "p-old" }));
    expect(fx).toEqual([{ fx: "call", call: "createChannel", args: ["d-1", { ...ann, url: "https://shop.example/p" }, "p-old"], run: 1, then: "created" }]);
  });

  it("of an earlier start: dropped", () => {
    const s = begun();
    const [same, fx] = run(s, { type: "stored", run: 0, stored: { channelId: null, personaId: null, readSeq: 0, url: null } });
    expect([same, fx]).toEqual([s, []]);
  });
});

describe("the channel", () => {
  it("found or created: kept in storage, its history asked for", () => {
    for (const type of ["found", "created"] as const) {
      const [s, fx] = run(begun({ personaId: null }), stored(), { type, run: 1, value: answer });
      expect(s).toMatchObject({ chatId: "c-1", channel, personaId: "p-1" });
      expect(fx.slice(-2)).toEqual([
        { fx: "store", call: "setChannel", args: ["c-1", "p-1"] },
        { fx: "call", call: "history", args: ["c-1", "p-1"], run: 1, then: "history" },
      ]);
    }
  });

  it("the stored chat is unknown here (404): forgotten, and a new one created for the same visitor", () => {
    const [, fx] = run(begun(), stored(), { type: "found", run: 1, error: new ChatError("not-found", 404) });
    expect(fx.slice(-2)).toEqual([
      { fx: "store", call: "clearChannel", args: [] },
      { fx: "call", call: "createChannel", args: ["d-1", { ...ann, url: "https://shop.example/p" }, "p-1"], run: 1, then: "created" },
    ]);
  });

  it("the stored chat ended while the visitor was away (410): its history, read-only under the spec's text", () => {
    const [away, fx] = run(begun({ personaId: null }), stored(), { type: "found", run: 1, error: new ChatError("ended", 410) });
    expect(away.chatId).toBe("c-1");
    expect(last(fx)).toEqual({ fx: "call", call: "history", args: ["c-1", "p-1"], run: 1, then: "away-history" });
    const [s, fx2] = run(away, { type: "away-history", run: 1, value: { messages: [msg(1)], personas: [] } as never });
    expect(s).toMatchObject({ phase: "ended", personaId: "p-1", error: { kind: "ended", text: TEXT.ended } });
    expect(s.messages).toEqual([msg(1)]);
    expect(fx2).toEqual([{ fx: "close" }]);
    // without its history, the text still shows
    const [bare] = run(away, { type: "away-history", run: 1, error: new ChatError("history", 500) });
    expect(bare).toMatchObject({ phase: "ended", messages: [] });
  });

  it("a network failure: 'Unable to connect'; any other: 'Almost ready to chat...'", () => {
    const [net] = run(begun(), stored(), { type: "found", run: 1, error: new ChatError("network", 0) });
    expect(net).toMatchObject({ phase: "error", error: { kind: "network", text: TEXT.networkText } });
    const [other] = run(begun(), stored({ channelId: null }), { type: "created", run: 1, error: new ChatError("setup", 500) });
    expect(other).toMatchObject({ phase: "error", error: { kind: "setup", text: TEXT.setupText } });
    const [thrown] = run(begun(), stored({ channelId: null }), { type: "created", run: 1, error: new TypeError("x") });
    expect(thrown.error).toEqual({ kind: "setup", text: TEXT.setupText });
  });

  it("an erased visitor (410 erased): everything the browser kept goes, the profile too", () => {
    const s0 = begun({ unread: 2, pending: [{ clientId: "cid-1", text: "x", attachments: [], createdAt: 0, state: "failed" }] });
    const [s, fx] = run(s0, stored(), { type: "found", run: 1, error: new ChatError("erased", 410) });
    expect(s).toMatchObject({ phase: "profile", persona: null, personaId: null, channel: null, chatId: "", unread: 0, pending: [], messages: [] });
    expect(fx.slice(1)).toEqual([
      { fx: "close" },
      { fx: "store", call: "forget", args: [] },
      { fx: "unread", count: 0, arrived: undefined },
    ]);
  });
});

describe("the history", () => {
  const withChannel = (patch: Partial<SessionState> = {}, readSeq = 0) => run(begun({ ...patch }), stored({ readSeq }), { type: "found", run: 1, value: answer })[0];

  it("merged into what is shown; the socket opens", () => {
    const [s, fx] = run(withChannel({ open: true, seen: true }), { type: "history", run: 1, value: { messages: [msg(2, me), msg(1)], personas: [] } as never });
    expect(s.messages.map((m) => m.seq)).toEqual([1, 2]);
    expect(s.everOpen).toBe(false);
    expect(fx).toEqual([{ fx: "connect", run: 1, channelId: "c-1", personaId: "p-1" }]);
  });

  it("agent messages after the last one the visitor saw (another page view) are unread, one by one", () => {
    const [s, fx] = run(withChannel({ open: false }, 1), { type: "history", run: 1, value: { messages: [msg(1), msg(2, me), msg(3), msg(4, ada)], personas: [] } as never });
    expect(s.unread).toBe(2);
    expect(fx.slice(0, 2)).toEqual([
      { fx: "unread", count: 1, arrived: undefined },
      { fx: "unread", count: 2, arrived: undefined },
    ]);
  });

  it("none unread while the visitor looks", () => {
    const [s] = run(withChannel({ open: true, seen: true }), { type: "history", run: 1, value: { messages: [msg(1)], personas: [] } as never });
    expect(s.unread).toBe(0);
  });

  it("a failed history says so, and the chat goes on", () => {
    const [s, fx] = run(withChannel(), { type: "history", run: 1, error: new ChatError("history", 500) });
    expect(s).toMatchObject({ historyError: true, phase: "connecting" });
    expect(fx).toEqual([{ fx: "connect", run: 1, channelId: "c-1", personaId: "p-1" }]);
  });

  it("a 410 or 404 for it ends or fails the setup instead", () => {
    expect(run(withChannel(), { type: "history", run: 1, error: new ChatError("ended", 410) })[0].phase).toBe("ended");
    expect(run(withChannel(), { type: "history", run: 1, error: new ChatError("not-found", 404) })[0].error).toEqual({ kind: "setup", text: TEXT.setupText });
  });
});

describe("back online", () => {
  it("after 'Unable to connect' the chat is tried again by itself; not after another error", () => {
    const [s, fx] = run(live({ phase: "error", error: { kind: "network", text: TEXT.networkText } }), { type: "online" });
    expect(s).toMatchObject({ phase: "connecting", run: 2 });
    expect(last(fx)).toEqual({ fx: "read", run: 2 });
    const setup = live({ phase: "error", error: { kind: "setup", text: TEXT.setupText } });
    expect(run(setup, { type: "online" })).toEqual([setup, []]);
  });
});
