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
const exact = (url: string) => url.trim().replace(/\/?(\?[^#]*)?(#.*)?$/, "$1");
/** Path and query: without scheme, host and fragment, starting with "/". */
const path = (url: string) => url.trim().replace(/^([\w+.-]+:)?\/\/[^/?#]*|#.*/g, "").replace(/^\/?/, "/");

/** Whether the page's URL matches a URL condition's value, by its match type. Throws for an invalid REGEX. */
function urlMatches(matchType: string, value: string, url: string): boolean {
  switch (matchType) {
    case "EXACT":
      return exact(url) === exact(value);
    case "REGEX":
      return RegExp(value).test(url);
    case "SIMPLE":
      return path(url).startsWith(path(value));
    case "SUBSTRING":
      return url.includes(value);
    default:
      return false;
  }
}

export const conditionMatches = (condition: Condition, params: RuntimeParams): boolean => {
  const value = condition.matchValue;
  try {
    if (condition.conditionType === "GEO") {
      const country = (params.countryCode || "").toUpperCase();
      return country !== "" && value.toUpperCase().split(/[\s,]+/).includes(country);
    }
    if (condition.conditionType === "CHAT") return params.agentsAvailable === true;
    return urlMatches(condition.matchType, value, params.url);
  } catch {
    return false; // an invalid pattern never matches
  }
};

/** Every EXCLUDE fails to match; every INCLUDE has an INCLUDE of its type (URL, GEO, CHAT) that matches. */
export const conditionsPass = (conditions: Condition[], params: RuntimeParams): boolean =>
  conditions.every((condition) =>
    condition.filterType === "EXCLUDE"
      ? !conditionMatches(condition, params)
      : conditions.some(
          (other) =>
            other.filterType === condition.filterType &&
            other.conditionType === condition.conditionType &&
            conditionMatches(other, params),
        ),
  );
