// The session reducer and the socket's states (core/connection.ts): connecting, open,
// reconnecting, ended, failed — the lines they write, the phase, the outbox going out again.
import { describe, expect, it } from "vitest";
import { TEXT } from "../../../../src/app/chat/core/api";
import { SYSTEM } from "../../../../src/app/chat/core/session/socket";
import type { Pending } from "../../../../src/app/chat/core/session/types";
import { frames, live, msg, run, state, T0 } from "./helpers";

const pending = (clientId: string, s: Pending["state"] = "pending"): Pending => ({ clientId, text: "hi " + clientId, attachments: [], createdAt: T0, state: s });
/** Ann's chat whose first socket is on its way (history loaded, run 1). */
const starting = live({ phase: "connecting", conn: "idle", everOpen: false, heard: false, outbox: { online: false, sent: [], retrying: [] } });
const lines = (s: { system: Array<{ text: string }> }) => s.system.map((l) => l.text);

describe("connecting", () => {
  it("the first one writes 'Connecting…'; later ones (retries) do not", () => {
    const [s, fx] = run(starting, state("connecting"));
    expect(s.conn).toBe("connecting");
    expect(lines(s)).toEqual([SYSTEM.connecting]);
    expect(fx).toEqual([]);
    const [again] = run(s, state("reconnecting"), state("connecting"));
    expect(lines(again)).toEqual([SYSTEM.connecting]);
  });
});

describe("open", () => {
  it("the first time: 'Connected', live, pending messages go out, the latest agent message is acknowledged", () => {
    const waiting = { ...starting, messages: [msg(1)], pending: [pending("cid-1"), pending("cid-2", "failed")] };
    const [s, fx] = run(waiting, state("connecting"), state("open"));
    expect(s).toMatchObject({ phase: "live", conn: "open", everOpen: true, connectFailed: false, outbox: { online: true, sent: ["cid-1"] } });
    expect(lines(s)).toEqual([SYSTEM.connecting, SYSTEM.connected]);
    expect(fx).toEqual([
      {
        fx: "send",
        frame: { op: "chat-message", clientId: "cid-1", message: "hi cid-1", attachments: [], persona: { name: "Ann" }, type: "client-message" },
        unsent: { type: "unsent" },
      },
      { fx: "send", frame: { op: "client-action", action: "message-ack", data: { id: "m-1", seq: 1 } }, sent: { type: "acked", seq: 1 } },
    ]);
  });

  it("again after a loss: 'Reconnected', what was sent and not acked goes again with the same client id", () => {
    const [lost] = run(live({ pending: [pending("cid-1")], outbox: { online: true, sent: ["cid-1"], retrying: [] } }), state("reconnecting"));
    expect(lost.outbox).toEqual({ online: false, sent: [], retrying: [] });
    const [s, fx] = run(lost, state("connecting"), state("open"));
    expect(lines(s)).toEqual([SYSTEM.lost, SYSTEM.back]);
    expect(frames(fx).map((f) => f.op == "chat-message" && f.clientId)).toEqual(["cid-1"]);
  });

  it("an ended chat stays ended (its socket only says the visitor is on the site)", () => {
    const [s] = run(live({ phase: "ended" }), state("open"));
    expect(s.phase).toBe("ended");
  });

  it("nothing is acknowledged while the visitor does not look", () => {
    const [, fx] = run({ ...starting, messages: [msg(1)], seen: false }, state("open"));
    expect(fx).toEqual([]);
  });
});

describe("reconnecting", () => {
  it("after an open socket: 'Connection lost. Reconnecting…', the outbox waits", () => {
    const [s, fx] = run(live(), state("reconnecting"));
    expect(lines(s)).toEqual([SYSTEM.lost]);
    expect(s).toMatchObject({ conn: "reconnecting", phase: "live", connectFailed: false, outbox: { online: false } });
    expect(fx).toEqual([]);
  });

  it("before any socket opened: the first one failed (the input says so), retries go on", () => {
    const [s] = run(starting, state("connecting"), state("reconnecting"));
    expect(s).toMatchObject({ connectFailed: true, phase: "connecting" });
    expect(lines(s)).toEqual([SYSTEM.connecting]);
  });
});

describe("ended", () => {
  it("the socket's 410: the chat ends as with channel-ended", () => {
    const [s, fx] = run(live(), state("ended"));
    expect(s).toMatchObject({ phase: "ended", conn: "ended" });
    expect(lines(s)).toEqual([SYSTEM.ended]);
    expect(fx.map((e) => e.fx)).toEqual(["store", "timer"]);
  });
});

describe("failed", () => {
  it("the chat cannot be joined (403/404): the setup panel, no retries", () => {
    const [s, fx] = run(starting, state("failed"));
    expect(s).toMatchObject({ phase: "error", error: { kind: "setup", text: TEXT.setupText }, connectFailed: true, outbox: { online: false } });
    expect(lines(s)).toEqual([SYSTEM.failed]);
    expect(fx).toEqual([]);
  });
});

describe("closed", () => {
  it("a socket closed by the session is only noted", () => {
    const [s, fx] = run(live(), state("closed"));
    expect(s).toEqual(live({ conn: "closed" }));
    expect(fx).toEqual([]);
  });
});
