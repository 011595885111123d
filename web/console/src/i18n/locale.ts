// What Intl formats the console's dates, numbers and country names in: the console's language,
// in the browser's own variant of it when it has one (an agent whose browser says en-GB keeps
// 24-hour times in English; de-AT keeps Austria's month names), else the language alone. And the
// shape of `t`, for the pure functions that word things and take it as a parameter.
import { consoleLanguage, type ConsoleLang } from "./index";

export type { Translate } from "./index";

/** The first of the browser's languages that is a variant of `lang`, else `lang`. */
export function localeFor(lang: ConsoleLang, browser: readonly string[]): string {
  return browser.find((b) => b.toLowerCase().split("-")[0] === lang) ?? lang;
}

/** The locale of the console's current language (read during render: useT() re-renders on a switch). */
export const consoleLocale = (): string => localeFor(consoleLanguage(), typeof navigator == "undefined" ? [] : navigator.languages || []);
