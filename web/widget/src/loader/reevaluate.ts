// Re-evaluation (spec §4.2), in the extras chunk: a 60 s timer when a schedule can change the
// decision, and a ResizeObserver on <body> when a display mode depends on the viewport.
import type { Config } from "../config/types.gen";

export const TIMER_MS = 60000;

/** Any root currently expanded (a multi button opened by the visitor). */
export const anyExpanded = (roots: Element[]): boolean => roots.some((r) => r.classList.contains("cnb-expand"));

/** Any active button whose display mode depends on the viewport. */
export const needsResizeObserver = (config: Config): boolean =>
  config.buttons.some((b) => b.active && !!b.options && !!b.options.displayMode && b.options.displayMode !== "ALWAYS");

type ObsWin = Pick<Window, "setInterval" | "clearInterval" | "requestAnimationFrame" | "cancelAnimationFrame"> & {
  ResizeObserver?: typeof ResizeObserver;
};

/**
 * Starts the timer (timed) and/or the body ResizeObserver (resize); tick(fromTimer) runs on each.
 * Resize callbacks are coalesced to one tick per animation frame; the observer's first callback
 * (on observe) re-checks a viewport that changed before the chunk arrived. Returns a stop function.
 */
export function startObservers(
  win: ObsWin,
  body: Element | null,
  timed: boolean,
  resize: boolean,
  tick: (fromTimer: boolean) => void,
): () => void {
  let interval = 0;
  let frame = 0;
  let ro: ResizeObserver | undefined;
  if (timed) interval = win.setInterval(() => tick(true), TIMER_MS);
  if (resize && body && typeof win.ResizeObserver == "function") {
    ro = new win.ResizeObserver(() => {
      if (!frame)
        frame = win.requestAnimationFrame(() => {
          frame = 0;
          tick(false);
        });
    });
    ro.observe(body);
  }
  return () => {
    win.clearInterval(interval);
    if (frame) win.cancelAnimationFrame(frame);
    if (ro) ro.disconnect();
  };
}
