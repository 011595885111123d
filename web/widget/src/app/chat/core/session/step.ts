// The two moves of a reduction (reduce.ts): the state takes a change, an effect is asked for.
// The parts of the session (outbox, typing, attention, unread …) each take a Step and use these.
import type { Effect, SessionState, Step } from "./types";

export const set = (c: Step, patch: Partial<SessionState>): void => void (c.s = { ...c.s, ...patch });

export const emit = (c: Step, ...fx: Effect[]): void => void c.fx.push(...fx);
