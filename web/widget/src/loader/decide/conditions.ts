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

/** Without the fragment and the "/" that ends the path, if any. */
const exact = (u: string) => u.trim().replace(/\/?(\?[^#]*)?(#.*)?$/, "$1");
/** Path and query: without scheme, host and fragment, starting with "/". */
const path = (u: string) => u.trim().replace(/^([\w+.-]+:)?\/\/[^/?#]*|#.*/g, "").replace(/^\/?/, "/");

export const conditionMatches = (c: Condition, p: RuntimeParams): boolean => {
  const v = c.matchValue, u = p.url, k = c.conditionType, t = c.matchType, cc = (p.countryCode || "").toUpperCase();
  try {
    return k == "GEO" ? !!cc && v.toUpperCase().split(/[\s,]+/).includes(cc)
      : k == "CHAT" ? !!p.agentsAvailable
      : t == "EXACT" ? exact(u) == exact(v)
      : t == "REGEX" ? RegExp(v).test(u) // an invalid pattern throws
      : t == "SIMPLE" ? !path(u).indexOf(path(v))
      : t == "SUBSTRING" && u.includes(v);
  } catch {
    return false;
  }
};

/** Every EXCLUDE fails to match; every INCLUDE has an INCLUDE of its type (URL, GEO, CHAT) that matches. */
export const conditionsPass = (conds: Condition[], p: RuntimeParams): boolean =>
  conds.every((c) =>
    c.filterType == "EXCLUDE"
      ? !conditionMatches(c, p)
      : conds.some((d) => d.filterType == c.filterType && d.conditionType == c.conditionType && conditionMatches(d, p)),
  );
