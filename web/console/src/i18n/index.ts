// The console's languages (docs/console.md "Languages"): English, German and Spanish. The agent's
// choice is remembered in this browser (localStorage "beckon.console.language"); without one, the
// browser's preferred language if the console has it, else English. A key a language lacks shows
// English's. useT() re-renders its component when the language changes.
import { useSyncExternalStore } from "react";
import { en, type ConsoleCatalogue } from "./en";
import de from "./de";
import es from "./es";

export const CONSOLE_LANGUAGES = { en: "English", de: "Deutsch", es: "Español" } as const;
export type ConsoleLang = keyof typeof CONSOLE_LANGUAGES;
const TABLES: Record<ConsoleLang, ConsoleCatalogue> = { en, de, es };
const KEY = "beckon.console.language";

const isLang = (l: string | null | undefined): l is ConsoleLang => !!l && l in CONSOLE_LANGUAGES;

/** The stored choice, else the first of the browser's languages the console has, else English. */
export function initialLanguage(stored: string | null, browser: readonly string[]): ConsoleLang {
  if (isLang(stored)) return stored;
  return (browser.map((b) => b.toLowerCase().split("-")[0]).find(isLang) as ConsoleLang | undefined) ?? "en";
}

const read = () => {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
};
let lang: ConsoleLang = initialLanguage(read(), typeof navigator == "undefined" ? [] : navigator.languages || []);
const listeners = new Set<() => void>();
if (typeof document != "undefined") document.documentElement.lang = lang;

export const consoleLanguage = (): ConsoleLang => lang;

/** Switches the console's language and remembers it in this browser. */
export function setConsoleLanguage(l: ConsoleLang): void {
  lang = l;
  try {
    localStorage.setItem(KEY, l);
  } catch {
    /* private mode: this session only */
  }
  document.documentElement.lang = l;
  listeners.forEach((f) => f());
}

/** Values for a text's {placeholders}; a number `count` also picks the plural form. */
export type Vars = Record<string, string | number>;

const lookup = (l: ConsoleLang, g: string, k: string) =>
  (TABLES[l][g as keyof ConsoleCatalogue] as Record<string, string> | undefined)?.[k] ?? (en[g as keyof ConsoleCatalogue] as Record<string, string> | undefined)?.[k];

/**
 * "inbox.title" in language l, else English, with {name} placeholders filled from vars. With a
 * numeric vars.count, "group.key_one" / "_other" (… the language's plural categories, Intl.PluralRules)
 * come first: "{count} chats" is "chats_one" and "chats_other".
 */
export function translate(l: ConsoleLang, key: string, vars?: Vars): string {
  const [g, k] = key.split(".") as [string, string];
  const count = vars?.count;
  const text =
    (typeof count == "number" ? lookup(l, g, `${k}_${new Intl.PluralRules(l).select(count)}`) ?? lookup(l, g, `${k}_other`) : undefined) ?? lookup(l, g, k) ?? key;
  return vars ? text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m)) : text;
}

const subscribe = (f: () => void) => (listeners.add(f), () => void listeners.delete(f));

/** A t(key, vars?): what the console's pure helpers take to word their texts. */
export type Translate = (key: string, vars?: Vars) => string;

/** t in the console's language as it is now: the default of helpers whose callers pass no t. */
export const tNow: Translate = (key, vars) => translate(lang, key, vars);

/** t(key, vars?) in the console's current language; the component re-renders when it changes. */
export function useT(): Translate {
  const l = useSyncExternalStore(subscribe, consoleLanguage);
  return (key, vars) => translate(l, key, vars);
}
