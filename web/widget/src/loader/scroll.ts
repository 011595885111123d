// Scroll rules (spec §2.3, §4.3, §5.1), in the extras chunk: the renderer keeps a root with a rule
// hidden at reveal and hands it over to this module (imported at reveal), which applies the rule at
// once and on every scroll. One passive scroll listener, throttled to one update per
// animation frame, serves every watched root; it is removed as soon as no rule is left (all roots
// removed, or shown with neverHide: such a root stays and needs no watching). A resize applies the
// rules too: the first screen (revealAfterFirstScreen) is the viewport's height at that moment.
import type { ScrollOptions } from "../config/types.gen";
import { showsAt, shown, type Rules } from "./render/show";

const rules = new Map<HTMLElement, ScrollOptions>();
let frame = 0;

/** Applies every rule at the current scroll height. */
function apply(): void {
  rules.forEach((s, el) => {
    // innerHeight only where the first screen counts: reading it can force a layout.
    const on = showsAt(s, scrollY, s.revealAfterFirstScreen ? innerHeight : 0);
    shown(el, on);
    if (on && s.neverHide) unwatch([el]);
  });
}

/** Applies the rules in the next frame (one update per frame, however many events). */
function applySoon(): void {
  frame ||= requestAnimationFrame(() => {
    frame = 0;
    apply();
  });
}

/** Starts watching roots with their rules, applied at once (the page may have scrolled since reveal). */
export function watch(list: Rules): void {
  if (!list.length) return;
  if (!rules.size) {
    addEventListener("scroll", applySoon, { passive: true });
    addEventListener("resize", applySoon, { passive: true });
  }
  list.forEach(([el, s]) => rules.set(el, s));
  apply();
}

/** Stops watching roots (removed by the loader); the listener goes with the last rule. */
export function unwatch(roots: HTMLElement[]): void {
  if (!rules.size) return;
  roots.forEach((r) => rules.delete(r));
  if (!rules.size) {
    removeEventListener("scroll", applySoon);
    removeEventListener("resize", applySoon);
  }
}

/** Number of roots being watched (for tests). */
export const watching = (): number => rules.size;
