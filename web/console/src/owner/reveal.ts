// How a button appears as the page scrolls, as the one choice the builder offers: right away, after
// a number of pixels (revealAtHeight), or after the first screen (revealAfterFirstScreen, Beckon's
// extension: one viewport height, whatever the device). Pure.
import type { ScrollOptions } from "../../../widget/src/config/types.gen";

export type Reveal = "now" | "pixels" | "screen";

/** What the first pixel choice starts with. */
export const DEFAULT_REVEAL_PX = 300;

/** The choice a button's scroll rule is. */
export const revealOf = (scroll: ScrollOptions | undefined): Reveal =>
  scroll?.revealAfterFirstScreen ? "screen" : scroll?.revealAtHeight !== undefined ? "pixels" : "now";

/**
 * The scroll rule after choosing v: pixels or the first screen, never both (crates/model refuses
 * that); "right away" keeps a hide rule if there is one, else the button has no scroll rule.
 */
export function withReveal(scroll: ScrollOptions | undefined, v: Reveal): ScrollOptions | undefined {
  const { revealAtHeight, revealAfterFirstScreen: _screen, ...rest } = scroll ?? {};
  if (v === "pixels") return { ...rest, revealAtHeight: revealAtHeight ?? DEFAULT_REVEAL_PX };
  if (v === "screen") return { ...rest, revealAfterFirstScreen: true };
  return rest.hideAtHeight ? rest : undefined;
}
