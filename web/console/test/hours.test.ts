// The opening-hours grid and the scroll-reveal choice: what they show of a config and what they
// write, as pure functions (src/owner/schedule.ts, src/owner/reveal.ts, src/owner/chatHours.ts).
import { describe, expect, it } from "vitest";
import type { Schedule } from "@beckon/widget/config";
import { clockText, copyDayToOpenDays, dayText, hourText, limitedSchedule, setDayOpen, setDayTime, weekHours, weekWindows, withWeek } from "../src/owner/schedule";
import { summarizeChanges } from "../src/owner/publishing/changes";
import { revealOf, withReveal } from "../src/owner/reveal";
import { chatHours, withChatHours } from "../src/owner/chatHours";
import type { Config } from "@beckon/widget/config";
import { translate, type Vars } from "../src/i18n/index";

const office: Schedule = { showAlways: false, timezone: "Europe/Amsterdam", daysOfWeek: [true, true, true, true, true, false, false], start: "09:00", stop: "17:00" };
const win = (start: string, stop: string) => ({ start, stop });

describe("the weekly grid: each day its own window", () => {
  it("reads a one-window schedule as that window on its ticked days, missing days as every day, missing times as the whole day", () => {
    expect(weekWindows(office)).toEqual([...Array(5).fill(win("09:00", "17:00")), null, null]);
    expect(weekWindows({ showAlways: false, start: "22:00", stop: "02:00" })).toEqual(Array(7).fill(win("22:00", "02:00")));
    expect(weekWindows({ showAlways: false, daysOfWeek: [true, false, false, false, false, false, false] })[0]).toEqual(win("00:00", "00:00"));
  });

  it("different hours on one day write hours by day, and nothing of the one-window form", () => {
    const saturday = setDayOpen(office, 5, true); // opens like Friday
    expect(saturday).toEqual({ ...office, daysOfWeek: [true, true, true, true, true, true, false] });
    const short = setDayTime(setDayTime(saturday, 5, "start", "10:00"), 5, "stop", "14:00");
    expect(short).toEqual({
      showAlways: false,
      timezone: "Europe/Amsterdam",
      hours: [...Array(5).fill(win("09:00", "17:00")), win("10:00", "14:00"), null],
    });
    expect(weekWindows(short)[5]).toEqual(win("10:00", "14:00"));
    expect([dayText(short, 4, "en-GB"), dayText(short, 5, "en-GB"), dayText(short, 6, "en-GB")]).toEqual(["09:00–17:00", "10:00–14:00", "closed"]);
    // The bar is the widget's reading: Saturday 10:00 to 14:00 only.
    expect(weekHours(short)[5].flatMap((on, h) => (on ? [h] : []))).toEqual([10, 11, 12, 13]);
  });

  it("writes the one-window form again once the open days agree", () => {
    const short = { showAlways: false, hours: [...Array(5).fill(win("09:00", "17:00")), win("10:00", "14:00"), null] };
    expect(copyDayToOpenDays(short, 0)).toEqual({ showAlways: false, daysOfWeek: [true, true, true, true, true, true, false], start: "09:00", stop: "17:00" });
    expect(setDayOpen(short, 5, false)).toEqual({ showAlways: false, daysOfWeek: [true, true, true, true, true, false, false], start: "09:00", stop: "17:00" });
    expect(withWeek({ showAlways: false, outsideHours: true }, Array(7).fill(null))).toEqual({ showAlways: false, outsideHours: true, hours: Array(7).fill(null) });
  });

  it("an overnight window runs into the next morning whatever that day's own hours", () => {
    const bar = withWeek({ showAlways: false }, [null, null, null, null, win("17:00", "02:00"), win("12:00", "15:00"), null]);
    expect(bar.hours).toHaveLength(7);
    expect(dayText(bar, 4, "en-GB")).toBe("17:00–02:00 (next day)");
    const h = weekHours(bar);
    expect(h[5].flatMap((on, hour) => (on ? [hour] : []))).toEqual([0, 1, 12, 13, 14]);
    expect(h[6].some(Boolean)).toBe(false);
  });

  it("a day opened takes the nearest open day's hours before it, else after it, else office hours; a cleared time is midnight", () => {
    const week = withWeek({ showAlways: false }, [null, win("08:00", "12:00"), null, win("13:00", "20:00"), null, null, null]);
    expect(weekWindows(setDayOpen(week, 2, true))[2]).toEqual(win("08:00", "12:00"));
    expect(weekWindows(setDayOpen(week, 0, true))[0]).toEqual(win("08:00", "12:00"));
    expect(weekWindows(setDayOpen(withWeek({ showAlways: false }, Array(7).fill(null)), 3, true))[3]).toEqual(win("09:00", "17:00"));
    expect(weekWindows(setDayTime(week, 1, "stop", ""))[1]).toEqual(win("08:00", "00:00"));
  });

  it("unticking Always keeps hours by day", () => {
    const byDay = { showAlways: true, hours: [win("09:00", "17:00"), null, null, null, null, null, win("10:00", "12:00")] };
    expect(limitedSchedule(byDay)).toEqual({ ...byDay, showAlways: false });
  });

  it("the publish summary names the days whose hours changed", () => {
    const config = (schedule: Schedule): Config => ({
      userId: "u",
      domains: [{ id: "d", name: "shop.test" }],
      buttons: [{ id: "b", active: true, domainId: "d", type: "SINGLE", actions: ["a"] }],
      actions: [{ id: "a", actionType: "PHONE", actionValue: "1", schedule }],
    });
    const short = setDayTime(setDayTime(setDayOpen(office, 5, true), 5, "start", "10:00"), 5, "stop", "14:00");
    expect(summarizeChanges(config(office), config(short), "en-GB")).toEqual(["Call shown on Saturdays", "Call hours set to 10:00–14:00 on Saturdays"]);
    const later = setDayTime(setDayTime(short, 0, "stop", "18:00"), 1, "stop", "18:00");
    expect(summarizeChanges(config(short), config(later), "en-GB")).toEqual(["Call hours set to 09:00–18:00 on Mondays and Tuesdays"]);
  });
});

describe("the grid's words write times as the owner's time fields show them", () => {
  it("24-hour where clocks are 24-hour, AM/PM where they are 12-hour", () => {
    const bar = withWeek({ showAlways: false }, [win("09:00", "17:30"), null, null, null, win("22:00", "02:00"), null, null]);
    expect([dayText(bar, 0, "en-GB"), dayText(bar, 4, "de-DE")]).toEqual(["09:00–17:30", "22:00–02:00 (next day)"]);
    expect([dayText(bar, 0, "en-US"), dayText(bar, 4, "en-US")]).toEqual(["09:00 AM–05:30 PM", "10:00 PM–02:00 AM (next day)"]);
    expect(dayText({ ...bar, outsideHours: true }, 0, "en-US")).toBe("all day except 09:00 AM–05:30 PM");
    // The words are the console's language (the t given), the times the browser's.
    const de = (key: string, vars?: Vars) => translate("de", key, vars);
    expect([dayText(bar, 4, "de-DE", de), dayText(bar, 1, "de-DE", de), dayText({ ...bar, outsideHours: true }, 1, "en-GB", de)]).toEqual(["22:00–02:00 (Folgetag)", "geschlossen", "ganztägig"]);
    expect([clockText("00:00", "en-US"), clockText("12:00", "en-US"), clockText("00:00", "en-GB")]).toEqual(["12:00 AM", "12:00 PM", "00:00"]);
    expect([0, 6, 12, 18, 24].map((h) => hourText(h, "en-GB"))).toEqual(["0", "6", "12", "18", "24"]);
    expect([0, 6, 12, 18, 24].map((h) => hourText(h, "en-US"))).toEqual(["12 AM", "6 AM", "12 PM", "6 PM", "12 AM"]);
  });
});

describe("scroll reveal: after a number of pixels or after the first screen", () => {
  it("is one choice, never both, and Right away keeps only a hide rule", () => {
    expect(revealOf(undefined)).toBe("now");
    expect(revealOf({ revealAtHeight: 0, hideAtHeight: 900 })).toBe("pixels");
    expect(revealOf({ revealAfterFirstScreen: true })).toBe("screen");
    expect(withReveal(undefined, "screen")).toEqual({ revealAfterFirstScreen: true });
    expect(withReveal({ revealAtHeight: 500, hideAtHeight: 3000, neverHide: true }, "screen")).toEqual({ hideAtHeight: 3000, neverHide: true, revealAfterFirstScreen: true });
    expect(withReveal({ revealAfterFirstScreen: true }, "pixels")).toEqual({ revealAtHeight: 300 });
    expect(withReveal({ revealAfterFirstScreen: true, hideAtHeight: 3000 }, "now")).toEqual({ hideAtHeight: 3000 });
    expect(withReveal({ revealAtHeight: 200 }, "now")).toBeUndefined();
  });
});

describe("a live chat's one set of hours (owner/chatHours.ts)", () => {
  const office: Schedule = { showAlways: false, daysOfWeek: [true, true, true, true, true, false, false], start: "09:00", stop: "17:00" };
  const evenings: Schedule = { showAlways: false, daysOfWeek: [true, true, true, true, true, false, false], start: "18:00", stop: "22:00" };

  it("hours the chat takes messages outside of are its openingHours; hours that hide it are its schedule", () => {
    expect(chatHours({ openingHours: office })).toEqual({ hours: office, outside: "messages" });
    expect(chatHours({ schedule: office })).toEqual({ hours: office, outside: "hide" });
    expect(chatHours({})).toEqual({ hours: undefined, outside: "messages" });
    expect(chatHours({ schedule: { showAlways: true } })).toEqual({ hours: { showAlways: true }, outside: "messages" });
  });

  it("a chat saved with both grids reads as what visitors got: hidden outside its schedule", () => {
    expect(chatHours({ schedule: office, openingHours: evenings })).toEqual({ hours: office, outside: "hide" });
  });

  it("writes one field and clears the other, whichever held the hours before", () => {
    const both = { id: "chat", schedule: office, openingHours: evenings };
    expect(withChatHours(both, office, "messages")).toEqual({ id: "chat", openingHours: office });
    expect(withChatHours(both, office, "hide")).toEqual({ id: "chat", schedule: office });
    expect(withChatHours({ id: "chat", openingHours: office }, { ...office, showAlways: true }, "messages")).toEqual({ id: "chat", openingHours: { ...office, showAlways: true } });
    expect(withChatHours(both, undefined, "hide")).toEqual({ id: "chat" });
    // Taking messages: when someone is back is when the hours open, never "outside these hours instead".
    expect(withChatHours({ schedule: { ...office, outsideHours: true } }, { ...office, outsideHours: true }, "messages")).toEqual({ openingHours: office });
  });

  it("the publish summary says when a chat stops hiding outside its hours and takes messages there", () => {
    const config = (hours: { schedule?: Schedule; openingHours?: Schedule }): Config => ({
      userId: "u",
      domains: [{ id: "d", name: "shop.test" }],
      buttons: [{ id: "b", active: true, domainId: "d", type: "SINGLE", actions: ["c"] }],
      actions: [{ id: "c", actionType: "CHAT", actionValue: "", ...hours }],
    });
    const hidden = config({ schedule: office });
    const taking = config(withChatHours(hidden.actions![0], office, "messages"));
    expect(summarizeChanges(hidden, taking, "en-GB")).toEqual(["Live chat shown at all times", "Live chat: the hours that say when you're back changed"]);
  });
});
