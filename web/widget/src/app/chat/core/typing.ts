// The visitor's typing indicator (spec §4.5, §9): typing turns on with input, and off after 5 s
// without input or when the input is emptied. While the visitor keeps typing, `typing: true`
// is repeated now and then, because the server forgets it after 6 s without one.
import { realTimers, type Timers } from "./timers";

export const TYPING_TIMEOUT_MS = 5000;
/** Repeat `typing: true` at most this often while typing goes on. */
export const TYPING_REPEAT_MS = 3000;

export type Typing = {
  /** The input's value changed. */
  input(value: string): void;
  /** The message was sent (the server turns typing off by itself). */
  sent(): void;
  typing(): boolean;
  dispose(): void;
};

export function createTyping(send: (typing: boolean) => void, timers: Timers = realTimers()): Typing {
  let on = false;
  let lastSent = 0;
  let idle: unknown = null;
  const stopIdle = () => {
    if (idle != null) timers.clearTimeout(idle);
    idle = null;
  };
  const off = (tell: boolean) => {
    stopIdle();
    if (on && tell) send(false);
    on = false;
  };
  return {
    input(value) {
      if (!value.trim()) return off(true);
      const now = timers.now();
      if (!on || now - lastSent >= TYPING_REPEAT_MS) {
        on = true;
        lastSent = now;
        send(true);
      }
      stopIdle();
      idle = timers.setTimeout(() => off(true), TYPING_TIMEOUT_MS);
    },
    sent: () => off(false),
    typing: () => on,
    dispose: () => off(true),
  };
}
