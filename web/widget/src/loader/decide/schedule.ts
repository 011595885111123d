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
const minutes = (s: string | undefined) => {
  const m = /(\d+):(\d\d)/.exec(s || "");
  return m ? +m[1] * 60 + +m[2] : -1;
};

export const scheduledNow = (s: Schedule | undefined, now: Date, timeZone?: string): boolean => {
  if (!s || s.showAlways) return true;
  try {
    // en-GB gives "Mon 09:30" (24-hour clock); an invalid zone throws, an invalid date gives "Invalid Date".
    const f = now.toLocaleString("en-GB", {
      timeZone: s.timezone || timeZone || undefined, weekday: "short", hour: "numeric", minute: "numeric",
    });
    const day = DAYS.indexOf(f.slice(0, 3)) / 3, m = minutes(f), D = s.daysOfWeek;
    if (day < 0 || m < 0) return true;
    const on = (i: number) => !D || !!D[(i + 7) % 7];
    const a = minutes(s.start), b = minutes(s.stop);
    const inside =
      a < 0 || b < 0 || a == b ? on(day)
      : a < b ? on(day) && m >= a && m < b
      : (on(day) && m >= a) || (on(day - 1) && m < b);
    return inside != !!s.outsideHours;
  } catch {
    return true;
  }
};
