// Dates as agents read them: "14:05" today, "3 Nov, 14:05" otherwise, in a locale (the console's:
// i18n/locale.ts; without one, the browser's).
import type { Translate } from "../i18n/locale";

// One formatter each per locale, made once: toLocaleTimeString(…, options) makes a new one at
// every call, about a millisecond each, which a thread's rows paid on every scroll frame.
const formatters = new Map<string, { timeOfDay: Intl.DateTimeFormat; dayAndMonth: Intl.DateTimeFormat }>();
function formattersOf(locale: string | undefined) {
  const key = locale ?? "";
  let f = formatters.get(key);
  if (!f) {
    f = { timeOfDay: new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit" }), dayAndMonth: new Intl.DateTimeFormat(locale, { day: "numeric", month: "short" }) };
    formatters.set(key, f);
  }
  return f;
}

export function shortTime(iso: string | null | undefined, now = new Date(), locale?: string): string {
  if (!iso) return "—";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "—";
  const { timeOfDay, dayAndMonth } = formattersOf(locale);
  const time = timeOfDay.format(d);
  if (d.toDateString() === now.toDateString()) return time;
  return `${dayAndMonth.format(d)}, ${time}`;
}

export function fullTime(iso: string | null | undefined, locale?: string): string {
  if (!iso) return "—";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "—" : d.toLocaleString(locale);
}

/** How long since `iso`, in the fewest words: "just now", "12 min", "3 h 5 min", "2 days". */
export function waitedText(iso: string, now: Date, t: Translate): string {
  const minutes = Math.floor((now.getTime() - new Date(iso).getTime()) / 60_000);
  if (!(minutes >= 1)) return t("chatList.justNow");
  if (minutes < 60) return t("chatList.minutes", { m: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? t("chatList.hoursMinutes", { h: hours, m: minutes % 60 }) : t("chatList.hours", { h: hours });
  return t("chatList.days", { count: Math.floor(hours / 24) });
}
