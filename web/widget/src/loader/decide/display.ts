// Display modes (spec §2.3, §9): desktop is a viewport at least 850 px wide, or at least 450 px
// wide in portrait (height ≥ width, as CSS defines orientation).
import type { DisplayMode } from "../../config/types.gen";

/**
 * Whether the viewport is a desktop one, asked as media queries (mq answers one): the browser
 * answers them from the viewport alone, where reading innerWidth before the page's first layout
 * forces that layout (100+ ms on a long page).
 */
export const isDesktop = (mq: (query: string) => boolean): boolean =>
  mq("(min-width:850px)") || mq("(orientation:portrait) and (min-width:450px)");

/** ALWAYS (or no/unknown mode) shows; DESKTOP_ONLY needs a desktop viewport, MOBILE_ONLY the opposite. */
export const displayOk = (mode: DisplayMode | undefined, desktop: boolean): boolean =>
  mode != (desktop ? "MOBILE_ONLY" : "DESKTOP_ONLY");
