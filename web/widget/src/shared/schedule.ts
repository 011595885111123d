// Action schedules (spec §3.1, §5.1).
//
// showAlways (or no schedule) → shown. Otherwise the day and time are read in the schedule's IANA zone,
// else the given one (the caller's fallback: domain's, else browser's; none → the runtime's local zone).
// Each day has a window or none (closed):
//   - hours (Beckon's extension: a window per day, Monday first, null when closed) when given;
//   - else start/stop on the days daysOfWeek enables (Monday first; missing → every day).
// A window is "HH:mm" to "HH:mm", stop exclusive; start == stop (or either missing) means the whole
// day; a window with stop < start runs overnight and belongs to the day it starts on (Fri 22:00–02:00
// covers Saturday 01:00 whatever Saturday's own hours). outsideHours inverts the result. An invalid
// zone or any Intl failure → shown (spec §5.1).
import type { Schedule } from "../config/types.gen";
import { HOURS_BY_DAY } from "./features";

const DAYS = "MonTueWedThuFriSatSun";
/** Minutes since midnight of the first "H:mm" in the text, or -1. */
const minutes = (text: string | undefined) => {
  const match = /(\d+):(\d\d)/.exec(text || "");
  return match ? Number(match[1]) * 60 + Number(match[2]) : -1;
};

/** A day's window: its start and stop times, as a schedule or an entry of its hours holds them. */
type Window = { start?: string; stop?: string };

/** The window of day d (0 = Monday; -1 is the Sunday before), or null when the day is closed. */
export const dayWindow = (schedule: Schedule, d: number): Window | null => {
  const day = (d + 7) % 7;
  if (HOURS_BY_DAY && schedule.hours) return schedule.hours[day] || null;
  const days = schedule.daysOfWeek;
  return !days || days[day] ? schedule : null;
};

/**
 * Whether a day's window covers time (minutes since midnight) on its own day (spill false), or on
 * the next day (spill true: only an overnight window reaches into it).
 */
const covers = (window: Window | null, time: number, spill: boolean): boolean => {
  if (!window) return false;
  const start = minutes(window.start);
  const stop = minutes(window.stop);
  if (start < 0 || stop < 0 || start === stop) return !spill; // the whole day
  if (start < stop) return !spill && time >= start && time < stop;
  return spill ? time < stop : time >= start; // overnight
};

export const scheduledNow = (schedule: Schedule | undefined, now: Date, timeZone?: string): boolean => {
  if (!schedule || schedule.showAlways) return true;
  try {
    // en-GB gives "Mon 09:30" (24-hour clock); an invalid zone throws, an invalid date gives "Invalid Date".
    const local = now.toLocaleString("en-GB", {
      timeZone: schedule.timezone || timeZone || undefined, weekday: "short", hour: "numeric", minute: "numeric",
    });
    const day = DAYS.indexOf(local.slice(0, 3)) / 3; // 0 for Monday
    const time = minutes(local);
    if (day < 0 || time < 0) return true;
    const inside = covers(dayWindow(schedule, day), time, false) || covers(dayWindow(schedule, day - 1), time, true);
    return inside !== !!schedule.outsideHours;
  } catch {
    return true;
  }
};
