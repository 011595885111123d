// Startup (spec §2.1, §4.1): take the page-level config, check the page, parse defensively.
// Result codes: 0 success, 1 no data, 2 no viewport meta tag, 3 not a configuration.
// The parsed config is a plain JSON copy, so later code never touches the host's object (getters,
// proxies, prototypes); null fields are treated as absent. The shape check covers the lists that
// deciding walks; a wrong scalar elsewhere can only make deciding or drawing throw, and the
// caller's try/catch turns that into an error report, never an exception in the page.
import type { Config } from "../config/types.gen";

/** [code, config]: the config is there for codes 0 and 2 (debug mode may come from it). */
export type Start = [code: number, config?: Config];

/** Reads window.CNB_DATA and removes it. A getter that throws gives 0: not a config, code 3. */
export function takeData(): unknown {
  const w = window as { CNB_DATA?: unknown };
  let raw: unknown = 0;
  try {
    raw = w.CNB_DATA;
  } catch {
    /* unreadable */
  }
  try {
    if (!Reflect.deleteProperty(w, "CNB_DATA")) w.CNB_DATA = undefined;
  } catch {
    /* non-configurable and read-only: nothing more we can do */
  }
  return raw;
}

export function startup(raw: unknown): Start {
  if (raw == null) return [1];
  const config = parseConfig(raw);
  return [!document.querySelector('meta[name="viewport"]') ? 2 : config ? 0 : 3, config];
}

type Obj = Record<string, any>;
const isArr = Array.isArray;

/** A checked copy of raw (a config object, or its JSON text), or undefined when it is not a config. */
export function parseConfig(raw: unknown): Config | undefined {
  try {
    // Null object fields are dropped (absent); null array items stay and fail the check.
    const c = JSON.parse(typeof raw == "string" ? raw : (JSON.stringify(raw) as string), function (this: unknown, _k, v) {
      return v === null && !isArr(this) ? undefined : v;
    });
    // Action values and properties are text (links are built from them): true → "true".
    for (const a of c.actions || []) {
      if (typeof a.actionValue != "string") return;
      for (const k in a.properties) a.properties[k] += "";
    }
    // Deciding walks domains and conditions as objects (spreading a non-list throws: code 3), and
    // buttons with lists of action and condition ids.
    if (
      typeof c.userId == "string" &&
      [...c.domains, ...(c.conditions || [])].every((o) => o && typeof o == "object") &&
      c.buttons.every((b: Obj) => isArr(b.actions) && isArr(b.conditions || []))
    )
      return c;
  } catch {
    /* not a config */
  }
}
