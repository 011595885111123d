// Showing and hiding a root, and scroll rules (spec §2.3, §4.3, §5.1): a button with
// revealAtHeight / hideAtHeight shows while scrollY ≥ revealAtHeight and hides again once
// scrollY ≥ hideAtHeight (or when scrolled back above revealAtHeight); with neverHide it stays once
// shown. Beckon's revealAfterFirstScreen reveals at one viewport height instead of revealAtHeight:
// once the first screen has scrolled out of view, whatever the device. Only the extras chunk
// (../scroll.ts) applies rules; the renderer keeps a root with a rule hidden until then.
import type { ScrollOptions } from "../../config/types.gen";
import { FIRST_SCREEN } from "../../shared/features";

/** Roots with a scroll rule, and their rules. */
export type Rules = [HTMLElement, ScrollOptions][];

/** Shows or hides a root with an inline !important display, which the page cannot undo. */
export const shown = (el: HTMLElement, on: boolean): void => {
  el.style[on ? "removeProperty" : "setProperty"]("display", "none", "important");
};

/** A height in whole pixels, ≥ 0. */
const px = (v?: number) => (v! > 0 ? v! | 0 : 0);

/** Whether a button has a scroll rule: a height of at least 1 px, or the first screen. */
export const hasScrollRule = (s: ScrollOptions | undefined): boolean =>
  !!s && (s.revealAtHeight! >= 1 || s.hideAtHeight! >= 1 || (FIRST_SCREEN && !!s.revealAfterFirstScreen));

/** Whether rule s shows its root at scroll height y, in a viewport screen pixels high. */
export const showsAt = (s: ScrollOptions, y: number, screen: number): boolean => {
  const hide = px(s.hideAtHeight);
  const reveal = s.revealAfterFirstScreen ? px(screen) : px(s.revealAtHeight);
  return y >= reveal && !(hide && y >= hide && !s.neverHide);
};
