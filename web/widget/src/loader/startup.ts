// Startup (spec §2.1, §4.1): take the page-level config, check the page, parse defensively.
// Result codes: 0 success, 1 no data, 2 no viewport meta tag, 3 not a configuration.
// The config is the host's object (or parsed from its JSON text), not copied. The shape check
// covers the lists that deciding walks; a wrong scalar elsewhere, or a getter that throws later,
// can only make deciding or drawing throw, and the caller's try/catch turns that into an error
// report, never an exception in the page.
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
  const code = !document.querySelector('meta[name="viewport"]') ? 2 : config ? 0 : 3;
  return [code, config];
}

type Obj = Record<string, any>;
const isArr = Array.isArray;

/**
 * raw (a config object, or its JSON text) when it is a config, else undefined. Null fields read as
 * absent wherever they are read (`||`, `?.`); the only change made is action properties as text.
 */
export function parseConfig(raw: unknown): Config | undefined {
  try {
    const config = typeof raw === "string" ? JSON.parse(raw) : raw;
    // Action values and properties are text (links are built from them): true → "true", null → "".
    for (const action of config.actions || []) {
      if (typeof action.actionValue !== "string") return;
      const props = action.properties;
      for (const key in props) props[key] = String(props[key] ?? "");
    }
    // Deciding walks domains and conditions as objects (spreading a non-list throws: code 3), and
    // buttons with lists of action and condition ids.
    const objects = [...config.domains, ...(config.conditions || [])].every((o) => o && typeof o === "object");
    const buttons = config.buttons.every((b: Obj) => isArr(b.actions) && isArr(b.conditions || []));
    if (typeof config.userId === "string" && objects && buttons) return config;
  } catch {
    /* not a config, or hostile (a getter or proxy trap that throws) */
  }
}
