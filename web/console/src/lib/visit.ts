// The visitor beside a conversation, in words: their browser ("Chrome 156 on Windows 10", by
// bowser), their country's name and their local time now. Pure: the time is a parameter.
import Bowser from "bowser";
import type { Translate } from "../i18n/locale";

/** "Chrome 156 on Linux"; null without a User-Agent. */
export function browserOf(userAgent: string | null | undefined, t: Translate): string | null {
  if (!userAgent) return null;
  const r = Bowser.parse(userAgent);
  const browser = [r.browser.name, r.browser.version?.split(".")[0]].filter(Boolean).join(" ");
  const os = [r.os.name, r.os.versionName || r.os.version].filter(Boolean).join(" ");
  if (!browser && !os) return userAgent;
  return os ? t("visit.browserOn", { browser: browser || t("visit.aBrowser"), os }) : browser;
}

/** "Netherlands" for "NL" (in the agent's language); the code when unknown. */
export function countryName(code: string | null | undefined, locale?: string): string | null {
  if (!code) return null;
  try {
    return new Intl.DisplayNames(locale ? [locale] : undefined, { type: "region" }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** "22:05 (Europe/Amsterdam)" now in the visitor's zone; null when the zone is unknown. */
export function localTime(zone: string | null | undefined, now: Date, locale?: string): string | null {
  if (!zone) return null;
  try {
    return `${now.toLocaleTimeString(locale, { timeZone: zone, hour: "2-digit", minute: "2-digit" })} (${zone})`;
  } catch {
    return null;
  }
}
