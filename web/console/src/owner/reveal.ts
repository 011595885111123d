// How a button appears as the page scrolls, as the one choice the builder offers: right away, after
// a number of pixels (revealAtHeight), or after the first screen (revealAfterFirstScreen, Beckon's
// extension: one viewport height, whatever the device). Every function here returns no scroll rule
// or one crates/model accepts, so what the builder writes always saves. Pure; its words are in the
// console's language given (`t`), English by default.
import type { ScrollOptions } from "@beckon/widget/config";
import { english, type T } from "../i18n/t";

export type Reveal = "now" | "pixels" | "screen";

/** What the first pixel choice starts with. */
export const DEFAULT_REVEAL_PX = 300;

/** The choice a button's scroll rule is. */
export const revealOf = (scroll: ScrollOptions | undefined): Reveal =>
  scroll?.revealAfterFirstScreen ? "screen" : scroll?.revealAtHeight !== undefined ? "pixels" : "now";

/**
 * The rule, or none when it would do nothing: the widget reads a height of 0 as no height, and
 * crates/model refuses a rule with neither height nor the first screen (e.g. `scroll: {}`).
 */
export const scrollRule = (s: ScrollOptions | undefined): ScrollOptions | undefined =>
  s && (s.revealAfterFirstScreen || s.revealAtHeight! >= 1 || s.hideAtHeight! >= 1) ? s : undefined;

/**
 * The scroll rule after choosing v: pixels or the first screen, never both (crates/model refuses
 * that); "right away" keeps a hide rule if there is one, else the button has no scroll rule.
 */
export function withReveal(scroll: ScrollOptions | undefined, v: Reveal): ScrollOptions | undefined {
  const { revealAtHeight, revealAfterFirstScreen: _screen, ...rest } = scroll ?? {};
  if (v === "pixels") return { ...rest, revealAtHeight: revealAtHeight || DEFAULT_REVEAL_PX };
  if (v === "screen") return { ...rest, revealAfterFirstScreen: true };
  return scrollRule(rest);
}

/** A pixel field of the scroll rule: where the button appears, or where it hides again. */
export type HeightField = "revealAtHeight" | "hideAtHeight";

/**
 * The scroll rule after the owner typed `text` into a pixel field, and what to say beside the
 * field. Empty or 0 means no such height (the widget reads 0 so); a rule left with nothing to do
 * is no rule. Text that is not a whole number leaves the rule as it was and says so.
 */
export function withHeight(scroll: ScrollOptions | undefined, field: HeightField, text: string, t: T = english): { scroll: ScrollOptions | undefined; problem: string } {
  const typed = text.trim();
  if (typed !== "" && !/^\d+$/.test(typed)) return { scroll, problem: t("builder.wholeNumber") };
  const n = typed === "" ? 0 : Number(typed);
  const { [field]: _old, ...rest } = scroll ?? {};
  const next = scrollRule(n >= 1 ? { ...rest, [field]: n } : rest);
  if (field === "revealAtHeight" && n < 1)
    return { scroll: next, problem: t(typed === "0" ? "builder.howManyPixelsZero" : "builder.howManyPixels") };
  return { scroll: next, problem: "" };
}
