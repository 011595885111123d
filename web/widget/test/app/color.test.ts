import { describe, expect, it } from "vitest";
import { contrast, HEADER_COLORS, isHex, lighten, textOn } from "../../src/app/color";

describe("lighten", () => {
  it("moves every channel 10 % of the way to white", () => {
    expect(lighten("#000000", 10)).toBe("#1a1a1a");
    expect(lighten("#009900", 10)).toBe("#1aa31a");
    expect(lighten("#ffffff", 10)).toBe("#ffffff");
    expect(lighten("#0a7cff", 10)).toBe("#2389ff");
  });
  it("expands short hex colours and accepts upper case", () => {
    expect(lighten("#090", 10)).toBe(lighten("#009900", 10));
    expect(lighten("#FFF", 10)).toBe("#ffffff");
    expect(lighten("#ABC", 0)).toBe("#aabbcc");
  });
  it("clamps the percentage", () => {
    expect(lighten("#123456", 100)).toBe("#ffffff");
    expect(lighten("#123456", 250)).toBe("#ffffff");
    expect(lighten("#123456", -5)).toBe("#123456");
  });
  it("returns anything but a 3- or 6-digit hex colour unchanged", () => {
    for (const c of ["red", "rgb(1,2,3)", "#12345", "#1234", "#12345678", "", "009900"]) expect(lighten(c, 10)).toBe(c);
  });
});

describe("header colours", () => {
  it("defaults per modal type (spec §9)", () => {
    expect(HEADER_COLORS.chat).toBe("#009900");
    expect(HEADER_COLORS.whatsapp).toBe("#008069");
    expect(HEADER_COLORS.facebook).toBe("#0a7cff");
  });
  it("picks a text colour readable over the whole gradient", () => {
    for (const c of [...Object.values(HEADER_COLORS), "#000", "#fff", "#777777", "#ff0000", "#123456", "#ffee00"]) {
      const t = textOn(c);
      const worst = Math.min(contrast(t == "#fff" ? "#ffffff" : "#111111", c), contrast(t == "#fff" ? "#ffffff" : "#111111", lighten(c, 10)));
      expect(worst, c).toBeGreaterThanOrEqual(3.9);
    }
    expect(textOn("#008069")).toBe("#fff");
    expect(textOn("#ffffff")).toBe("#111");
    expect(textOn("red")).toBe("#fff");
  });
  it("isHex", () => {
    expect(isHex("#abc")).toBe(true);
    expect(isHex("#abcdef")).toBe(true);
    expect(isHex("#abcd")).toBe(false);
    expect(isHex(undefined)).toBe(false);
  });
});
