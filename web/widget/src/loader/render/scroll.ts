// Scroll rules (spec §2.3, §4.3, §5.1): a button with revealAtHeight / hideAtHeight shows while
// scrollY ≥ revealAtHeight and hides again once scrollY ≥ hideAtHeight (or when scrolled back above
// revealAtHeight). With neverHide it stays once shown, and no longer needs watching.
// One passive scroll listener, throttled to one update per animation frame, serves every button of
// the window; it is removed as soon as no rule is left (all removed, or neverHide reached).
import type { ScrollOptions } from "../../config/types.gen";

/** Applies a root's rule at a scroll height. */
export type ScrollRule = (y: number) => void;

/** Shows or hides a root with an inline !important display, which the page cannot undo. */
export function shown(el: HTMLElement, on: boolean): void {
  el.style[on ? "removeProperty" : "setProperty"]("display", "none", "important");
}

const rules = new Set<ScrollRule>();
let win: Window | null = null;
let frame = 0;

function onScroll(): void {
  // A frame still pending after the last rule went finds no rules and only resets frame.
  frame =
    frame ||
    win!.requestAnimationFrame(() => {
      frame = 0;
      rules.forEach((r) => r(win!.scrollY));
    });
}

/** The rule for a root, or undefined when both heights are 0 (no scroll rule: always shown). */
export function scrollRule(el: HTMLElement, s: ScrollOptions = {}): ScrollRule | undefined {
  const h = (v?: number) => (v! > 0 ? v! | 0 : 0); // whole pixels, ≥ 0
  const reveal = h(s.revealAtHeight);
  const hide = h(s.hideAtHeight);
  const r = (y: number) => {
    const on = y >= reveal && !(hide && y >= hide && !s.neverHide);
    shown(el, on);
    if (on && s.neverHide) unwatch(r);
  };
  return reveal || hide ? r : undefined;
}

/** Starts applying r (at once, then on scroll). */
export function watch(r: ScrollRule, w: Window): void {
  rules.add(r);
  if (!win) w.addEventListener("scroll", onScroll, { passive: true });
  win = w;
  r(w.scrollY);
}

/** Stops applying r; the listener goes with the last rule. */
export function unwatch(r: ScrollRule): void {
  if (rules.delete(r) && !rules.size) {
    win!.removeEventListener("scroll", onScroll);
    win = null;
  }
}

/** Number of rules being watched (for tests and debugging). */
export const watching = (): number => rules.size;
