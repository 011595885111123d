// What the opening-hours grid shows and writes, so that the grid and the saved config never
// disagree: each day's window is read by the widget's own rule (dayWindow in
// web/widget/src/shared/schedule.ts: hours by day when given, else the shared start/stop on
// the ticked days, missing days meaning every day and missing times the whole day), and a week is
// written in the shortest form that means exactly it. Pure; its words are in the console's language
// given (`t`), English by default, its times as the browser writes them (clockText).
import type { DayWindow, Schedule } from "@beckon/widget/config";
import { dayWindow, scheduledNow } from "@beckon/widget";
import { english, type T } from "../i18n/t";

/** Office hours: what an action limited to a schedule starts with. */
export const OFFICE_DAYS = [true, true, true, true, true, false, false];
export const OFFICE_START = "09:00";
export const OFFICE_STOP = "17:00";

/** A day of the week: its window, or null when closed. */
export type Day = DayWindow | null;

/** A window from midnight to midnight: the whole day. */
export const WHOLE_DAY: DayWindow = { start: "00:00", stop: "00:00" };

/**
 * Each day's window, Monday first, as the widget reads the schedule. A window with a time
 * missing (the whole day to the widget) is written out as 00:00–00:00, which means the same.
 */
export function weekWindows(schedule: Schedule | undefined): Day[] {
  return Array.from({ length: 7 }, (_, i) => {
    const w = schedule ? dayWindow(schedule, i) : WHOLE_DAY;
    if (!w) return null;
    return w.start && w.stop ? { start: w.start, stop: w.stop } : WHOLE_DAY;
  });
}

/** The seven days (Monday first) the schedule is open on, as the widget reads it. */
export const scheduleDays = (schedule: Schedule | undefined): boolean[] => weekWindows(schedule).map(Boolean);

const sameWindow = (a: Day, b: Day) => !!a && !!b && a.start === b.start && a.stop === b.stop;

/**
 * The schedule with this week, keeping its other fields (time zone, outside hours). When every
 * open day has the same window it is written as the spec's one window on the ticked days
 * (daysOfWeek, start, stop), which every widget reads; else as hours by day.
 */
export function withWeek(schedule: Schedule, week: Day[]): Schedule {
  const { daysOfWeek: _days, start: _start, stop: _stop, hours: _hours, ...rest } = schedule;
  const open = week.filter((w): w is DayWindow => !!w);
  if (open.length && open.every((w) => sameWindow(w, open[0]))) {
    return { ...rest, daysOfWeek: week.map(Boolean), start: open[0].start, stop: open[0].stop };
  }
  return { ...rest, hours: week.map((w) => (w ? { start: w.start, stop: w.stop } : null)) };
}

/** Day i opened (with the window of the nearest open day before it, else after it, else office hours) or closed. */
export function setDayOpen(schedule: Schedule, i: number, open: boolean): Schedule {
  const week = weekWindows(schedule);
  if (!open) return withWeek(schedule, week.map((w, j) => (j === i ? null : w)));
  const order = [...week.slice(0, i).reverse(), ...week.slice(i + 1)];
  const like = order.find(Boolean) ?? { start: OFFICE_START, stop: OFFICE_STOP };
  return withWeek(schedule, week.map((w, j) => (j === i ? { ...like } : w)));
}

/** Day i's start or stop set to a time ("" — a cleared time field — is midnight). */
export function setDayTime(schedule: Schedule, i: number, end: "start" | "stop", time: string): Schedule {
  const week = weekWindows(schedule);
  return withWeek(schedule, week.map((w, j) => (j === i && w ? { ...w, [end]: time || "00:00" } : w)));
}

/** Every open day gets day i's window. */
export function copyDayToOpenDays(schedule: Schedule, i: number): Schedule {
  const week = weekWindows(schedule);
  const source = week[i];
  return source ? withWeek(schedule, week.map((w) => (w ? { ...source } : w))) : schedule;
}

/**
 * The schedule once "Always offered" is unticked: the days and hours it already has, else office
 * hours, written out so the form shows exactly what is saved.
 */
export function limitedSchedule(schedule: Schedule | undefined): Schedule {
  if (schedule?.hours) return { ...schedule, showAlways: false };
  return {
    ...schedule,
    showAlways: false,
    daysOfWeek: schedule?.daysOfWeek ? scheduleDays(schedule) : OFFICE_DAYS,
    start: schedule?.start ?? OFFICE_START,
    stop: schedule?.stop ?? OFFICE_STOP,
  };
}

/**
 * Which hours of the week a schedule offers the action, Monday first, 24 hours a day, read by the
 * widget's own rule (scheduledNow) at the middle of each hour, so the weekly grid the builder draws
 * is what visitors get (overnight windows and "outside these hours" included).
 */
export function weekHours(schedule: Schedule): boolean[][] {
  const s = { ...schedule, timezone: "UTC" };
  const monday = Date.UTC(2024, 0, 1); // a Monday
  return Array.from({ length: 7 }, (_, d) => Array.from({ length: 24 }, (_, h) => scheduledNow(s, new Date(monday + ((d * 24 + h) * 60 + 30) * 60000), "UTC")));
}

/**
 * A config time ("17:00") as the owner's browser writes times, which is also how its time fields
 * show them: "17:00", or "05:00 PM" where clocks are 12-hour. `locale` undefined: the browser's.
 */
export function clockText(time: string, locale?: string): string {
  const [h, m] = time.split(":").map(Number);
  return new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit", timeZone: "UTC" }).format(Date.UTC(2024, 0, 1, h, m));
}

/** An hour of the day (0–24) for the grid's scale: "18", or "6 PM" where clocks are 12-hour. */
export function hourText(hour: number, locale?: string): string {
  const format = new Intl.DateTimeFormat(locale, { hour: "numeric", timeZone: "UTC" });
  return format.resolvedOptions().hourCycle?.startsWith("h1") ? format.format(Date.UTC(2024, 0, 1, hour)) : String(hour);
}

/** A window in words: "09:00–17:00", "22:00–02:00 (next day)", "all day" (times in `locale`, see clockText). */
export function windowText(w: DayWindow, locale?: string, t: T = english): string {
  if (w.start === w.stop) return t("builder.allDay");
  const text = `${clockText(w.start, locale)}–${clockText(w.stop, locale)}`;
  return w.start < w.stop ? text : t("builder.nextDay", { window: text });
}

/** What day `i` (Monday = 0) of a limited schedule offers, in words, as the widget reads it. */
export function dayText(schedule: Schedule, i: number, locale?: string, t: T = english): string {
  const w = weekWindows(schedule)[i];
  if (schedule.outsideHours) return t(!w ? "builder.allDay" : w.start === w.stop ? "builder.closedDay" : "builder.allDayExcept", w ? { window: windowText(w, locale, t) } : undefined);
  return w ? windowText(w, locale, t) : t("builder.closedDay");
}
