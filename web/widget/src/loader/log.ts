// Console output of the loader, and its debug switches. Debug lines (startup codes, stylesheet
// give-up) appear only in debug mode (spec §4.1: storage key cnb.debug, options.debugMode or the
// domain's debug property); warnings from deciding and rendering (spec §8) are always logged.
// Never throws, even with a broken console or blocked storage.

let on = false;

export const setDebug = (v: boolean): void => {
  on = v;
};

const out = (level: "info" | "warn", args: unknown[]) => {
  try {
    console[level]("Beckon:", ...args);
  } catch {
    /* a broken console must not break the host page */
  }
};

export const debug = (...args: unknown[]): void => {
  if (on) out("info", args);
};

export const warn = (...args: unknown[]): void => out("warn", args);

/** A debug switch in localStorage (spec §9) is on when it reads "true" or "1". */
export function flag(key: string): boolean {
  try {
    const v = localStorage.getItem(key);
    return v == "true" || v == "1";
  } catch {
    return false;
  }
}
