// What the schedule fields of an action show and write, so that the form and the saved config
// never disagree (the widget reads a missing daysOfWeek as every day, and a missing start or stop
// as the whole day: web/widget/src/loader/decide/schedule.ts). Pure.
import type { Schedule } from "../../../widget/src/config/types.gen";
import { scheduledNow } from "../../../widget/src/loader/decide/schedule";

/** Office hours: what an action limited to a schedule starts with. */
export const OFFICE_DAYS = [true, true, true, true, true, false, false];
export const OFFICE_START = "09:00";
export const OFFICE_STOP = "17:00";

/** The seven days (Monday first) a schedule is offered on, as the widget reads it. */
export function scheduleDays(schedule: Schedule | undefined): boolean[] {
  const days = schedule?.daysOfWeek;
  return Array.isArray(days) ? Array.from({ length: 7 }, (_, i) => !!days[i]) : Array(7).fill(true);
}

/**
 * The schedule once "Always offered" is unticked: the days and hours it already has, else office
 * hours, written out so the form shows exactly what is saved.
 */
export function limitedSchedule(schedule: Schedule | undefined): Schedule {
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

/** What day `i` (Monday = 0) of a limited schedule offers, in words, as the widget reads it. */
export function dayText(schedule: Schedule, i: number): string {
  const days = scheduleDays(schedule);
  const { start, stop } = schedule;
  const whole = !start || !stop || start === stop;
  const window = whole ? "all day" : start < stop ? `${start}–${stop}` : `${start}–${stop} (next day)`;
  if (schedule.outsideHours) return !days[i] ? "all day" : whole ? "closed" : `all day except ${window}`;
  return days[i] ? window : "closed";
}
