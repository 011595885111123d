// Which language the widget speaks: the owner's (the domain's `language`) when set, else
// the page's <html lang>, else the browser's preferred ones, else English. A tag matches a shipped
// language by its primary subtag ("fr-CA" → fr; "zh", "zh-CN", "zh-Hans" → zh); Traditional
// Chinese ("zh-TW", "zh-HK", "zh-Hant") is not shipped and falls through to the next source.
// Shared by the loader (the owner's own texts per language, inLanguage) and the app (its catalogue).
import type { Config, Domain } from "../config/types.gen";

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

/** The reader's language as the loader and the app both pick it (the domain's, else the page's …). */
export function readerLanguage(domain: Domain | null | undefined): Lang {
  const nav = typeof navigator == "undefined" ? [] : navigator.languages || [navigator.language];
  return pickLanguage(domain?.properties?.language, document.documentElement.getAttribute("lang"), nav);
}

/**
 * The texts of a language tag's map (an action's `translations`, a domain's `texts`) for `l`: its
 * own entry, else one of a regional tag of it ("pt-BR" for pt), else none.
 */
export function forLanguage<T>(byTag: Record<string, T> | undefined, l: Lang): T | undefined {
  if (!byTag) return undefined;
  if (byTag[l]) return byTag[l];
  const key = Object.keys(byTag).find((k) => shipped(k) == l);
  return key ? byTag[key] : undefined;
}

/**
 * The config with each action's own texts in the reader's language (its `translations`:
 * `labelText` and properties), so the buttons and the surfaces show them; the same config when
 * no action has any. The reader's language: the first of the domain's, the page's and the
 * browser's that the owner wrote texts in (by primary subtag: "fr-CA" reads "fr"). Kept small: it
 * is in the loader, before the buttons show.
 */
export function inLanguage(config: Config, domain: Domain | null | undefined): Config {
  const actions = config.actions || [];
  if (!actions.some((a) => a.translations)) return config;
  const primary = (t?: string | null) => (t || "").toLowerCase().split(/[-_]/)[0];
  const tags = [domain?.properties?.language, document.documentElement.lang, ...(navigator.languages || [])].map(primary).filter(Boolean);
  return {
    ...config,
    actions: actions.map((a) => {
      const tr = a.translations || {};
      const key = tags.map((t) => Object.keys(tr).find((k) => primary(k) == t)).find(Boolean);
      if (!key) return a;
      const { labelText, ...properties } = tr[key];
      return { ...a, labelText: labelText ?? a.labelText, properties: { ...a.properties, ...properties } };
    }),
  };
}
