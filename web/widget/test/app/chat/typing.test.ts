import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTyping, TYPING_TIMEOUT_MS } from "../../../src/app/chat/core/typing";
import { fakeTimers, useFakeClock } from "./fakes";

let sent: boolean[];
beforeEach(() => {
  useFakeClock();
  sent = [];
});
afterEach(() => vi.useRealTimers());

describe("typing (spec §4.5, §9)", () => {
  it("turns on with input and off after 5 000 ms idle", async () => {
    const t = createTyping((v) => sent.push(v), fakeTimers());
    expect(TYPING_TIMEOUT_MS).toBe(5000);
    t.input("H");
    t.input("He");
    expect(sent).toEqual([true]);
    await vi.advanceTimersByTimeAsync(4999);
    t.input("Hel"); // idle timer restarts
    await vi.advanceTimersByTimeAsync(4999);
    expect(sent).toEqual([true, true]); // repeated after 3 s, as the server forgets it after 6 s
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([true, true, false]);
    expect(t.typing()).toBe(false);
  });

  it("turns off when the input is emptied; sending needs no frame", async () => {
    const t = createTyping((v) => sent.push(v), fakeTimers());
    t.input("x");
    t.input("  ");
    expect(sent).toEqual([true, false]);
    t.input("");
    expect(sent).toEqual([true, false]);
    t.input("y");
    t.sent();
    await vi.advanceTimersByTimeAsync(10000);
    expect(sent).toEqual([true, false, true]);
    t.input("z");
    t.dispose();
    expect(sent).toEqual([true, false, true, true, false]);
  });
});
