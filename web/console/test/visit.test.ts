import { describe, expect, it } from "vitest";
import { browserOf, countryName, localTime } from "../src/lib/visit";
import { translate } from "../src/i18n/index";
import type { Translate } from "../src/i18n/locale";

const en: Translate = (key, vars) => translate("en", key, vars);

describe("the visitor in words", () => {
  it("names the browser and system", () => {
    const chrome = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
    expect(browserOf(chrome, en)).toBe("Chrome 156 on Windows 10");
    expect(browserOf(chrome, (key, vars) => translate("de", key, vars))).toBe("Chrome 156 unter Windows 10");
    const iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
    expect(browserOf(iphone, en)).toMatch(/^Safari 18 on iOS 18/);
    expect(browserOf(null, en)).toBeNull();
  });

  it("names the country, and tells the local time in the visitor's zone", () => {
    expect(countryName("nl", "en")).toBe("Netherlands");
    expect(countryName(null)).toBeNull();
    expect(localTime("Europe/Amsterdam", new Date("2026-11-25T21:05:00Z"), "en-GB")).toBe("22:05 (Europe/Amsterdam)");
    expect(localTime("Not/AZone", new Date(), "en-GB")).toBeNull();
  });
});
