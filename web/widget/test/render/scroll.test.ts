// @vitest-environment happy-dom
// Scroll rules: a root with a rule stays hidden at reveal; the extras chunk's watcher (scroll.ts),
// which the loader hands the rules revealButtons returns, applies it at once and on scroll.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { removeButtons as remove, renderButtons, revealButtons } from "../../src/loader/render/index";
import { unwatch, watch, watching } from "../../src/loader/scroll";
import type { ScrollOptions } from "../../src/config/types.gen";
import { action, decision, env, isHidden } from "./fixtures";

type Spy = { mock: { calls: unknown[][] }; mockRestore(): void };
let add: Spy;
let rem: Spy;
const scrollCalls = (spy: Spy) => spy.mock.calls.filter((c) => c[0] == "scroll");

beforeEach(() => {
  window.scrollTo(0, 0);
  add = vi.spyOn(window, "addEventListener");
  rem = vi.spyOn(window, "removeEventListener");
});
/** As the loader does: reveal, then the chunk watches the rules; removal drops them. */
const reveal = (roots: HTMLElement[]) => watch(revealButtons(roots));
const removeButtons = (roots: HTMLElement[]) => {
  unwatch(roots);
  remove(roots);
};

afterEach(() => {
  removeButtons(Array.from(document.querySelectorAll<HTMLElement>(".call-now-button")));
  document.body.innerHTML = "";
  add.mockRestore();
  rem.mockRestore();
});

const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));
const scrollTo = async (y: number) => {
  window.scrollTo(0, y);
  window.dispatchEvent(new Event("scroll"));
  await frame();
};
const render = (scroll?: ScrollOptions, id = "b") => renderButtons(decision({ id, options: { scroll } }, [action("a")]), env())[0];

describe("scroll rules", () => {
  it("no heights: shown at reveal, no rule handed over, no listener", () => {
    const root = render({ revealAtHeight: 0, hideAtHeight: 0 });
    expect(isHidden(root)).toBe(true);
    expect(revealButtons([root])).toEqual([]);
    expect(isHidden(root)).toBe(false);
    reveal([root]);
    expect(isHidden(root)).toBe(false);
    expect(scrollCalls(add)).toHaveLength(0);
  });

  it("does not listen before the stylesheet is there", () => {
    const root = render({ revealAtHeight: 300 });
    expect(scrollCalls(add)).toHaveLength(0);
    expect(isHidden(root)).toBe(true);
  });

  it("reveals at revealAtHeight and hides again above it", async () => {
    const root = render({ revealAtHeight: 300 });
    reveal([root]);
    expect(isHidden(root)).toBe(true);
    expect(scrollCalls(add)).toHaveLength(1);
    expect(scrollCalls(add)[0][2]).toEqual({ passive: true });
    await scrollTo(299);
    expect(isHidden(root)).toBe(true);
    await scrollTo(300);
    expect(isHidden(root)).toBe(false);
    await scrollTo(100);
    expect(isHidden(root)).toBe(true);
  });

  it("hides from hideAtHeight on", async () => {
    const root = render({ hideAtHeight: 500 });
    reveal([root]);
    expect(isHidden(root)).toBe(false);
    await scrollTo(600);
    expect(isHidden(root)).toBe(true);
    await scrollTo(10);
    expect(isHidden(root)).toBe(false);
  });

  it("between revealAtHeight and hideAtHeight only", async () => {
    const root = render({ revealAtHeight: 200, hideAtHeight: 800 });
    reveal([root]);
    expect(isHidden(root)).toBe(true);
    await scrollTo(400);
    expect(isHidden(root)).toBe(false);
    await scrollTo(900);
    expect(isHidden(root)).toBe(true);
  });

  it("neverHide: stays once shown and stops listening", async () => {
    const root = render({ revealAtHeight: 200, hideAtHeight: 800, neverHide: true });
    reveal([root]);
    await scrollTo(250);
    expect(isHidden(root)).toBe(false);
    expect(scrollCalls(rem)).toHaveLength(1);
    expect(scrollCalls(rem)[0][1]).toBe(scrollCalls(add)[0][1]);
    expect(watching()).toBe(0);
    await scrollTo(900);
    await scrollTo(0);
    expect(isHidden(root)).toBe(false);
  });

  it("shows at once when the page is already scrolled past revealAtHeight", () => {
    window.scrollTo(0, 1000);
    const root = render({ revealAtHeight: 300 });
    reveal([root]);
    expect(isHidden(root)).toBe(false);
  });

  it("one listener serves all buttons; removed with the last one", async () => {
    const a = render({ revealAtHeight: 100 }, "a");
    const b = render({ revealAtHeight: 200 }, "b");
    reveal([a, b]);
    expect(scrollCalls(add)).toHaveLength(1);
    await scrollTo(150);
    expect([isHidden(a), isHidden(b)]).toEqual([false, true]);
    removeButtons([a]);
    expect(scrollCalls(rem)).toHaveLength(0);
    removeButtons([b]);
    expect(scrollCalls(rem)).toHaveLength(1);
    expect(watching()).toBe(0);
    expect(a.isConnected || b.isConnected).toBe(false);
  });

  it("negative or fractional heights are read as whole numbers ≥ 0", async () => {
    const root = render({ revealAtHeight: -50, hideAtHeight: 300.7 });
    reveal([root]);
    expect(isHidden(root)).toBe(false);
    await scrollTo(300);
    expect(isHidden(root)).toBe(true);
  });

  it("the page cannot unhide a scroll-hidden button with its own CSS", () => {
    const root = render({ revealAtHeight: 300 });
    reveal([root]);
    expect(root.style.getPropertyPriority("display")).toBe("important");
  });

  it("a root with a rule stays hidden at reveal until the chunk applies the rule", () => {
    const top = render({ hideAtHeight: 500 }, "top");
    const later = render({ revealAtHeight: 300 }, "later");
    const plain = render(undefined, "plain");
    const rules = revealButtons([top, later, plain]);
    expect(rules.map(([r]) => r)).toEqual([top, later]);
    expect(rules[1][1]).toEqual({ revealAtHeight: 300 });
    expect([isHidden(top), isHidden(later), isHidden(plain)]).toEqual([true, true, false]);
    expect(scrollCalls(add)).toHaveLength(0);
    watch(rules);
    expect([isHidden(top), isHidden(later)]).toEqual([false, true]); // as at the top of the page
    window.scrollTo(0, 600); // scrolled before the chunk arrived
    const again = [render({ hideAtHeight: 500 }, "top2"), render({ revealAtHeight: 300 }, "later2")];
    watch(revealButtons(again));
    expect(again.map(isHidden)).toEqual([true, false]);
  });

  it("heights below one pixel are no rule", () => {
    const root = render({ revealAtHeight: 0.5, hideAtHeight: -3 });
    expect(revealButtons([root])).toEqual([]);
    expect(isHidden(root)).toBe(false);
  });

  it("a root removed before the chunk watches it is not watched", () => {
    const root = render({ revealAtHeight: 300 });
    const rules = revealButtons([root]);
    unwatch([root]);
    remove([root]);
    expect(watching()).toBe(0);
    expect(scrollCalls(rem)).toHaveLength(0);
    watch([]);
    expect(scrollCalls(add)).toHaveLength(0);
    expect(rules).toHaveLength(1);
  });
});

describe("reveal after the first screen", () => {
  const resizeTo = async (height: number) => {
    (window as { innerHeight: number }).innerHeight = height;
    window.dispatchEvent(new Event("resize"));
    await frame();
  };
  let height: number;
  beforeEach(() => {
    height = window.innerHeight;
  });
  afterEach(() => {
    (window as { innerHeight: number }).innerHeight = height;
  });

  it("is a scroll rule: hidden at reveal, shown once scrolled one viewport height, whatever the viewport", async () => {
    for (const screen of [844, 1200]) {
      (window as { innerHeight: number }).innerHeight = screen;
      window.scrollTo(0, 0);
      const root = render({ revealAfterFirstScreen: true }, "first-" + screen);
      expect(revealButtons([root])).toHaveLength(1);
      watch([[root, { revealAfterFirstScreen: true }]]);
      expect(isHidden(root)).toBe(true);
      await scrollTo(screen - 1);
      expect(isHidden(root)).toBe(true);
      await scrollTo(screen);
      expect(isHidden(root)).toBe(false);
      await scrollTo(0);
      expect(isHidden(root)).toBe(true);
      removeButtons([root]);
    }
  });

  it("follows the viewport when it is resized, and keeps hideAtHeight and neverHide", async () => {
    (window as { innerHeight: number }).innerHeight = 800;
    const root = render({ revealAfterFirstScreen: true, hideAtHeight: 3000 });
    reveal([root]);
    await scrollTo(700);
    expect(isHidden(root)).toBe(true);
    await resizeTo(600); // e.g. a phone turned to landscape: the first screen is shorter now
    expect(isHidden(root)).toBe(false);
    await scrollTo(3100);
    expect(isHidden(root)).toBe(true);
    removeButtons([root]);
    expect(add.mock.calls.filter((c) => c[0] == "resize")).toHaveLength(1);
    expect(rem.mock.calls.filter((c) => c[0] == "resize")).toHaveLength(1);
  });
});
