// The debug switches in localStorage (spec §9: cnb.debug, cnb.disable-scheduler, cnb.disable-conditions), read by the
// loader (log.ts, widget.ts) and the app (embed.ts). Never throws, even with blocked storage.

/** A debug switch in localStorage (spec §9) is on when it reads "true" or "1". */
export function flag(key: string): boolean {
  try {
    const v = localStorage.getItem(key);
    return v == "true" || v == "1";
  } catch {
    return false;
  }
}
