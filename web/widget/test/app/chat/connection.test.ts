import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ChatError } from "../../../src/app/chat/core/api";
import { backoff, connect, type ConnectionOptions, type ConnectionState } from "../../../src/app/chat/core/connection";
import { FakeEnv, FakeSocket, fakeTimers, settle, useFakeClock } from "./fakes";

let env: FakeEnv;
let states: ConnectionState[];
let frames: any[];
let getToken: ReturnType<typeof vi.fn>;
let seq = 0;

function start(extra: Partial<ConnectionOptions> = {}) {
  return connect({
    url: "ws://h/api/v1/realtime",
    channelId: "c-1",
    personaId: "p-1",
    getToken: getToken as unknown as () => Promise<string>,
    lastSeq: () => seq,
    onFrame: (f) => frames.push(f),
    onState: (s) => states.push(s),
    WebSocket: FakeSocket,
    timers: fakeTimers(),
    random: () => 0.5,
    env,
    ...extra,
  });
}

beforeEach(() => {
  useFakeClock();
  FakeSocket.all = [];
  env = new FakeEnv();
  states = [];
  frames = [];
  seq = 0;
  let n = 0;
  getToken = vi.fn(async () => `tok-${++n}`);
});
afterEach(() => vi.useRealTimers());

describe("realtime connection (docs/realtime.md)", () => {
  it("authenticates with a fresh token and the last seq, then is open", async () => {
    seq = 7;
    const c = start();
    expect(states).toEqual(["connecting"]);
    await settle();
    const s = FakeSocket.last();
    expect(s.url).toBe("ws://h/api/v1/realtime");
    s.open();
    expect(s.sent).toEqual([{ op: "auth", token: "tok-1", channelId: "c-1", personaId: "p-1", lastSeq: 7 }]);
    expect(c.send({ op: "ping" })).toBe(false); // not ready yet
    s.ready();
    expect(c.state()).toBe("open");
    expect(frames[0].op).toBe("ready");
    expect(c.send({ op: "presence", typing: true })).toBe(true);
    expect(s.sent[1]).toEqual({ op: "presence", typing: true });
  });

  it("passes on the frames of the right shape only; a refusal without its code does not end the chat", async () => {
    start();
    await settle();
    const s = FakeSocket.last();
    s.open();
    s.onmessage?.({ data: "not json" });
    s.receive({ op: "error", code: "410", error: "ended" });
    s.receive({ op: "chat-message", seq: 1 });
    expect(frames).toEqual([]);
    expect(states).toEqual(["connecting"]);
    s.ready();
    s.receive({ op: "channel-ended" });
    expect(frames.map((f) => f.op)).toEqual(["ready", "channel-ended"]);
    expect(states).toEqual(["connecting", "open", "ended"]);
  });

  it("reconnects after a close with exponential back-off and jitter, resuming from the new last seq", async () => {
    start();
    await settle();
    FakeSocket.last().open();
    FakeSocket.last().ready();
    seq = 4;
    FakeSocket.last().drop(1006);
    expect(states[states.length - 1]).toBe("reconnecting");
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(749);
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all).toHaveLength(2);
    expect(getToken).toHaveBeenCalledTimes(2);
    // second failure without ready: the delay doubles
    FakeSocket.last().drop(1006);
    await vi.advanceTimersByTimeAsync(1499);
    expect(FakeSocket.all).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all).toHaveLength(3);
    FakeSocket.last().open();
    expect(FakeSocket.last().sent[0]).toMatchObject({ op: "auth", token: "tok-3", lastSeq: 4 });
    FakeSocket.last().ready();
    expect(states[states.length - 1]).toBe("open");
  });

  it("back-off is capped and jittered", () => {
    expect(backoff(0, () => 0)).toBe(500);
    expect(backoff(0, () => 1)).toBe(1000);
    expect(backoff(3, () => 1)).toBe(8000);
    expect(backoff(20, () => 1)).toBe(30000);
    expect(backoff(20, () => 0)).toBe(15000);
  });

  it("keeps retrying while the token cannot be fetched (network), never giving up", async () => {
    getToken.mockRejectedValue(new ChatError("network", 0));
    start();
    for (let i = 0; i < 12; i++) await vi.advanceTimersByTimeAsync(30000);
    expect(getToken.mock.calls.length).toBeGreaterThan(8);
    expect(states).not.toContain("failed");
    expect(states[states.length - 1]).toBe("reconnecting");
  });

  it("stops when the chat has ended (410 on the token or channel-ended)", async () => {
    getToken.mockRejectedValueOnce(new ChatError("ended", 410));
    const c = start();
    await settle();
    expect(c.state()).toBe("ended");
    expect(env.count()).toBe(0);

    getToken.mockResolvedValue("t");
    const d = start();
    await settle();
    FakeSocket.last().open();
    FakeSocket.last().ready();
    FakeSocket.last().receive({ op: "channel-ended", channelId: "c-1" });
    expect(d.state()).toBe("ended");
    expect(frames[frames.length - 1].op).toBe("channel-ended");
    await vi.advanceTimersByTimeAsync(60000);
    expect(FakeSocket.all).toHaveLength(1);
    // The socket stays, quiet (no ping, nothing more told), while the page is here: the agents
    // see the visitor on the site after the chat; it goes with close().
    const kept = FakeSocket.last();
    expect(kept.closed).toBeUndefined();
    expect(kept.sent.map((f) => f.op)).toEqual(["auth"]);
    kept.receive({ op: "presence", action: "update", domainId: "d-1" });
    expect(frames[frames.length - 1].op).toBe("channel-ended");
    kept.drop(1006);
    await vi.advanceTimersByTimeAsync(60000);
    expect(FakeSocket.all).toHaveLength(1);
    d.close();
    expect(kept.closed).toBe(1000);
  });

  it("an auth refusal 404 fails; 401 retries with a fresh token", async () => {
    const c = start();
    await settle();
    FakeSocket.last().open();
    FakeSocket.last().receive({ op: "error", code: 401, error: "expired" });
    FakeSocket.last().drop(1008);
    expect(c.state()).toBe("reconnecting");
    await vi.advanceTimersByTimeAsync(1000);
    FakeSocket.last().open();
    expect(FakeSocket.last().sent[0].token).toBe("tok-2");
    FakeSocket.last().receive({ op: "error", code: 404, error: "no chat" });
    expect(c.state()).toBe("failed");
  });

  it("reconnects at once on online, visibilitychange to visible and pageshow", async () => {
    const c = start();
    await settle();
    FakeSocket.last().drop();
    expect(c.state()).toBe("reconnecting");
    env.online = false;
    env.fire("online");
    expect(FakeSocket.all).toHaveLength(1);
    env.online = true;
    env.fire("online");
    await settle();
    expect(FakeSocket.all).toHaveLength(2);

    FakeSocket.last().drop();
    env.vis = "hidden";
    env.fire("visibilitychange");
    await settle();
    expect(FakeSocket.all).toHaveLength(2);
    env.vis = "visible";
    env.fire("visibilitychange");
    await settle();
    expect(FakeSocket.all).toHaveLength(3);

    FakeSocket.last().drop();
    env.fire("pageshow");
    await settle();
    expect(FakeSocket.all).toHaveLength(4);
    // and the scheduled retry was cancelled
    await vi.advanceTimersByTimeAsync(60000);
    expect(FakeSocket.all).toHaveLength(4);
  });

  it("a socket that goes silent is replaced; pings keep it alive", async () => {
    start({ pingInterval: 1000 });
    await settle();
    const s = FakeSocket.last();
    s.open();
    s.ready();
    await vi.advanceTimersByTimeAsync(1000);
    expect(s.frames("ping")).toHaveLength(1);
    s.receive({ op: "pong" });
    expect(frames.filter((f) => f.op == "pong")).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(3000);
    expect(s.closed).toBe(1000);
    expect(states[states.length - 1]).toBe("reconnecting");
  });

  it("close() stops for good and removes its listeners", async () => {
    const c = start();
    await settle();
    FakeSocket.last().open();
    FakeSocket.last().ready();
    c.close();
    expect(c.state()).toBe("closed");
    expect(FakeSocket.last().closed).toBe(1000);
    expect(env.count()).toBe(0);
    await vi.advanceTimersByTimeAsync(60000);
    expect(FakeSocket.all).toHaveLength(1);
  });
});
