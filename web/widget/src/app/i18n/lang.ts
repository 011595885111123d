// Which language the widget speaks (pure): the owner's (the domain's `language`) when set, else
// the page's <html lang>, else the browser's preferred ones, else English. A tag matches a shipped
// language by its primary subtag ("fr-CA" → fr; "zh", "zh-CN", "zh-Hans" → zh); Traditional
// Chinese ("zh-TW", "zh-HK", "zh-Hant") is not shipped and falls through to the next source.
export const LANGUAGES = ["en", "de", "fr", "es", "pt", "it", "nl", "pl", "tr", "ar", "he", "ja", "zh"] as const;
export type Lang = (typeof LANGUAGES)[number];

const RTL = new Set<string>(["ar", "he"]);

/** The shipped language a BCP 47 tag names, or null. */
export function shipped(tag: string | null | undefined): Lang | null {
  const t = (tag || "").trim().toLowerCase().replace(/_/g, "-");
  if (!t) return null;
  const [primary] = t.split("-");
  if (primary == "zh" && /-(tw|hk|mo|hant)\b/.test(t)) return null;
  // "iw" is Hebrew's old code, still sent by some browsers.
  const p = primary == "iw" ? "he" : primary;
  return (LANGUAGES as readonly string[]).includes(p) ? (p as Lang) : null;
}

/** The language to speak: the first of owner, page and browser that is shipped; English otherwise. */
export function pickLanguage(owner: string | null | undefined, page: string | null | undefined, browser: readonly string[]): Lang {
  for (const tag of [owner, page, ...browser]) {
    const l = shipped(tag);
    if (l) return l;
  }
  return "en";
}

/** The writing direction of a language. */
export const direction = (l: string): "rtl" | "ltr" => (RTL.has(l) ? "rtl" : "ltr");
