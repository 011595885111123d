// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { anyExpanded, needsResizeObserver, startObservers, TIMER_MS } from "../../src/loader/reevaluate";
import { config } from "./fixtures";

const el = (cls: string) => {
  const d = document.createElement("div");
  d.className = cls;
  return d;
};

describe("anyExpanded", () => {
  it("is true while a root carries cnb-expand (the timer then waits, spec §4.2)", () => {
    expect(anyExpanded([el("call-now-button cnb-multi")])).toBe(false);
    expect(anyExpanded([el("call-now-button"), el("call-now-button cnb-multi cnb-expand")])).toBe(true);
  });
});

describe("needsResizeObserver", () => {
  it("is true only for an active button with a viewport-dependent display mode", () => {
    const c = config();
    expect(needsResizeObserver(c)).toBe(false);
    c.buttons[0].options = { displayMode: "MOBILE_ONLY" };
    expect(needsResizeObserver(c)).toBe(true);
    c.buttons[0].active = false;
    expect(needsResizeObserver(c)).toBe(false);
    c.buttons[0] = { ...c.buttons[0], active: true, options: undefined };
    expect(needsResizeObserver(c)).toBe(false);
  });
});

describe("startObservers", () => {
  afterEach(() => vi.useRealTimers());

  it("ticks every 60 s when timed, and stops", () => {
    vi.useFakeTimers();
    const tick = vi.fn();
    const stop = startObservers(window, document.body, true, false, tick);
    vi.advanceTimersByTime(TIMER_MS - 1);
    expect(tick).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(tick).toHaveBeenCalledWith(true);
    stop();
    vi.advanceTimersByTime(TIMER_MS * 3);
    expect(tick).toHaveBeenCalledTimes(1);
  });

  it("coalesces resize callbacks into one tick per frame", () => {
    let cb: () => void = () => {};
    const observed: Element[] = [];
    let disconnected = false;
    const frames: Array<() => void> = [];
    const win = {
      setInterval,
      clearInterval,
      requestAnimationFrame: (f: () => void) => frames.push(f),
      cancelAnimationFrame: () => {},
      ResizeObserver: class {
        constructor(f: () => void) {
          cb = f;
        }
        observe(e: Element) {
          observed.push(e);
        }
        disconnect() {
          disconnected = true;
        }
      },
    } as never;
    const tick = vi.fn();
    const stop = startObservers(win, document.body, false, true, tick);
    expect(observed).toEqual([document.body]);
    cb();
    cb();
    cb();
    expect(frames.length).toBe(1);
    frames[0]();
    expect(tick).toHaveBeenCalledExactlyOnceWith(false);
    cb();
    expect(frames.length).toBe(2);
    stop();
    expect(disconnected).toBe(true);
  });

  it("does nothing when neither applies", () => {
    vi.useFakeTimers();
    const tick = vi.fn();
    startObservers(window, document.body, false, false, tick);
    expect(vi.getTimerCount()).toBe(0);
  });
});
