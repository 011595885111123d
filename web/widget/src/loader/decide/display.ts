// Display modes (spec §2.3, §9): desktop is a width of at least 850 in landscape (width ≥ height)
// or at least 450 in portrait.
import type { DisplayMode } from "../../config/types.gen";
import type { Viewport } from "./types";

export const isDesktop = (v: Viewport): boolean => v.width >= (v.width >= v.height ? 850 : 450);

/** ALWAYS (or no/unknown mode) shows; DESKTOP_ONLY needs a desktop viewport, MOBILE_ONLY the opposite. */
export const displayOk = (mode: DisplayMode | undefined, v: Viewport): boolean =>
  mode != (isDesktop(v) ? "MOBILE_ONLY" : "DESKTOP_ONLY");
