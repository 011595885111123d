// Triggers (docs/configuration.md "Triggers"), pure: when a button with triggers shows, and when
// it opens its openAction by itself. A button is held back until the session has had
// afterPageViews page views; then it shows on the first of its event triggers (afterSeconds on
// the page, afterScrollPercent of the page scrolled, exitIntent), or at once when it has none.
// The session's state (page views, buttons that opened their action) is kept by session.ts.
import type { Config, Triggers } from "../../config/types.gen";

const n = (v: unknown): number => (typeof v == "number" && v > 0 ? v : 0);

/** The button has at least one event trigger (it waits for an event after the page-view gate). */
export const hasEventTrigger = (t: Triggers): boolean => n(t.afterSeconds) > 0 || n(t.afterScrollPercent) > 0 || t.exitIntent === true;

/** The session's page views (this one included) reach the button's afterPageViews. */
export const pageViewsReached = (t: Triggers, views: number): boolean => views >= n(t.afterPageViews);

/** Milliseconds left until afterSeconds, elapsed ms after the page's start (0: due now). */
export const secondsLeft = (t: Triggers, elapsed: number): number => Math.max(0, n(t.afterSeconds) * 1000 - elapsed);

/**
 * How much of the page has been scrolled, in %: scrollY over the height that can be scrolled
 * (a page that cannot scroll counts as fully read: 100).
 */
export const scrolledPercent = (scrollY: number, scrollHeight: number, viewport: number): number => {
  const room = scrollHeight - viewport;
  return room > 0 ? Math.min(100, (Math.max(0, scrollY) / room) * 100) : 100;
};

/** afterScrollPercent is reached at that scroll position. */
export const scrollReached = (t: Triggers, percent: number): boolean => n(t.afterScrollPercent) > 0 && percent >= n(t.afterScrollPercent);

/**
 * Exit intent (desktop): the pointer leaves the document through its top edge, towards the tabs
 * and the address bar (a mouseout to no element at or above y = 0).
 */
export const isExitIntent = (relatedTarget: unknown, clientY: number): boolean => !relatedTarget && clientY <= 0;

/**
 * The action to open by itself when the button shows by a trigger: openAction, when it is one
 * of the button's actions and has not opened in this session (or openEveryTime); else "".
 */
export function actionToOpen(t: Triggers, buttonActions: string[], openedInSession: boolean): string {
  const a = t.openAction || "";
  return a && buttonActions.includes(a) && (t.openEveryTime === true || !openedInSession) ? a : "";
}

/** A button of the config has triggers: the session's state (page views, opened) is kept. */
export const usesSession = (c: Config | undefined): boolean => !!c?.buttons.some((b) => b.options?.triggers);
