import { describe, expect, it } from "vitest";
import { dayText } from "../src/lib/figures";

describe("days in the console's language (lib/figures.ts)", () => {
  it("the chart's short days name the month, so no reader takes 8 November for 11 August", () => {
    expect(dayText("2026-11-08", "en", true)).toBe("Nov 8");
    expect(dayText("2026-11-08", "de", true)).toBe("8. Nov.");
    expect(dayText("2026-11-08", "es", true)).toBe("8 nov");
    for (const lang of ["en", "de", "es"]) expect(dayText("2026-11-08", lang, true)).not.toMatch(/^\d+\W+\d+\W*$/);
  });

  it("a day in full, in UTC whatever the browser's zone", () => {
    expect(dayText("2026-11-28", "en")).toBe("Nov 28, 2026");
    expect(dayText("2026-11-28", "de")).toBe("28.11.2026");
  });
});
