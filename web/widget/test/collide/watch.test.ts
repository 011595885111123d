// @vitest-environment happy-dom
// The collision watcher's first look at a page (src/loader/collide/watch.ts): a long page's
// elements are looked at over several idle periods, a bounded number in each when the period is
// spent, never all in one task; every element is looked at in the end.
import { afterEach, expect, it, vi } from "vitest";
import { avoidCollisions } from "../../src/loader/collide/watch";

class Observer {
  observe() {}
  unobserve() {}
  disconnect() {}
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = "";
});

it("looks at a long page's elements over several idle periods, a bounded number in each", async () => {
  document.body.innerHTML = "<p>Paragraph.</p>".repeat(1000);
  const periods: ((d: IdleDeadline) => void)[] = [];
  vi.stubGlobal("requestIdleCallback", (f: (d: IdleDeadline) => void) => periods.push(f));
  vi.stubGlobal("ResizeObserver", Observer);
  vi.stubGlobal("IntersectionObserver", Observer);
  vi.stubGlobal("matchMedia", () => ({ matches: false }));
  const looks = vi.spyOn(window, "getComputedStyle");
  const stop = avoidCollisions(
    () => [],
    (e) => {
      throw e;
    },
  );
  // Each idle period comes already spent (the browser is busy): the watcher still moves on.
  const spent = { didTimeout: true, timeRemaining: () => 0 };
  const perPeriod: number[] = [];
  for (let i = 0; i < 50; i++) {
    await vi.waitFor(() => expect(periods.length).toBeGreaterThan(0));
    const before = looks.mock.calls.length;
    periods.shift()!(spent);
    perPeriod.push(looks.mock.calls.length - before);
    if (looks.mock.calls.length >= 1000) break;
  }
  expect(perPeriod.length).toBeGreaterThanOrEqual(5);
  expect(Math.max(...perPeriod)).toBeLessThanOrEqual(200);
  expect(looks.mock.calls.length).toBeGreaterThanOrEqual(1000);
  stop();
});
