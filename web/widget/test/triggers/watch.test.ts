// @vitest-environment happy-dom
// The triggers' holding and releasing (loader/triggers/watch.ts) with a driven clock: which roots
// show when, what opens, and that the listeners go once nothing waits.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Triggers } from "../../src/config/types.gen";
import { createTriggers, type Held } from "../../src/loader/triggers/watch";
import { createSession } from "../../src/loader/triggers/session";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup(views = 1, elapsed = 0) {
  const session = createSession();
  session.state.views = views;
  const released: string[] = [];
  const opened: string[] = [];
  const saves = vi.fn();
  const t = createTriggers({
    session,
    release: (el) => released.push(el.id),
    open: (a) => (opened.push(a), true),
    save: saves,
    elapsed: () => elapsed,
    desktop: () => true,
  });
  const held = (id: string, triggers: Triggers, actions = ["a-" + id]): Held => {
    const el = document.createElement("div");
    el.id = id;
    return { el, t: triggers, scroll: {}, id, actions };
  };
  return { t, session, released, opened, saves, held };
}

describe("holding roots until their triggers fire", () => {
  it("seconds count from the page's start; the rest wait", () => {
    const { t, released, held } = setup(1, 2000);
    t.hold([held("five", { afterSeconds: 5 }), held("exit", { exitIntent: true })]);
    expect(released).toEqual([]);
    vi.advanceTimersByTime(2999);
    expect(released).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(released).toEqual(["five"]);
    expect(t.holding()).toBe(1);
  });

  it("exit intent: a mouseout to nothing at the top", () => {
    const { t, released, held } = setup();
    t.hold([held("exit", { exitIntent: true })]);
    document.dispatchEvent(new MouseEvent("mouseout", { clientY: 300 }));
    expect(released).toEqual([]);
    document.dispatchEvent(new MouseEvent("mouseout", { clientY: -1 }));
    expect(released).toEqual(["exit"]);
    expect(t.holding()).toBe(0);
  });

  it("page views gate; a button without event triggers shows once they are reached, and opens its action once", () => {
    const { t, session, released, opened, saves, held } = setup(1);
    t.hold([held("third", { afterPageViews: 3, openAction: "a-third" })]);
    expect(released).toEqual([]);
    session.state.views = 3; // counted once consent came
    t.recheck();
    expect(released).toEqual(["third"]);
    expect(opened).toEqual(["a-third"]);
    expect(session.state.opened).toEqual(["third"]);
    expect(saves).toHaveBeenCalled();
    // Rendered again in the same page view: shown at once, not opened again.
    t.hold([held("third", { afterPageViews: 3, openAction: "a-third" })]);
    expect(released).toEqual(["third", "third"]);
    expect(opened).toEqual(["a-third"]);
  });

  it("an action opened earlier in the session does not open again", () => {
    const { t, session, opened, held } = setup();
    session.state.opened.push("b");
    t.hold([held("b", { openAction: "a-b" })]);
    expect(opened).toEqual([]);
  });

  it("an action that may not open (consent owed) is not counted as opened", () => {
    const session = createSession();
    const t = createTriggers({ session, release: () => {}, open: () => false, save: () => {}, elapsed: () => 0, desktop: () => false });
    const el = document.createElement("div");
    t.hold([{ el, t: { openAction: "a" }, scroll: {}, id: "b", actions: ["a"] }]);
    expect(session.state.opened).toEqual([]);
  });

  it("dropped roots never show", () => {
    const { t, released, held } = setup();
    const h = held("gone", { afterSeconds: 1 });
    t.hold([h]);
    t.drop([h.el]);
    vi.advanceTimersByTime(5000);
    expect(released).toEqual([]);
  });
});
