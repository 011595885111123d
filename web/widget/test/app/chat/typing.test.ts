// The visitor's typing indicator (core/typing.ts), through the session's reducer: the input's
// changes at the test's times, the frames and the idle timer they ask for.
import { describe, expect, it } from "vitest";
import { TYPING_TIMEOUT_MS } from "../../../src/app/chat/core/typing";
import type { Effect, SessionState } from "../../../src/app/chat/core/session/types";
import { last, live, run, T0 } from "./session/helpers";

/** The typing frames' values among the effects. */
const told = (fx: Effect[]) => fx.flatMap((e) => (e.fx == "send" && e.frame.op == "presence" ? [e.frame.typing as boolean] : []));

describe("typing (spec §4.5, §9)", () => {
  it("turns on with input and off after 5 000 ms idle", () => {
    expect(TYPING_TIMEOUT_MS).toBe(5000);
    let sent: boolean[] = [];
    let s: SessionState = live();
    const at = (now: number, e: Parameters<typeof run>[1]) => {
      const [next, fx] = run(s, { ...e, now });
      s = next;
      sent = [...sent, ...told(fx)];
      return fx;
    };
    at(T0, { type: "input", value: "H" });
    at(T0, { type: "input", value: "He" });
    expect(sent).toEqual([true]);
    // the idle timer restarts with each input
    const fx = at(T0 + 4999, { type: "input", value: "Hel" });
    expect(last(fx)).toEqual({ fx: "timer", key: "typing", ms: TYPING_TIMEOUT_MS, event: { type: "typing-idle" } });
    expect(sent).toEqual([true, true]); // repeated after 3 s, as the server forgets it after 6 s
    at(T0 + 4999 + 5000, { type: "typing-idle" });
    expect(sent).toEqual([true, true, false]);
    expect(s.typing.on).toBe(false);
  });

  it("turns off when the input is emptied; sending needs no frame", () => {
    const [, fx] = run(live(), { type: "input", value: "x" }, { type: "input", value: "  " }, { type: "input", value: "" });
    expect(told(fx)).toEqual([true, false]);
    const [s, fx2] = run(live(), { type: "input", value: "y" }, { type: "send", text: "y", files: [] });
    expect(told(fx2)).toEqual([true]);
    expect(s.typing.on).toBe(false);
    expect(fx2).toContainEqual({ fx: "cancel", key: "typing" });
  });
});
