// Scroll rules (spec §2.3, §4.3, §5.1): a button with revealAtHeight / hideAtHeight shows while
// scrollY ≥ revealAtHeight and hides again once scrollY ≥ hideAtHeight (or when scrolled back above
// revealAtHeight). With neverHide it stays once shown, and no longer needs watching.
// One passive scroll listener, throttled to one update per animation frame, serves every button of
// the window; it is removed as soon as no rule is left (all removed, or neverHide reached).
import type { ScrollOptions } from "../../config/types.gen";

export type ScrollRule = { el: HTMLElement; reveal: number; hide: number; never: boolean };

/** Shows or hides a root with an inline !important display, which the page cannot undo. */
export function shown(el: HTMLElement, on: boolean): void {
  if (on) el.style.removeProperty("display");
  else el.style.setProperty("display", "none", "important");
}

const height = (v?: number) => (typeof v == "number" && v > 0 ? Math.floor(v) : 0);

/** The rule for a root, or undefined when both heights are 0 (no scroll rule: always shown). */
export function scrollRule(el: HTMLElement, s?: ScrollOptions): ScrollRule | undefined {
  const reveal = height(s && s.revealAtHeight);
  const hide = height(s && s.hideAtHeight);
  return reveal || hide ? { el, reveal, hide, never: !!(s && s.neverHide) } : undefined;
}

const rules = new Set<ScrollRule>();
let win: Window | null = null;
let frame = 0;

function apply(r: ScrollRule, y: number): void {
  const on = y >= r.reveal && !(r.hide && y >= r.hide && !r.never);
  shown(r.el, on);
  if (on && r.never) unwatch(r);
}

function update(): void {
  frame = 0;
  if (win) {
    const y = win.scrollY || win.pageYOffset || 0;
    rules.forEach((r) => apply(r, y));
  }
}

function onScroll(): void {
  if (!frame && win) frame = win.requestAnimationFrame(update);
}

/** Starts applying r (at once, then on scroll). */
export function watch(r: ScrollRule, w: Window): void {
  rules.add(r);
  if (!win) {
    win = w;
    w.addEventListener("scroll", onScroll, { passive: true });
  }
  apply(r, w.scrollY || w.pageYOffset || 0);
}

/** Stops applying r; the listener goes with the last rule. */
export function unwatch(r: ScrollRule): void {
  rules.delete(r);
  if (!rules.size && win) {
    win.removeEventListener("scroll", onScroll);
    if (frame) win.cancelAnimationFrame(frame);
    frame = 0;
    win = null;
  }
}

/** Number of rules being watched (for tests and debugging). */
export const watching = (): number => rules.size;
