// Console output of the loader (its debug switches: shared/flag.ts). Warnings from deciding and rendering
// (spec §8, messages.ts) are always logged; debug lines (startup codes, stylesheet give-up) only in
// debug mode (spec §4.1). Both are written by the extras chunk, which decides the mode.
// Never throws, even with a broken console or blocked storage.
import type { Config } from "../config/types.gen";
import { findDomain } from "./decide/domain";
import { warningText, type Warning } from "./messages";
import { flag } from "../shared/flag";

export const out = (level: "info" | "warn", args: unknown[]): void => {
  try {
    console[level]("Beckon:", ...args);
  } catch {
    /* a broken console must not break the host page */
  }
};

/**
 * Logs args when config c (of the current render, if any) is in debug mode: the cnb.debug
 * switch, options.debugMode or the matched domain's debug property (spec §4.1, §9).
 */
export const debugLog = (c: Config | undefined, args: unknown[]): void => {
  if (flag("cnb.debug") || c?.options?.debugMode === true || findDomain(c?.domains, location.hostname)?.properties?.debug === true)
    out("info", args);
};

export const warn = (w: Warning): void => out("warn", [warningText(w)]);
