// @vitest-environment happy-dom
// A surface on a small screen: the page's scroll lock (nested surfaces share it) and the dialog's
// box on the visual viewport (modal/viewport.ts).
import { describe, expect, it } from "vitest";
import { followVisualViewport, lockPageScroll } from "../../src/app/modal/viewport";

describe("lockPageScroll", () => {
  it("holds the page until the last lock goes, then puts the page's own overflow back", () => {
    const root = document.documentElement;
    root.style.overflow = "scroll";
    const a = lockPageScroll();
    const b = lockPageScroll();
    expect(root.style.getPropertyValue("overflow")).toBe("hidden");
    a();
    a(); // twice is once
    expect(root.style.getPropertyValue("overflow")).toBe("hidden");
    b();
    expect(root.style.getPropertyValue("overflow")).toBe("scroll");
    root.style.removeProperty("overflow");
  });
});

describe("followVisualViewport", () => {
  it("sets the box of the visual viewport, and again on its resize and scroll, until stopped", () => {
    const vv = Object.assign(new EventTarget(), { offsetTop: 0, offsetLeft: 0, width: 390, height: 844 });
    const el = document.createElement("div");
    const stop = followVisualViewport(el, { visualViewport: vv } as unknown as Window);
    const box = () => ["top", "left", "width", "height"].map((k) => el.style.getPropertyValue("--cnb-vv-" + k));
    expect(box()).toEqual(["0px", "0px", "390px", "844px"]);
    Object.assign(vv, { height: 500, offsetTop: 120 }); // the on-screen keyboard
    vv.dispatchEvent(new Event("resize"));
    expect(box()).toEqual(["120px", "0px", "390px", "500px"]);
    stop();
    Object.assign(vv, { height: 844, offsetTop: 0 });
    vv.dispatchEvent(new Event("scroll"));
    expect(box()).toEqual(["120px", "0px", "390px", "500px"]);
  });
});
