// Phone numbers and countries the builder checks and lists, on libphonenumber-js (Google's
// libphonenumber metadata): loaded on first use, so the console's first screen does not carry it.
// Pure once loaded; its words are in the console's language given (`t`), English by default.
import { english, type T } from "../i18n/t";

type Lib = typeof import("libphonenumber-js/min");
let lib: Promise<Lib> | null = null;
export const loadPhoneLib = (): Promise<Lib> => (lib ??= import("libphonenumber-js/min"));

/**
 * Why `value` is not a number a visitor's phone can reach, or "" when it is plausible. Numbers must
 * carry their country code (a visitor abroad dials it too; WhatsApp links need it).
 */
export function phoneProblem(l: Lib, value: string, t: T = english): string {
  const v = value.trim();
  if (!v) return "";
  if (/[a-z]/i.test(v.replace(/^tel:/i, ""))) return t("builder.phoneLetters");
  const international = v.replace(/^tel:/i, "").replace(/^00/, "+");
  if (!international.startsWith("+")) return t("builder.phonePlus");
  const n = l.parsePhoneNumberFromString(international);
  if (!n || !n.isPossible()) return t("builder.phoneIncomplete");
  return "";
}

/** Every country with its name in the console's language, sorted by name. */
export function countryList(l: Lib, locale = navigator.language): { code: string; name: string }[] {
  const names = new Intl.DisplayNames([locale, "en"], { type: "region" });
  return l
    .getCountries()
    .map((code) => ({ code, name: names.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}
