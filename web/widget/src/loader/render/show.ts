// Showing and hiding a root, and scroll rules (spec §2.3, §4.3, §5.1): a button with
// revealAtHeight / hideAtHeight shows while scrollY ≥ revealAtHeight and hides again once
// scrollY ≥ hideAtHeight (or when scrolled back above revealAtHeight); with neverHide it stays once
// shown. Only the extras chunk (../scroll.ts) applies rules; the renderer keeps a root with a
// rule hidden until then.
import type { ScrollOptions } from "../../config/types.gen";

/** Roots with a scroll rule, and their rules. */
export type Rules = [HTMLElement, ScrollOptions][];

/** Shows or hides a root with an inline !important display, which the page cannot undo. */
export const shown = (el: HTMLElement, on: boolean): void => {
  el.style[on ? "removeProperty" : "setProperty"]("display", "none", "important");
};

/** A height in whole pixels, ≥ 0. */
const px = (v?: number) => (v! > 0 ? v! | 0 : 0);

/** Whether rule s shows its root at scroll height y. */
export const showsAt = (s: ScrollOptions, y: number): boolean => {
  const hide = px(s.hideAtHeight);
  return y >= px(s.revealAtHeight) && !(hide && y >= hide && !s.neverHide);
};
