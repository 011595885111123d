// The widget's message catalogue: one table per language, the texts of en.ts with the language's
// own where it has them (merge.ts, at build time), and Intl for plurals, lists, dates and times.
// No library: what rosetta would do here is a path lookup and a `{{x}}` fill; measured, rosetta
// with its dlv and templite cost the app chunk ~400 B gzip (docs/decisions.md "Languages").
// The app chunk carries no texts: every language, English too, is a chunk of its own
// (beckon-lang-{xx}.js, ./load.ts), so a page downloads its language only.
import type { Catalogue, Messages } from "./en";
import { direction } from "../../shared/lang";

let table: Catalogue = {};
let lang = "en";
/** The owner's words for some keys in the current language (a domain's `texts`), over the table's. */
let own: Record<string, string> = {};

/** The current language's tag (e.g. "fr"), for Intl and `lang` attributes. */
export const language = (): string => lang;
/**
 * The locale for dates and times: the browser's own when it is of the widget's language (an
 * en-GB reader keeps a 24-hour clock, fr-CA its own dates), else the widget's language.
 */
export const locale = (): string => {
  const own = typeof navigator == "undefined" ? "" : navigator.language || "";
  return own.toLowerCase().split("-")[0] == lang ? own : lang;
};
/** The current language's writing direction. */
export const dir = (): "rtl" | "ltr" => direction(lang);
/**
 * The surfaces are right to left: in the widget's language (Arabic, Hebrew) whatever the page's
 * dir, and, as the buttons are, on a page that mirrors (<html dir>, else <body dir>).
 */
export const surfaceRtl = (d: Document = document): boolean => dir() == "rtl" || (d.documentElement.dir || d.body.dir).toLowerCase() == "rtl";

/** Makes `l` the current language, with its whole table (English's texts where it has none). */
export function setLanguage(l: string, t: Catalogue): void {
  lang = l;
  table = t;
}

/** The owner's texts for the widget's language, by catalogue key ("modal.welcome"); none: undefined. */
export function ownTexts(texts: Record<string, string> | undefined): void {
  own = texts || {};
}

type Params = Record<string, string | number>;

const lookup = (key: string): unknown => key.split(".").reduce<unknown>((o, k) => (o && typeof o == "object" ? (o as Record<string, unknown>)[k] : undefined), table);
const fill = (s: string, p?: Params) => (p ? s.replace(/\{\{(\w+)\}\}/g, (m, k: string) => (k in p ? String(p[k]) : m)) : s);

/** The owner's own text for `key` in the current language (a domain's `texts`), else "". */
export const ownText = (key: string): string => own[key] || "";

/** The text of `key` ("chat.retry") in the current language, `{{x}}` filled from params. */
export function t(key: string, params?: Params): string {
  const s = ownText(key) || lookup(key);
  return typeof s == "string" ? fill(s, params) : "";
}

/** A plural text: the key's Intl.PluralRules category for n in the current language, else `other`. */
export function plural(key: string, n: number, params?: Params): string {
  let cat = "other";
  try {
    cat = new Intl.PluralRules(lang).select(n);
  } catch {
    /* an unknown tag: `other` */
  }
  const p = { n, ...params };
  return t(`${key}.${cat}`, p) || t(`${key}.other`, p);
}

/** Names as a list in the current language ("Ann, Bob, and Cy"; "Ann وBob وCy"). */
export function list(items: string[]): string {
  try {
    // Intl.ListFormat is ES2021 (the app's TypeScript lib is ES2020); every browser it runs in has it.
    const { ListFormat } = Intl as unknown as { ListFormat: new (l: string, o: object) => { format(i: string[]): string } };
    return new ListFormat(lang, { type: "conjunction" }).format(items);
  } catch {
    return items.join(", ");
  }
}

/**
 * A group of texts as an object (`texts("rating").thanks`), read when used: the modules keep
 * their named text objects (RATING_TEXT …) and they follow the current language.
 */
export function texts<G extends keyof Messages>(group: G): Messages[G] {
  return new Proxy({}, { get: (_, k) => (typeof k == "string" ? t(`${group}.${k}`) : undefined) }) as never;
}
