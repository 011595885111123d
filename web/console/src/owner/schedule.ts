// What the schedule fields of an action show and write, so that the form and the saved config
// never disagree (the widget reads a missing daysOfWeek as every day, and a missing start or stop
// as the whole day: web/widget/src/loader/decide/schedule.ts). Pure.
import type { Schedule } from "../../../widget/src/config/types.gen";

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
