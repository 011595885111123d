// Re-evaluation (spec §4.2): a 60 s timer when a schedule can change the decision, and a
// ResizeObserver on <body> when a display mode depends on the viewport. Each tick recomputes the
// decision; the caller re-renders only when shouldRerender() says so.
import type { Config } from "../config/types.gen";

export const TIMER_MS = 60000;

/** Any root currently expanded (a multi button opened by the visitor). */
export function anyExpanded(roots: Element[]): boolean {
  return roots.some((r) => r.classList.contains("cnb-expand"));
}

/** Decide again → re-render only when the decision changed, and for the timer not while expanded. */
export function shouldRerender(prevKey: string, nextKey: string, roots: Element[], fromTimer: boolean): boolean {
  return prevKey !== nextKey && !(fromTimer && anyExpanded(roots));
}

/** Any active button whose display mode depends on the viewport. */
export function needsResizeObserver(config: Config): boolean {
  return config.buttons.some((b) => b.active && !!b.options && !!b.options.displayMode && b.options.displayMode !== "ALWAYS");
}

type ObsWin = Pick<Window, "setInterval" | "clearInterval" | "requestAnimationFrame" | "cancelAnimationFrame"> & {
  ResizeObserver?: typeof ResizeObserver;
};

/**
 * Starts the timer (timed) and/or the body ResizeObserver (resize); tick(fromTimer) runs on each.
 * Resize callbacks are coalesced to one tick per animation frame. Returns a stop function.
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
