import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clientId, createOutbox, RETRY_MS, type Pending } from "../../../src/app/chat/core/outbox";
import { fakeTimers, useFakeClock } from "./fakes";

let sent: any[];
let connected: boolean;
let shown: Pending[];

function outbox() {
  let n = 0;
  return createOutbox({
    send: (f) => (connected ? (sent.push(f), true) : false),
    onChange: (p) => (shown = p),
    persona: () => ({ name: "Ann" }),
    newId: () => `cid-${++n}`,
    timers: fakeTimers(),
  });
}

beforeEach(() => {
  useFakeClock();
  sent = [];
  connected = false;
  shown = [];
});
afterEach(() => vi.useRealTimers());

describe("outbox", () => {
  it("messages typed offline are pending with a client id and go out once when connected", () => {
    const o = outbox();
    o.add("Hello");
    o.add("Anyone?");
    expect(shown.map((p) => [p.clientId, p.text, p.state])).toEqual([
      ["cid-1", "Hello", "pending"],
      ["cid-2", "Anyone?", "pending"],
    ]);
    expect(sent).toEqual([]);
    connected = true;
    o.connected();
    expect(sent).toEqual([
      { op: "chat-message", clientId: "cid-1", message: "Hello", attachments: [], persona: { name: "Ann" }, type: "client-message" },
      { op: "chat-message", clientId: "cid-2", message: "Anyone?", attachments: [], persona: { name: "Ann" }, type: "client-message" },
    ]);
    o.connected(); // a second "open" on the same connection sends nothing new…
    expect(sent).toHaveLength(4); // …except that connected() means a new socket: re-sent with the same ids
    expect(sent[2].clientId).toBe("cid-1");
  });

  it("sends at once when connected; an ack settles the message", () => {
    const o = outbox();
    connected = true;
    o.connected();
    o.add("Hi");
    expect(sent).toHaveLength(1);
    expect(shown).toHaveLength(1);
    expect(o.ack({ channelId: "c-1", clientId: "cid-1", id: "m-1", seq: 3, duplicate: false })?.text).toBe("Hi");
    expect(shown).toEqual([]);
    expect(o.ack({ channelId: "c-1", clientId: "cid-1", id: "m-1", seq: 3, duplicate: false })).toBeUndefined();
  });

  it("unacked messages are re-sent with the same client id after a reconnect, and only then", () => {
    const o = outbox();
    connected = true;
    o.connected();
    o.add("lost?");
    o.disconnected();
    connected = false;
    o.add("typed offline");
    expect(sent).toHaveLength(1);
    connected = true;
    o.connected();
    expect(sent.map((f) => f.clientId)).toEqual(["cid-1", "cid-1", "cid-2"]);
    o.seen("cid-1"); // its chat-message arrived before the ack
    o.ack({ channelId: "c-1", clientId: "cid-2", id: "m-2", seq: 2, duplicate: true });
    expect(shown).toEqual([]);
  });

  it("a send that fails leaves the message pending for the next connection", () => {
    const o = outbox();
    connected = true;
    o.connected();
    connected = false; // socket died between open and send
    o.add("x");
    expect(shown[0].state).toBe("pending");
    connected = true;
    o.connected();
    expect(sent.map((f) => f.clientId)).toEqual(["cid-1"]);
  });

  it("429 retries later; 413 marks the message failed until retried", async () => {
    const o = outbox();
    connected = true;
    o.connected();
    o.add("fast");
    o.refused("cid-1", 429, "too many");
    expect(shown[0].state).toBe("pending");
    await vi.advanceTimersByTimeAsync(RETRY_MS);
    expect(sent.map((f) => f.clientId)).toEqual(["cid-1", "cid-1"]);
    o.add("x".repeat(5000));
    o.refused("cid-2", 413, "too large");
    expect(shown[1]).toMatchObject({ state: "failed", error: "too large" });
    o.connected();
    expect(sent.filter((f) => f.clientId == "cid-2")).toHaveLength(1);
    o.retry("cid-2");
    expect(shown[1].state).toBe("pending");
    expect(sent.filter((f) => f.clientId == "cid-2")).toHaveLength(2);
    o.clear();
    expect(shown).toEqual([]);
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
