// Startup (spec §2.1, §4.1): take the page-level config, check the page, parse defensively.
// Result codes: 0 success, 1 no data, 2 no viewport meta tag, 3 not a configuration.
// The parsed config is a plain JSON copy, so later code never touches the host's object (getters,
// proxies, prototypes); null fields are treated as absent.
import type { Config } from "../config/types.gen";

export const OK = 0;
export const NO_DATA = 1;
export const NO_VIEWPORT = 2;
export const BAD_CONFIG = 3;

export type StartResult = { code: number; config?: Config };

/** Read window.CNB_DATA and remove it. A getter that throws yields an unparseable marker. */
export function takeData(win: unknown): unknown {
  const w = win as { CNB_DATA?: unknown };
  let raw: unknown = BAD;
  try {
    raw = w.CNB_DATA;
  } catch {
    /* unreadable: code 3 */
  }
  try {
    if (!Reflect.deleteProperty(w, "CNB_DATA")) w.CNB_DATA = undefined;
  } catch {
    /* non-configurable and read-only: nothing more we can do */
  }
  return raw;
}

const BAD = { bad: 1 };

export function hasViewport(doc: Document): boolean {
  try {
    return !!doc.querySelector('meta[name="viewport"]');
  } catch {
    return false;
  }
}

export function startup(raw: unknown, doc: Document): StartResult {
  if (raw == null) return { code: NO_DATA };
  const config = parseConfig(raw) || undefined;
  if (!hasViewport(doc)) return { code: NO_VIEWPORT, config };
  return config ? { code: OK, config } : { code: BAD_CONFIG };
}

/** A validated copy of raw (an object, or a JSON string), or null when it is not a config. */
export function parseConfig(raw: unknown): Config | null {
  try {
    if (raw === BAD) return null;
    // null object fields are dropped (absent); null array items stay and fail validation.
    const c: unknown = JSON.parse(typeof raw == "string" ? raw : (JSON.stringify(raw) as string), function (
      this: unknown,
      _k,
      v,
    ) {
      return v === null && !isArr(this) ? undefined : v;
    });
    return isConfig(c) ? c : null;
  } catch {
    return null;
  }
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v == "object" && !Array.isArray(v);
const isStr = (v: unknown): v is string => typeof v == "string";
const isArr = Array.isArray as (v: unknown) => v is unknown[];
/** Absent, or passes the test. */
const opt = (v: unknown, test: (v: unknown) => boolean) => v === undefined || test(v);
const strs = (v: unknown) => isArr(v) && v.every(isStr);
/** An array of objects that pass the test, each with a string id. */
const list = (v: unknown, test: (o: Obj) => boolean) => isArr(v) && v.every((o) => isObj(o) && isStr(o.id) && test(o));
const optList = (v: unknown, test: (o: Obj) => boolean) => opt(v, (l) => list(l, test));

/**
 * The shape the decision and the renderer rely on: ids and references are strings, lists are
 * arrays, nested settings are objects. Scalar settings are checked where they are used.
 */
function isConfig(c: unknown): c is Config {
  return (
    isObj(c) &&
    isStr(c.userId) &&
    list(c.domains, (d) => isStr(d.name) && opt(d.aliases, strs) && opt(d.properties, isObj)) &&
    list(
      c.buttons,
      (b) =>
        isStr(b.domainId) &&
        isStr(b.type) &&
        typeof b.active == "boolean" &&
        strs(b.actions) &&
        opt(b.conditions, strs) &&
        opt(b.options, (o) => isObj(o) && opt(o.scroll, isObj)) &&
        opt(b.multiButtonOptions, isObj),
    ) &&
    optList(c.actions, (a) => {
      const p = a.properties;
      if (isObj(p)) for (const k in p) if (!isStr(p[k])) p[k] = String(p[k]);
      return isStr(a.actionType) && isStr(a.actionValue) && opt(p, isObj) && opt(a.schedule, isObj);
    }) &&
    optList(c.conditions, (k) => isStr(k.filterType) && isStr(k.conditionType) && isStr(k.matchType) && isStr(k.matchValue)) &&
    opt(c.options, (o) => isObj(o) && ["cssLocation", "apiRoot", "ip", "errorReportingUrl"].every((k) => opt(o[k], isStr)))
  );
}
