// Tiny URL helpers for links.ts and tally.ts.

export const enc = encodeURIComponent;

/** Query string from key/value pairs; empty values are left out. `qs("?", "a", "x y")` → "?a=x%20y". */
export const qs = (sep: string, ...kv: string[]): string => {
  let s = "";
  for (let i = 0; i < kv.length; i += 2) if (kv[i + 1]) s += (s ? "&" : sep) + kv[i] + "=" + enc(kv[i + 1]);
  return s;
};

/** A string property of an action ("" when absent). */
export const prop = (a: { properties?: Record<string, string> }, k: string): string =>
  ((a.properties || {})[k] || "") + "";
