import { describe, expect, it } from "vitest";
import { awayNotice, AWAY, backWhen, nextOpening } from "../../../src/app/chat/core/away";
import type { Schedule } from "../../../src/config/types.gen";

// Office hours in Amsterdam, Monday to Friday 09:00–17:00 (CET, UTC+1, in late November).
const office: Schedule = { showAlways: false, timezone: "Europe/Amsterdam", daysOfWeek: [true, true, true, true, true, false, false], start: "09:00", stop: "17:00" };

describe("the next opening of the owner's hours", () => {
  it("is none while open, and none without hours", () => {
    expect(nextOpening(office, new Date("2026-11-25T10:00:00Z"))).toBeNull(); // Wednesday 11:00 there
    expect(nextOpening(undefined, new Date("2026-11-25T22:00:00Z"))).toBeNull();
  });

  it("is the next morning's opening minute, in the hours' own zone", () => {
    // Wednesday 21:00 UTC = 22:00 in Amsterdam; Thursday 09:00 there = 08:00 UTC.
    expect(nextOpening(office, new Date("2026-11-25T21:00:00Z"))?.toISOString()).toBe("2026-11-26T08:00:00.000Z");
  });

  it("skips the weekend, and finds an opening that is not on a quarter hour", () => {
    expect(nextOpening(office, new Date("2026-11-27T20:00:00Z"))?.toISOString()).toBe("2026-11-30T08:00:00.000Z");
    const odd = { ...office, start: "09:07" };
    expect(nextOpening(odd, new Date("2026-11-25T21:00:00Z"))?.toISOString()).toBe("2026-11-26T08:07:00.000Z");
  });

  it("reads the hours as opening hours, and none when the owner chose not to tell", () => {
    const flagged = { ...office, outsideHours: true };
    expect(nextOpening(flagged, new Date("2026-11-25T21:00:00Z"))?.toISOString()).toBe("2026-11-26T08:00:00.000Z");
    expect(nextOpening({ ...office, showAlways: true }, new Date("2026-11-25T21:00:00Z"))).toBeNull();
  });

  it("is none when the hours never open", () => {
    const closed: Schedule = { showAlways: false, hours: [null, null, null, null, null, null, null] };
    expect(nextOpening(closed, new Date("2026-11-25T21:00:00Z"))).toBeNull();
  });
});

describe("the away notice", () => {
  const now = new Date(2026, 10, 25, 22, 0); // Wednesday 22:00, the visitor's clock
  it("says today, tomorrow or the weekday", () => {
    expect(backWhen(new Date(2026, 10, 25, 23, 30), now, "en-GB")).toBe("today at 23:30");
    expect(backWhen(new Date(2026, 10, 26, 9, 0), now, "en-GB")).toBe("tomorrow at 09:00");
    expect(backWhen(new Date(2026, 10, 30, 9, 0), now, "en-GB")).toBe("on Monday at 09:00");
  });

  it("promises e-mail only when the server mails replies", () => {
    expect(awayNotice({ byEmail: true, back: null, now })).toBe(AWAY.byEmail);
    expect(awayNotice({ byEmail: false, back: null, now })).toBe(AWAY.hereOnly);
    expect(awayNotice({ byEmail: true, back: new Date(2026, 10, 26, 9, 0), now, locale: "en-GB" })).toBe(`${AWAY.byEmail} We're back tomorrow at 09:00.`);
  });
});
