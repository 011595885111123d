// Undo and redo of the owner's edits in this session: a pure stack of configs. Typing in one field
// makes one step, not one per key: an edit within MERGE_MS of the previous one to the same place
// replaces the top instead of pushing.
export const MERGE_MS = 800;
export const MAX_STEPS = 200;

export type Edits<T> = {
  past: T[];
  present: T;
  future: T[];
  /** When and where the last edit was, for merging keystrokes. */
  lastAt: number;
  lastKey: string;
};

export function start<T>(present: T): Edits<T> {
  return { past: [], present, future: [], lastAt: 0, lastKey: "" };
}

/** One edit. `key` names what it touched (e.g. a field's path); `at` is the time in ms. */
export function edit<T>(h: Edits<T>, next: T, key = "", at = 0): Edits<T> {
  if (Object.is(next, h.present)) return h;
  const merge = key !== "" && key === h.lastKey && at - h.lastAt < MERGE_MS && h.past.length > 0;
  const past = merge ? h.past : [...h.past, h.present].slice(-MAX_STEPS);
  return { past, present: next, future: [], lastAt: at, lastKey: key };
}

export function undo<T>(h: Edits<T>): Edits<T> {
  if (!h.past.length) return h;
  return { past: h.past.slice(0, -1), present: h.past[h.past.length - 1], future: [h.present, ...h.future], lastAt: 0, lastKey: "" };
}

export function redo<T>(h: Edits<T>): Edits<T> {
  if (!h.future.length) return h;
  return { past: [...h.past, h.present], present: h.future[0], future: h.future.slice(1), lastAt: 0, lastKey: "" };
}

/**
 * The one place where `a` and `b` differ ("actions.0.labelText"), or "" when they differ in
 * several places (or not at all): an edit through `replace` names no field, so this is what
 * tells keystrokes in one field from other edits.
 */
export function changedPath(a: unknown, b: unknown, at = ""): string {
  if (Object.is(a, b)) return "";
  const objects = a !== null && b !== null && typeof a === "object" && typeof b === "object" && Array.isArray(a) === Array.isArray(b);
  if (!objects) return at || "";
  const keys = new Set([...Object.keys(a as object), ...Object.keys(b as object)]);
  let found = "";
  for (const k of keys) {
    const x = (a as Record<string, unknown>)[k];
    const y = (b as Record<string, unknown>)[k];
    if (Object.is(x, y) || JSON.stringify(x) === JSON.stringify(y)) continue;
    if (found) return "";
    found = changedPath(x, y, at ? `${at}.${k}` : k) || "";
    if (!found) return "";
  }
  return found;
}
