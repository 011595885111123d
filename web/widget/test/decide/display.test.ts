// @vitest-environment happy-dom
import { expect, it } from "vitest";
import { displayOk, isDesktop } from "../../src/loader/decide/display";

/** isDesktop for a viewport of this size, answered by the environment's matchMedia. */
const desktopAt = (width: number, height: number) => {
  (window as unknown as { happyDOM: { setViewport(v: object): void } }).happyDOM.setViewport({ width, height });
  return isDesktop((q) => matchMedia(q).matches);
};

it("desktop: width ≥ 850, or ≥ 450 in portrait", () => {
  expect(desktopAt(850, 600)).toBe(true);
  expect(desktopAt(849, 600)).toBe(false);
  expect(desktopAt(800, 801)).toBe(true); // (a square is portrait in CSS too: checked in Chromium, page-rules.test.mjs)
  expect(desktopAt(450, 900)).toBe(true);
  expect(desktopAt(449, 900)).toBe(false);
  expect(desktopAt(390, 844)).toBe(false); // phone portrait
  expect(desktopAt(844, 390)).toBe(false); // phone landscape
  expect(desktopAt(768, 1024)).toBe(true); // tablet portrait
  expect(desktopAt(1280, 800)).toBe(true);
});

it("asks the browser, never reads the viewport size (that would force a layout)", () => {
  const asked: string[] = [];
  isDesktop((q) => (asked.push(q), false));
  expect(asked).toEqual(["(min-width:850px)", "(orientation:portrait) and (min-width:450px)"]);
});

it("ALWAYS and missing modes always show", () => {
  for (const desktop of [false, true]) {
    expect(displayOk("ALWAYS", desktop)).toBe(true);
    expect(displayOk(undefined, desktop)).toBe(true);
  }
});

it("DESKTOP_ONLY and MOBILE_ONLY are opposites", () => {
  expect(displayOk("DESKTOP_ONLY", true)).toBe(true);
  expect(displayOk("DESKTOP_ONLY", false)).toBe(false);
  expect(displayOk("MOBILE_ONLY", true)).toBe(false);
  expect(displayOk("MOBILE_ONLY", false)).toBe(true);
});
