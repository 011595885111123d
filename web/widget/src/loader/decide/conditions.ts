// Button conditions (spec §3.1, §5.1).
//
// URL conditions match params.url by matchType:
// - EXACT: the whole URL, ignoring the fragment and one trailing "/" at the end of the path
//   ("https://a.com/x/" equals "https://a.com/x", "https://a.com/?q=1" equals "https://a.com?q=1");
//   the query string must be equal.
// - REGEX: a JavaScript RegExp tested against the URL; an invalid pattern never matches.
// - SIMPLE: path prefix. The matchValue may be a full URL or a path (a missing leading "/" is added);
//   its path (and query, if any) must be a prefix of the page's path and query. The host is not compared.
// - SUBSTRING: the URL contains the matchValue (case-sensitive).
// GEO conditions compare params.countryCode with the matchValue, case-insensitively; the matchValue may
// list several codes separated by commas or spaces. An unknown country matches nothing.
// CHAT conditions match when params.agentsAvailable is true (the matchValue is not used).
import type { Condition } from "../../config/types.gen";
import type { RuntimeParams } from "./types";

const exact = (u: string) => u.trim().replace(/#.*/, "").replace(/\/(?=\?|$)/, "");
const path = (u: string) => {
  const s = u.trim().replace(/^([a-z][\w+.-]*:)?\/\/[^/?#]*/i, "").replace(/#.*/, "");
  return s[0] == "/" ? s : "/" + s;
};

export const conditionMatches = (c: Condition, p: RuntimeParams): boolean => {
  const v = c.matchValue || "", u = p.url || "", cc = (p.countryCode || "").toUpperCase();
  if (c.conditionType == "GEO") return !!cc && v.toUpperCase().split(/[\s,]+/).indexOf(cc) >= 0;
  if (c.conditionType == "CHAT") return !!p.agentsAvailable;
  switch (c.matchType) {
    case "EXACT":
      return exact(u) == exact(v);
    case "REGEX":
      try {
        return new RegExp(v).test(u);
      } catch {
        return false;
      }
    case "SIMPLE":
      return path(u).indexOf(path(v)) == 0;
    case "SUBSTRING":
      return u.indexOf(v) >= 0;
  }
  return false;
};

/** Any matching EXCLUDE fails; for URL, GEO and CHAT in turn, INCLUDEs of that type need one match. */
export const conditionsPass = (conds: Condition[], p: RuntimeParams): boolean =>
  !conds.some((c) => c.filterType == "EXCLUDE" && conditionMatches(c, p)) &&
  ["URL", "GEO", "CHAT"].every((t) => {
    const inc = conds.filter((c) => c.conditionType == t && c.filterType == "INCLUDE");
    return !inc.length || inc.some((c) => conditionMatches(c, p));
  });
