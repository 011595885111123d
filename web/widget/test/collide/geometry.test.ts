import { describe, expect, it } from "vitest";
import { isObstacle, isStuck, placeOf, shiftFor, shiftsFor, type Rect } from "../../src/loader/collide/geometry";

const rect = (left: number, top: number, w: number, h: number): Rect => ({ left, top, right: left + w, bottom: top + h });
const VW = 1280,
  VH = 800;
// A 56px circle 20px from the bottom-right corner.
const corner = rect(VW - 76, VH - 76, 56, 56);
const BR = { edge: "bottom", side: "right" } as const;

describe("shiftFor", () => {
  it("stays home when nothing is in the way", () => {
    expect(shiftFor(corner, [rect(0, 0, VW, 60)], BR, VW, VH)).toEqual({ x: 0, y: 0 });
  });

  it("moves above a full-width cookie banner at the bottom, with a gap", () => {
    const banner = rect(0, VH - 120, VW, 120);
    expect(shiftFor(corner, [banner], BR, VW, VH)).toEqual({ x: 0, y: -(VH - 20 - (VH - 120) + 10) });
  });

  it("moves above a launcher of the same size in the corner (a tie goes above: buttons stack)", () => {
    const launcher = rect(VW - 84, VH - 84, 64, 64);
    expect(shiftFor(corner, [launcher], BR, VW, VH)).toEqual({ x: 0, y: -(VH - 20 - (VH - 84) + 10) });
  });

  it("keeps a tie above when the root is measured with sub-pixel noise (mid-slide)", () => {
    const launcher = rect(VW - 84, VH - 84, 64, 64);
    for (const noise of [-0.4, 0.0001, 0.6]) {
      const noisy = { ...corner, top: corner.top + noise, bottom: corner.bottom + noise };
      expect(shiftFor(noisy, [launcher], BR, VW, VH).x).toBe(0);
    }
  });

  it("moves beside a tall narrow element in its corner, above a wide short one", () => {
    const tall = rect(VW - 90, VH - 110, 90, 110);
    expect(shiftFor(corner, [tall], BR, VW, VH)).toEqual({ x: -(VW - 20 - (VW - 90) + 10), y: 0 });
    const wide = rect(VW - 300, VH - 90, 300, 90);
    expect(shiftFor(corner, [wide], BR, VW, VH)).toEqual({ x: 0, y: -(VH - 20 - (VH - 90) + 10) });
  });

  it("passes stacked obstacles one after another (a sticky bar above a banner)", () => {
    const banner = rect(0, VH - 100, VW, 100);
    const bar = rect(0, VH - 160, VW, 60);
    const s = shiftFor(corner, [banner, bar], BR, VW, VH);
    const top = corner.top + s.y;
    expect(corner.bottom + s.y).toBeLessThanOrEqual(VH - 160 - 10);
    expect(top).toBeGreaterThanOrEqual(0);
  });

  it("moves a top root down below a fixed header, and a left one to the right", () => {
    const tl = rect(20, 20, 56, 56);
    expect(shiftFor(tl, [rect(0, 0, VW, 64)], { edge: "top", side: "left" }, VW, VH)).toEqual({ x: 0, y: 64 + 10 - 20 });
    expect(shiftFor(tl, [rect(0, 0, 70, 120)], { edge: "top", side: "left" }, VW, VH)).toEqual({ x: 70 + 10 - 20, y: 0 });
  });

  it("never moves a centred full bar sideways", () => {
    const bar = rect(0, VH - 56, VW, 56);
    const s = shiftFor(bar, [rect(0, VH - 80, VW, 80)], { edge: "bottom", side: "center" }, VW, VH);
    expect(s).toEqual({ x: 0, y: -(56 + 10 + 24) + 0 * 1 });
  });

  it("stays home when no move fits the viewport", () => {
    const wall = rect(0, 40, VW, VH - 40);
    expect(shiftFor(corner, [rect(0, 100, VW, 300), rect(0, VH - 300, VW, 300)], BR, VW, 500)).toEqual({ x: 0, y: 0 });
    expect(isObstacle(wall, VW, VH)).toBe(false);
  });

  it("ignores page-sized layers, empty and off-screen rectangles", () => {
    expect(shiftFor(corner, [rect(0, 0, VW, VH)], BR, VW, VH)).toEqual({ x: 0, y: 0 });
    expect(shiftFor(corner, [rect(VW - 76, VH - 76, 0, 0)], BR, VW, VH)).toEqual({ x: 0, y: 0 });
    expect(isObstacle(rect(0, VH + 10, VW, 100), VW, VH)).toBe(false);
  });
});

describe("shiftsFor", () => {
  it("keeps buttons stacked in rows (a phone) in their rows above a banner, and leaves those with nothing in the way", () => {
    const PW = 390,
      PH = 844;
    const right = { home: rect(314, 768, 56, 56), place: BR };
    const left = { home: rect(20, 700, 56, 56), place: { edge: "bottom", side: "left" } as const };
    const top = { home: rect(20, 20, 56, 56), place: { edge: "top", side: "left" } as const };
    const banner = rect(0, 734, PW, 110);
    const [r, l, t] = shiftsFor([right, left, top], [banner], PW, PH);
    expect(r).toEqual({ x: 0, y: -100 });
    expect(l).toEqual({ x: 0, y: -100 }); // alone it would need 32 and land on the right one's row
    expect(t).toEqual({ x: 0, y: 0 });
    // A sticky bar only the lower row meets: the upper row moves with it all the same.
    const [r2, l2] = shiftsFor([right, left], [rect(0, 772, PW, 72)], PW, PH);
    expect(r2).toEqual({ x: 0, y: -62 });
    expect(l2).toEqual({ x: 0, y: -62 });
  });

  it("moves roots in one row (a wide screen) each on its own: a launcher in one corner moves only the button it is under", () => {
    const right = { home: corner, place: BR };
    const left = { home: rect(20, VH - 76, 56, 56), place: { edge: "bottom", side: "left" } as const };
    const [r, l] = shiftsFor([right, left], [rect(VW - 84, VH - 84, 64, 64)], VW, VH);
    expect(r.y).toBeLessThan(0);
    expect(l).toEqual({ x: 0, y: 0 });
  });
});

describe("isStuck", () => {
  it("a sticky element counts only against the edge its inset names", () => {
    expect(isStuck(rect(0, VH - 60, VW, 60), VH, null, 0)).toBe(true);
    expect(isStuck(rect(0, 300, VW, 60), VH, null, 0)).toBe(false);
    expect(isStuck(rect(0, 0, VW, 60), VH, 0, null)).toBe(true);
  });
});

describe("placeOf", () => {
  it("reads the axis classes, mirrored on right-to-left pages", () => {
    expect(placeOf("call-now-button cnb-bottom-right cnb-bottom cnb-right")).toEqual(BR);
    expect(placeOf("call-now-button cnb-top cnb-left")).toEqual({ edge: "top", side: "left" });
    expect(placeOf("call-now-button cnb-middle cnb-left cnb-rtl")).toEqual({ edge: "middle", side: "right" });
    expect(placeOf("call-now-button cnb-bottom cnb-center")).toEqual({ edge: "bottom", side: "center" });
  });
});
