import { expect, it } from "vitest";
import { displayOk, isDesktop } from "../../src/loader/decide/display";

it("desktop: width ≥ 850 in landscape, ≥ 450 in portrait", () => {
  expect(isDesktop({ width: 850, height: 600 })).toBe(true);
  expect(isDesktop({ width: 849, height: 600 })).toBe(false);
  expect(isDesktop({ width: 800, height: 800 })).toBe(false); // square counts as landscape
  expect(isDesktop({ width: 450, height: 900 })).toBe(true);
  expect(isDesktop({ width: 449, height: 900 })).toBe(false);
  expect(isDesktop({ width: 390, height: 844 })).toBe(false); // phone portrait
  expect(isDesktop({ width: 844, height: 390 })).toBe(false); // phone landscape
  expect(isDesktop({ width: 768, height: 1024 })).toBe(true); // tablet portrait
});

it("ALWAYS and missing modes always show", () => {
  for (const v of [{ width: 300, height: 600 }, { width: 1920, height: 1080 }]) {
    expect(displayOk("ALWAYS", v)).toBe(true);
    expect(displayOk(undefined, v)).toBe(true);
  }
});

it("DESKTOP_ONLY and MOBILE_ONLY are opposites", () => {
  const desk = { width: 1280, height: 800 }, phone = { width: 390, height: 844 };
  expect(displayOk("DESKTOP_ONLY", desk)).toBe(true);
  expect(displayOk("DESKTOP_ONLY", phone)).toBe(false);
  expect(displayOk("MOBILE_ONLY", desk)).toBe(false);
  expect(displayOk("MOBILE_ONLY", phone)).toBe(true);
});
