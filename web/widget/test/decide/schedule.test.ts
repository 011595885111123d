import { afterEach, describe, expect, it, vi } from "vitest";
import type { Schedule } from "../../src/config/types.gen";
import { dayWindow, scheduledNow } from "../../src/shared/schedule";

// Monday-first flags.
const MON = [true, false, false, false, false, false, false];
const FRI = [false, false, false, false, true, false, false];
const SUN = [false, false, false, false, false, false, true];
const WEEKDAYS = [true, true, true, true, true, false, false];
const ALL = [true, true, true, true, true, true, true];

const sched = (over: Partial<Schedule>): Schedule => ({ showAlways: false, daysOfWeek: ALL, start: "09:00", stop: "17:00", ...over });
const at = (s: Schedule, iso: string, tz?: string) => scheduledNow(s, new Date(iso), tz);

it("no schedule or showAlways → shown", () => {
  expect(scheduledNow(undefined, new Date("2025-01-06T03:00:00Z"), "UTC")).toBe(true);
  expect(at(sched({ showAlways: true, daysOfWeek: [false, false, false, false, false, false, false] }), "2025-01-06T03:00:00Z", "UTC")).toBe(true);
});

describe("same-day window (UTC)", () => {
  const s = sched({ daysOfWeek: WEEKDAYS });
  it("start inclusive, stop exclusive", () => {
    expect(at(s, "2025-01-06T08:59:00Z", "UTC")).toBe(false);
    expect(at(s, "2025-01-06T09:00:00Z", "UTC")).toBe(true);
    expect(at(s, "2025-01-06T16:59:59Z", "UTC")).toBe(true);
    expect(at(s, "2025-01-06T17:00:00Z", "UTC")).toBe(false);
  });
  it("days of week are Monday first", () => {
    expect(at(sched({ daysOfWeek: MON }), "2025-01-06T12:00:00Z", "UTC")).toBe(true); // Monday
    expect(at(sched({ daysOfWeek: MON }), "2025-01-07T12:00:00Z", "UTC")).toBe(false); // Tuesday
    expect(at(sched({ daysOfWeek: SUN }), "2025-01-12T12:00:00Z", "UTC")).toBe(true); // Sunday
    expect(at(sched({ daysOfWeek: SUN }), "2025-01-11T12:00:00Z", "UTC")).toBe(false); // Saturday
    expect(at(s, "2025-01-11T12:00:00Z", "UTC")).toBe(false); // weekend
  });
  it("start == stop covers the whole enabled day", () => {
    const d = sched({ daysOfWeek: MON, start: "00:00", stop: "00:00" });
    expect(at(d, "2025-01-06T00:00:00Z", "UTC")).toBe(true);
    expect(at(d, "2025-01-06T23:59:00Z", "UTC")).toBe(true);
    expect(at(d, "2025-01-07T00:00:00Z", "UTC")).toBe(false);
    expect(at(sched({ daysOfWeek: MON, start: "10:00", stop: "10:00" }), "2025-01-06T05:00:00Z", "UTC")).toBe(true);
  });
  it("missing times mean the whole day, missing days mean every day", () => {
    expect(at(sched({ daysOfWeek: MON, start: undefined, stop: undefined }), "2025-01-06T02:00:00Z", "UTC")).toBe(true);
    expect(at(sched({ daysOfWeek: undefined }), "2025-01-11T12:00:00Z", "UTC")).toBe(true);
    expect(at(sched({ daysOfWeek: undefined }), "2025-01-11T18:00:00Z", "UTC")).toBe(false);
  });
});

describe("overnight window belongs to the day it starts on", () => {
  const s = sched({ daysOfWeek: FRI, start: "22:00", stop: "02:00" }); // Friday night
  it("Friday 22:00 to Saturday 02:00", () => {
    expect(at(s, "2025-01-10T21:59:00Z", "UTC")).toBe(false); // Fri
    expect(at(s, "2025-01-10T22:00:00Z", "UTC")).toBe(true);
    expect(at(s, "2025-01-10T23:30:00Z", "UTC")).toBe(true);
    expect(at(s, "2025-01-11T01:00:00Z", "UTC")).toBe(true); // Sat 01:00, Friday enabled
    expect(at(s, "2025-01-11T01:59:00Z", "UTC")).toBe(true);
    expect(at(s, "2025-01-11T02:00:00Z", "UTC")).toBe(false);
  });
  it("not on the other days", () => {
    expect(at(s, "2025-01-10T01:00:00Z", "UTC")).toBe(false); // Fri 01:00 belongs to Thursday night
    expect(at(s, "2025-01-11T22:30:00Z", "UTC")).toBe(false); // Sat night, Saturday disabled
    expect(at(s, "2025-01-10T12:00:00Z", "UTC")).toBe(false); // Friday noon
  });
  it("Sunday night runs into Monday (week wrap)", () => {
    const sun = sched({ daysOfWeek: SUN, start: "20:00", stop: "06:00" });
    expect(at(sun, "2025-01-13T05:00:00Z", "UTC")).toBe(true); // Mon 05:00
    expect(at(sun, "2025-01-06T05:00:00Z", "UTC")).toBe(true); // previous Monday too
    expect(at(sun, "2025-01-07T05:00:00Z", "UTC")).toBe(false); // Tue 05:00
  });
});

describe("outsideHours inverts", () => {
  const s = sched({ daysOfWeek: WEEKDAYS, outsideHours: true });
  it("shown outside the window and on disabled days", () => {
    expect(at(s, "2025-01-06T12:00:00Z", "UTC")).toBe(false);
    expect(at(s, "2025-01-06T18:00:00Z", "UTC")).toBe(true);
    expect(at(s, "2025-01-06T08:00:00Z", "UTC")).toBe(true);
    expect(at(s, "2025-01-11T12:00:00Z", "UTC")).toBe(true);
  });
  it("with an overnight window", () => {
    const n = sched({ daysOfWeek: FRI, start: "22:00", stop: "02:00", outsideHours: true });
    expect(at(n, "2025-01-11T01:00:00Z", "UTC")).toBe(false);
    expect(at(n, "2025-01-11T03:00:00Z", "UTC")).toBe(true);
  });
});

describe("time zones", () => {
  it("America/New_York (UTC−5 in winter), including a day boundary", () => {
    const s = sched({ daysOfWeek: MON });
    expect(at(s, "2025-01-06T13:59:00Z", "America/New_York")).toBe(false); // 08:59
    expect(at(s, "2025-01-06T14:00:00Z", "America/New_York")).toBe(true); // 09:00
    expect(at(s, "2025-01-06T21:59:00Z", "America/New_York")).toBe(true); // 16:59
    expect(at(s, "2025-01-06T22:00:00Z", "America/New_York")).toBe(false); // 17:00
    const eve = sched({ daysOfWeek: MON, start: "21:00", stop: "23:00" });
    expect(at(eve, "2025-01-07T03:00:00Z", "America/New_York")).toBe(true); // still Monday 22:00 in New York
    expect(at(eve, "2025-01-07T03:00:00Z", "UTC")).toBe(false); // Tuesday 03:00 in UTC
  });
  it("Asia/Kolkata (UTC+5:30)", () => {
    const s = sched({ daysOfWeek: MON });
    expect(at(s, "2025-01-06T03:29:00Z", "Asia/Kolkata")).toBe(false); // 08:59
    expect(at(s, "2025-01-06T03:30:00Z", "Asia/Kolkata")).toBe(true); // 09:00
    expect(at(s, "2025-01-06T11:29:00Z", "Asia/Kolkata")).toBe(true); // 16:59
    expect(at(s, "2025-01-06T11:30:00Z", "Asia/Kolkata")).toBe(false); // 17:00
    expect(at(sched({ daysOfWeek: MON, start: "09:45", stop: "10:15" }), "2025-01-06T04:20:00Z", "Asia/Kolkata")).toBe(true); // 09:50
  });
  it("Pacific/Auckland (UTC+13 in January) is already Monday on Sunday UTC", () => {
    const s = sched({ daysOfWeek: MON });
    expect(at(s, "2025-01-05T20:00:00Z", "Pacific/Auckland")).toBe(true); // Mon 09:00 NZDT
    expect(at(s, "2025-01-05T19:59:00Z", "Pacific/Auckland")).toBe(false); // Mon 08:59
    expect(at(s, "2025-01-06T20:00:00Z", "Pacific/Auckland")).toBe(false); // Tue 09:00
  });
  it("Europe/Amsterdam around the switch to summer time (Sunday 30 March 2025, 01:00 UTC)", () => {
    const s = sched({ start: "03:00", stop: "04:00" });
    expect(at(s, "2025-03-30T00:30:00Z", "Europe/Amsterdam")).toBe(false); // 01:30 CET, before the switch
    expect(at(s, "2025-03-30T00:59:00Z", "Europe/Amsterdam")).toBe(false); // 01:59 CET
    expect(at(s, "2025-03-30T01:00:00Z", "Europe/Amsterdam")).toBe(true); // 03:00 CEST, right after
    expect(at(s, "2025-03-30T01:30:00Z", "Europe/Amsterdam")).toBe(true); // 03:30 CEST (a fixed +1 would say 02:30)
    expect(at(s, "2025-03-29T02:30:00Z", "Europe/Amsterdam")).toBe(true); // Saturday 03:30 CET
    expect(at(s, "2025-03-30T02:30:00Z", "Europe/Amsterdam")).toBe(false); // Sunday 04:30 CEST (a fixed +1 would say 03:30)
  });
});

describe("failures show the action", () => {
  afterEach(() => vi.restoreAllMocks());
  const closed = sched({ daysOfWeek: MON, start: "09:00", stop: "10:00" });
  it("an invalid time zone → shown", () => {
    expect(at(closed, "2025-01-07T20:00:00Z", "Mars/Olympus_Mons")).toBe(true);
    expect(at(closed, "2025-01-07T20:00:00Z", "not a zone")).toBe(true);
  });
  it("Intl failing or giving an unexpected format → shown", () => {
    const spy = vi.spyOn(Date.prototype, "toLocaleString").mockImplementation(() => {
      throw new Error("no Intl");
    });
    expect(at(closed, "2025-01-07T20:00:00Z", "UTC")).toBe(true);
    spy.mockImplementation(() => "07/01/2025, 20:00");
    expect(at(closed, "2025-01-07T20:00:00Z", "UTC")).toBe(true);
  });
  it("an invalid date → shown", () => {
    expect(scheduledNow(closed, new Date(NaN), "UTC")).toBe(true);
  });
});

it("no zone → the runtime's local zone", () => {
  const now = new Date("2025-01-08T12:34:00Z");
  const h = now.getHours(), day = (now.getDay() + 6) % 7;
  const days = ALL.map((_, i) => i == day);
  const hh = (n: number) => String((n + 24) % 24).padStart(2, "0") + ":00";
  expect(scheduledNow(sched({ daysOfWeek: days, start: hh(h), stop: hh(h + 1) }), now)).toBe(h < 23);
  expect(scheduledNow(sched({ daysOfWeek: days, start: hh(h + 1), stop: hh(h + 2) }), now)).toBe(false);
});

describe("hours that differ by day (schedule.hours)", () => {
  const win = (start: string, stop: string) => ({ start, stop });
  // Mon–Fri 09:00–18:00, Saturday 10:00–14:00, Sunday closed (UTC; 2025-01-06 is a Monday).
  const shop = sched({ daysOfWeek: undefined, start: undefined, stop: undefined, hours: [...Array(5).fill(win("09:00", "18:00")), win("10:00", "14:00"), null] });
  it("each day has its own window, stop exclusive", () => {
    expect(at(shop, "2025-01-06T08:59:00Z", "UTC")).toBe(false); // Mon
    expect(at(shop, "2025-01-06T09:00:00Z", "UTC")).toBe(true);
    expect(at(shop, "2025-01-10T17:59:00Z", "UTC")).toBe(true); // Fri
    expect(at(shop, "2025-01-10T18:00:00Z", "UTC")).toBe(false);
    expect(at(shop, "2025-01-11T09:30:00Z", "UTC")).toBe(false); // Sat, before its own window
    expect(at(shop, "2025-01-11T10:00:00Z", "UTC")).toBe(true);
    expect(at(shop, "2025-01-11T13:59:00Z", "UTC")).toBe(true);
    expect(at(shop, "2025-01-11T14:00:00Z", "UTC")).toBe(false);
    expect(at(shop, "2025-01-12T12:00:00Z", "UTC")).toBe(false); // Sun, closed
  });
  it("take the place of daysOfWeek, start and stop", () => {
    const both = { ...shop, daysOfWeek: [false, false, false, false, false, false, true], start: "00:00", stop: "00:00" };
    expect(at(both, "2025-01-12T12:00:00Z", "UTC")).toBe(false); // Sunday: closed in hours
    expect(at(both, "2025-01-06T12:00:00Z", "UTC")).toBe(true);
    expect(dayWindow(both, 6)).toBe(null);
    expect(dayWindow(both, -1)).toBe(null); // the Sunday before a Monday
    expect(dayWindow(both, 5)).toEqual(win("10:00", "14:00"));
  });
  it("an overnight window runs into the next day, whatever that day's own hours", () => {
    const bar = sched({ hours: [null, null, null, null, win("17:00", "02:00"), win("12:00", "15:00"), null] });
    expect(at(bar, "2025-01-10T23:00:00Z", "UTC")).toBe(true); // Fri night
    expect(at(bar, "2025-01-11T01:59:00Z", "UTC")).toBe(true); // Sat 01:59: Friday's window
    expect(at(bar, "2025-01-11T02:00:00Z", "UTC")).toBe(false);
    expect(at(bar, "2025-01-11T12:30:00Z", "UTC")).toBe(true); // Saturday's own
    expect(at(bar, "2025-01-11T23:00:00Z", "UTC")).toBe(false); // Saturday's is not overnight
    expect(at(bar, "2025-01-12T01:00:00Z", "UTC")).toBe(false);
    const sunday = sched({ hours: [null, null, null, null, null, null, win("20:00", "06:00")] });
    expect(at(sunday, "2025-01-13T05:00:00Z", "UTC")).toBe(true); // Monday 05:00, the week wraps
    expect(at(sunday, "2025-01-07T05:00:00Z", "UTC")).toBe(false);
  });
  it("start == stop is the whole day; outsideHours inverts; the time zone applies", () => {
    const allSaturday = sched({ hours: [null, null, null, null, null, win("00:00", "00:00"), null] });
    expect(at(allSaturday, "2025-01-11T00:00:00Z", "UTC")).toBe(true);
    expect(at(allSaturday, "2025-01-11T23:59:00Z", "UTC")).toBe(true);
    expect(at(allSaturday, "2025-01-12T00:00:00Z", "UTC")).toBe(false);
    const outside = { ...shop, outsideHours: true };
    expect(at(outside, "2025-01-11T12:00:00Z", "UTC")).toBe(false);
    expect(at(outside, "2025-01-12T12:00:00Z", "UTC")).toBe(true);
    // Saturday 10:00 in Amsterdam is 09:00 UTC.
    expect(at(shop, "2025-01-11T09:00:00Z", "Europe/Amsterdam")).toBe(true);
    expect(at(shop, "2025-01-11T13:00:00Z", "Europe/Amsterdam")).toBe(false); // 14:00 there
  });
  it("every day closed: never, unless outside hours", () => {
    const closed = sched({ hours: Array(7).fill(null) });
    expect(at(closed, "2025-01-08T12:00:00Z", "UTC")).toBe(false);
    expect(at({ ...closed, outsideHours: true }, "2025-01-08T12:00:00Z", "UTC")).toBe(true);
  });
});
