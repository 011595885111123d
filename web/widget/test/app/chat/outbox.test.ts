// The outbox (core/outbox.ts), through the session's reducer: messages pending until acked, sent
// when the connection is open and again, with the same client id, on the next one.
import { describe, expect, it } from "vitest";
import { clearOutbox, clientId, RETRY_MS, settle } from "../../../src/app/chat/core/outbox";
import type { Happening, SessionState } from "../../../src/app/chat/core/session/types";
import { frame, frames, last, live, me, msg, run, state, step } from "./session/helpers";

const offline = live({ outbox: { online: false, sent: [], retrying: [] } });
let n = 0;
const queue = (text: string): Happening => ({ type: "queue", text, files: [], id: `cid-${++n}` });
const ids = (s: SessionState) => s.pending.map((p) => [p.clientId, p.text, p.state]);
const sentIds = (fx: ReturnType<typeof run>[1]) => frames(fx).map((f) => (f.op == "chat-message" ? f.clientId : f.op));

describe("outbox", () => {
  it("messages typed offline are pending with a client id and go out once when connected", () => {
    n = 0;
    const [typed, none] = run(offline, queue("Hello"), queue("Anyone?"));
    expect(ids(typed)).toEqual([
      ["cid-1", "Hello", "pending"],
      ["cid-2", "Anyone?", "pending"],
    ]);
    expect(frames(none)).toEqual([]);
    const [open, fx] = run(typed, state("open"));
    expect(frames(fx)).toEqual([
      { op: "chat-message", clientId: "cid-1", message: "Hello", attachments: [], persona: { name: "Ann" }, type: "client-message" },
      { op: "chat-message", clientId: "cid-2", message: "Anyone?", attachments: [], persona: { name: "Ann" }, type: "client-message" },
    ]);
    // "open" again means a new socket: re-sent with the same ids
    expect(sentIds(run(open, state("open"))[1])).toEqual(["cid-1", "cid-2"]);
  });

  it("sends at once when connected; an ack settles the message", () => {
    n = 0;
    const [s, fx] = run(live(), queue("Hi"));
    expect(frames(fx)).toHaveLength(1);
    expect(s.pending).toHaveLength(1);
    const c = step(s);
    expect(settle(c, "cid-1")?.text).toBe("Hi");
    expect(c.s.pending).toEqual([]);
    expect(settle(c, "cid-1")).toBeUndefined();
  });

  it("unacked messages are re-sent with the same client id after a reconnect, and only then", () => {
    n = 0;
    const [s, fx] = run(live(), queue("lost?"), state("reconnecting"), queue("typed offline"));
    expect(sentIds(fx)).toEqual(["cid-1"]);
    const [back, fx2] = run(s, state("open"));
    expect(sentIds(fx2)).toEqual(["cid-1", "cid-2"]);
    const [done] = run(back, frame({ op: "chat-message", message: msg(1, me, "cid-1") }), frame({ op: "ack", clientId: "cid-2", id: "m-2", seq: 2, duplicate: true }));
    expect(done.pending).toEqual([]);
  });

  it("a send that fails leaves the message pending for the next connection", () => {
    n = 0;
    // the socket died between open and send
    const [s] = run(live(), queue("x"), { type: "unsent" });
    expect(s.pending[0].state).toBe("pending");
    expect(sentIds(run(s, state("open"))[1])).toEqual(["cid-1"]);
  });

  it("429 retries later; 413 marks the message failed until retried", () => {
    n = 0;
    const [s, fx] = run(live(), queue("fast"), frame({ op: "error", clientId: "cid-1", code: 429, error: "too many" }));
    expect(s.pending[0].state).toBe("pending");
    expect(last(fx)).toEqual({ fx: "timer", key: "retry:cid-1", ms: RETRY_MS, event: { type: "retry-due", id: "cid-1" } });
    const [retried, fx2] = run(s, { type: "retry-due", id: "cid-1" }, queue("x".repeat(5000)), frame({ op: "error", clientId: "cid-2", code: 413, error: "too large" }));
    expect(sentIds(fx2)).toEqual(["cid-1", "cid-2"]);
    expect(retried.pending[1]).toMatchObject({ state: "failed", error: "too large" });
    const [open, fx3] = run(retried, state("open"));
    expect(sentIds(fx3).filter((id) => id == "cid-2")).toEqual([]);
    const [again, fx4] = run(open, { type: "retry", id: "cid-2" });
    expect(again.pending[1].state).toBe("pending");
    expect(sentIds(fx4)).toEqual(["cid-2"]);
    const c = step(again);
    clearOutbox(c);
    expect(c.s.pending).toEqual([]);
  });

  it("client ids: randomUUID, else getRandomValues, else Math.random", () => {
    expect(clientId({ randomUUID: () => "a-b-c-d-e" } as never)).toBe("a-b-c-d-e");
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(clientId({ getRandomValues: (b: Uint8Array) => b.fill(7) } as never)).toMatch(uuid);
    expect(clientId(undefined)).toMatch(uuid);
    const ids = new Set(Array.from({ length: 100 }, () => clientId(undefined)));
    expect(ids.size).toBe(100);
    expect(clientId()).toMatch(uuid);
  });
});
