// Numbers, durations and days in the console's language (Intl), for the owner's screens: "1,234"
// ("1.234" in German), "2 minutes" ("2 Minuten", "2 minutos"), "Nov 28, 2026". Pure.

/** A count or a figure, with at most `digits` decimals (exactly `digits` when `fixed`). */
export function numberText(n: number, lang: string, digits = 0, fixed = false): string {
  return new Intl.NumberFormat(lang, { maximumFractionDigits: digits, minimumFractionDigits: fixed ? digits : 0 }).format(n);
}

/** A length of time in words: "1 minute", "90 seconds", "2 years". */
export function durationText(value: number, unit: "second" | "minute" | "day" | "year", lang: string): string {
  return new Intl.NumberFormat(lang, { style: "unit", unit, unitDisplay: "long" }).format(value);
}

/**
 * A UTC day ("2026-11-28") as the language writes it: in full, or `short` (day and the month's
 * name: "Nov 28", "28. Nov.", "28 nov"), which no reader takes for another day, whatever order of
 * day and month their own country writes in numbers (11/8 is 8 November in the US, 11 August in
 * Britain).
 */
export function dayText(day: string, lang: string, short = false): string {
  const options: Intl.DateTimeFormatOptions = short ? { day: "numeric", month: "short" } : { dateStyle: "medium" };
  return new Intl.DateTimeFormat(lang, { ...options, timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
}
