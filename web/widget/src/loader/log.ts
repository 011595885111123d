// Console output of the loader. Debug lines (startup codes, stylesheet give-up) appear only in
// debug mode (spec §4.1: storage key cnb.debug, options.debugMode or the domain's debug property);
// warnings from deciding and rendering (spec §8) are always logged. Never throws.

let debugOn = false;

export function setDebug(on: boolean): void {
  debugOn = on;
}

export function isDebug(): boolean {
  return debugOn;
}

export function debug(...args: unknown[]): void {
  if (debugOn) {
    try {
      console.info("Beckon:", ...args);
    } catch {
      /* a broken console must not break the host page */
    }
  }
}

export function warn(...args: unknown[]): void {
  try {
    console.warn("Beckon:", ...args);
  } catch {
    /* idem */
  }
}
