// @vitest-environment happy-dom
// The loader's page-view flow with the real decision, renderer and extras chunk; only fetch and
// timers are mocked. Here: re-evaluation of the decision (schedules, the chunk's timer).
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Config } from "../../../src/config/types.gen";
import { config } from "../fixtures";
import { ids, revealed, roots, settle, styleLoaded, widget } from "../helpers";
import { pageViewHooks, w } from "./setup";

pageViewHooks();

describe("re-evaluation of schedules (spec §4.2)", () => {
  it("the 60 s re-check follows each day's own hours: Saturday's window closes at 14:00, the weekdays' at 18:00", async () => {
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"] });
    styleLoaded();
    const win = (start: string, stop: string) => ({ start, stop });
    const hours = [...Array(5).fill(win("09:00", "18:00")), win("10:00", "14:00"), null];
    const c = config({ actions: [{ id: "act-1", actionType: "PHONE", actionValue: "1", schedule: { showAlways: false, timezone: "UTC", hours } }] });
    vi.setSystemTime(new Date("2025-01-11T13:59:30Z")); // a Saturday
    w.CNB_DATA = c;
    const out = await widget().start();
    expect(ids(out)).toEqual(["btn-1"]);
    await revealed(out[0]);
    await vi.waitFor(() => expect(vi.getTimerCount()).toBeGreaterThan(0)); // the chunk's timer is set
    vi.advanceTimersByTime(60000); // 14:00:30
    await vi.waitFor(() => expect(roots()).toEqual([]));
    vi.setSystemTime(new Date("2025-01-10T17:59:30Z")); // a Friday: still open
    w.CNB_DATA = c;
    const friday = await widget().start();
    expect(ids(friday)).toEqual(["btn-1"]);
  });
});

describe("re-evaluation (spec §4.2), started by the chunk after reveal", () => {
  beforeEach(() => styleLoaded());

  const timed = (multi = false): Config => {
    const c = config({
      actions: [
        { id: "act-1", actionType: "PHONE", actionValue: "1", schedule: { showAlways: false, timezone: "UTC", start: "09:00", stop: "17:00" } },
      ],
    });
    if (multi) {
      c.buttons[0].type = "MULTI";
      c.buttons[0].multiButtonOptions = { defaultState: "OPEN" };
    }
    return c;
  };

  it("every 60 s re-renders only when the decision changed", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-18T16:58:10Z") });
    w.CNB_DATA = timed();
    const first = await widget().start();
    expect(ids(first)).toEqual(["btn-1"]);
    await vi.advanceTimersByTimeAsync(60000); // 16:59:10 — same decision: the same element stays
    expect(roots()).toEqual(first);
    await vi.advanceTimersByTimeAsync(60000); // 17:00:10 — closed
    expect(roots()).toEqual([]);
  });

  it("a timer tick that shows buttons again reveals them", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-18T08:59:30Z") });
    w.CNB_DATA = timed();
    expect(await widget().start()).toEqual([]);
    await vi.advanceTimersByTimeAsync(60000); // 09:00:30 — open
    expect(ids(roots())).toEqual(["btn-1"]);
    await revealed(roots()[0]);
  });

  it("the timer does not re-render while a button is expanded", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-18T16:59:30Z") });
    w.CNB_DATA = timed(true);
    const [root] = await widget().start();
    expect(root.classList.contains("cnb-expand")).toBe(true);
    await vi.advanceTimersByTimeAsync(60000);
    expect(roots()).toEqual([root]);
    (root.querySelector(".cnb-toggle") as HTMLElement).click();
    expect(root.classList.contains("cnb-expand")).toBe(false);
    await vi.advanceTimersByTimeAsync(60000);
    expect(roots()).toEqual([]);
  });

  it("no timer without a timed schedule", async () => {
    const every = vi.spyOn(window, "setInterval");
    w.CNB_DATA = config();
    await widget().start();
    await settle();
    expect(every).not.toHaveBeenCalled();
    w.CNB_DATA = timed();
    await widget().start();
    await settle();
    expect(every).toHaveBeenCalledWith(expect.any(Function), 60000);
  });

  it("a later render stops the previous one's timer", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-18T16:58:10Z") });
    w.CNB_DATA = timed();
    const wd = widget();
    await wd.start();
    await vi.advanceTimersByTimeAsync(0);
    const once = await wd.render(timed(), false);
    await vi.advanceTimersByTimeAsync(180000); // closed by now, but nothing re-evaluates
    expect(roots()).toEqual(once);
  });

  it("a body resize re-renders a viewport-dependent button when the decision changes", async () => {
    const viewport = (width: number, height: number) =>
      (window as unknown as { happyDOM: { setViewport(v: object): void } }).happyDOM.setViewport({ width, height });
    let fire: () => void = () => {};
    let observed: Element | null = null;
    // The body's observer (collision avoidance has observers of its own, for other elements).
    vi.stubGlobal(
      "ResizeObserver",
      class {
        constructor(private cb: () => void) {}
        observe(el: Element) {
          if (el != document.body) return;
          observed = el;
          fire = this.cb;
        }
        unobserve() {}
        disconnect() {}
      },
    );
    const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    const c = config();
    c.buttons[0].options = { displayMode: "DESKTOP_ONLY" };
    w.CNB_DATA = c;
    viewport(1200, 800);
    const [root] = await widget().start();
    await settle();
    expect(observed).toBe(document.body);
    fire();
    await frame();
    expect(roots()).toEqual([root]); // unchanged decision: not re-rendered
    viewport(700, 500);
    fire();
    fire();
    await frame();
    expect(roots()).toEqual([]);
    viewport(1200, 800);
    fire();
    await frame();
    expect(ids(roots())).toEqual(["btn-1"]);
  });
});
