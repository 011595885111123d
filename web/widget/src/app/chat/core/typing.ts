// The visitor's typing indicator (spec §4.5, §9): typing turns on with input, and off after 5 s
// without input or when the input is emptied. While the visitor keeps typing, `typing: true`
// is repeated now and then, because the server forgets it after 6 s without one. Steps of the
// session's reducer (session/reduce.ts); the idle timer runs while typing is on.
import { emit, set } from "./session/step";
import type { Effect, Step } from "./session/types";

export const TYPING_TIMEOUT_MS = 5000;
/** Repeat `typing: true` at most this often while typing goes on. */
export const TYPING_REPEAT_MS = 3000;

const tell = (typing: boolean): Effect => ({ fx: "send", frame: { op: "presence", typing, type: "typing-update" } });

/** The input's value changed. */
export function typingInput(c: Step, value: string): void {
  if (!value.trim()) return typingOff(c, true);
  const t = c.s.typing;
  if (!t.on || c.now - t.lastSent >= TYPING_REPEAT_MS) {
    set(c, { typing: { on: true, lastSent: c.now } });
    emit(c, tell(true));
  }
  emit(c, { fx: "timer", key: "typing", ms: TYPING_TIMEOUT_MS, event: { type: "typing-idle" } });
}

/** Typing stops: idle, emptied (`told`), or the message was sent (the server turns it off by itself). */
export function typingOff(c: Step, told: boolean): void {
  if (!c.s.typing.on) return;
  emit(c, { fx: "cancel", key: "typing" });
  if (told) emit(c, tell(false));
  set(c, { typing: { ...c.s.typing, on: false } });
}
