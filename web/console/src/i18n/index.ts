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

/** "inbox.title" in language l, else English. */
export function translate(l: ConsoleLang, key: string): string {
  const [g, k] = key.split(".") as [keyof ConsoleCatalogue, string];
  const own = (TABLES[l][g] as Record<string, string> | undefined)?.[k];
  return own ?? (en[g] as Record<string, string> | undefined)?.[k] ?? key;
}

const subscribe = (f: () => void) => (listeners.add(f), () => void listeners.delete(f));

/** t(key) in the console's current language; the component re-renders when it changes. */
export function useT(): (key: string) => string {
  const l = useSyncExternalStore(subscribe, consoleLanguage);
  return (key) => translate(l, key);
}
