import { describe, expect, it } from "vitest";
import { actionToOpen, hasEventTrigger, isExitIntent, pageViewsReached, scrollReached, scrolledPercent, secondsLeft, usesSession } from "../../src/loader/triggers/rules";
import { createSession, parseSession, SESSION_KEY } from "../../src/loader/triggers/session";

describe("trigger rules", () => {
  it("event triggers are seconds, scroll % and exit intent; 0 is none", () => {
    expect(hasEventTrigger({ afterSeconds: 5 })).toBe(true);
    expect(hasEventTrigger({ afterScrollPercent: 50 })).toBe(true);
    expect(hasEventTrigger({ exitIntent: true })).toBe(true);
    expect(hasEventTrigger({ afterSeconds: 0, afterPageViews: 3, exitIntent: false })).toBe(false);
  });

  it("page views gate the button, this page included", () => {
    expect(pageViewsReached({ afterPageViews: 3 }, 2)).toBe(false);
    expect(pageViewsReached({ afterPageViews: 3 }, 3)).toBe(true);
    expect(pageViewsReached({}, 1)).toBe(true);
  });

  it("seconds count from the page's start", () => {
    expect(secondsLeft({ afterSeconds: 5 }, 1200)).toBe(3800);
    expect(secondsLeft({ afterSeconds: 5 }, 9000)).toBe(0);
  });

  it("scrolled % is of the height that can be scrolled", () => {
    expect(scrolledPercent(0, 3000, 1000)).toBe(0);
    expect(scrolledPercent(1000, 3000, 1000)).toBe(50);
    expect(scrolledPercent(5000, 3000, 1000)).toBe(100);
    expect(scrolledPercent(0, 800, 1000)).toBe(100); // cannot scroll: read
    expect(scrollReached({ afterScrollPercent: 50 }, 49.9)).toBe(false);
    expect(scrollReached({ afterScrollPercent: 50 }, 50)).toBe(true);
    expect(scrollReached({}, 100)).toBe(false);
  });

  it("exit intent is the pointer leaving through the top", () => {
    expect(isExitIntent(null, -2)).toBe(true);
    expect(isExitIntent(null, 0)).toBe(true);
    expect(isExitIntent(null, 300)).toBe(false); // out through a side or the bottom
    expect(isExitIntent({}, -2)).toBe(false); // into another element
  });

  it("opens its own action once per session unless openEveryTime", () => {
    expect(actionToOpen({ openAction: "a1" }, ["a1"], false)).toBe("a1");
    expect(actionToOpen({ openAction: "a1" }, ["a1"], true)).toBe("");
    expect(actionToOpen({ openAction: "a1", openEveryTime: true }, ["a1"], true)).toBe("a1");
    expect(actionToOpen({ openAction: "a9" }, ["a1"], false)).toBe("");
    expect(actionToOpen({}, ["a1"], false)).toBe("");
  });

  it("the session is kept only for configs with triggers", () => {
    expect(usesSession({ buttons: [{ options: { triggers: {} } }] } as never)).toBe(true);
    expect(usesSession({ buttons: [{ options: {} }] } as never)).toBe(false);
    expect(usesSession(undefined)).toBe(false);
  });
});

describe("the session's state", () => {
  const store = () => {
    const m = new Map<string, string>();
    return { m, getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k) };
  };

  it("counts each page view once, keeps opened buttons, forgets on demand", () => {
    const s = store();
    const one = createSession();
    one.count(s);
    one.count(s);
    expect(one.state.views).toBe(1);
    one.state.opened.push("b1");
    one.save(s);
    const two = createSession();
    two.count(s);
    expect(two.state).toEqual({ views: 2, opened: ["b1"] });
    two.forget(s);
    expect(s.m.has(SESSION_KEY)).toBe(false);
  });

  it("without storage the page is the session's first, in memory", () => {
    const one = createSession();
    one.count(undefined);
    expect(one.state.views).toBe(1);
  });

  it("reads anything unreadable as a fresh session", () => {
    expect(parseSession("{")).toEqual({ views: 0, opened: [] });
    expect(parseSession('{"views":"9","opened":[1,"b"]}')).toEqual({ views: 0, opened: ["b"] });
    expect(parseSession(null)).toEqual({ views: 0, opened: [] });
  });
});
