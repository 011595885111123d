// Action schedules (spec §3.1, §5.1).
//
// showAlways (or no schedule) → shown. Otherwise the day and time are read in the schedule's IANA zone,
// else the given one (the caller's fallback: domain's, else browser's; none → the runtime's local zone).
// daysOfWeek are Monday first (missing → every day); start/stop are "HH:mm", stop exclusive;
// start == stop (or either missing) means the whole day; a window with stop < start runs overnight and
// belongs to the day it starts on (Fri 22:00–02:00 covers Saturday 01:00 when Friday is enabled).
// outsideHours inverts the result. An invalid zone or any Intl failure → shown (spec §5.1).
import type { Schedule } from "../../config/types.gen";

const DAYS = "MonTueWedThuFriSatSun";
/** Minutes since midnight of the first "H:mm" in the text, or -1. */
const minutes = (text: string | undefined) => {
  const match = /(\d+):(\d\d)/.exec(text || "");
  return match ? Number(match[1]) * 60 + Number(match[2]) : -1;
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
    const days = schedule.daysOfWeek;
    const enabled = (d: number) => !days || !!days[(d + 7) % 7];
    const start = minutes(schedule.start);
    const stop = minutes(schedule.stop);
    let inside: boolean;
    if (start < 0 || stop < 0 || start === stop) inside = enabled(day); // the whole day
    else if (start < stop) inside = enabled(day) && time >= start && time < stop;
    else inside = (enabled(day) && time >= start) || (enabled(day - 1) && time < stop); // overnight
    return inside !== !!schedule.outsideHours;
  } catch {
    return true;
  }
};
