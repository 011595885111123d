// What the extras chunk does for the React app (dist/beckon-app.js), so that a click on a surface
// button finds it ready: the app is prefetched when the pointer or the focus comes to a surface
// button, and imported at once when this browser holds an open chat, which the app then resumes
// (bubble with the unread count, auto-open after 1 s: app/embed.ts). The loader imports the same
// URL on click (surface.ts), so the browser fetches and runs the chunk only once.
import type { Ctx } from "./extras";
import { KEYS } from "../app/chat/core/storage";

/** Sets up prefetching; resumes a stored chat now. Never throws (the chunk's other work goes on). */
export function chatResume(ctx: Ctx): void {
  try {
    // The chunk sits beside this one (boot.ts imports beckon-extras.js from the loader's folder).
    const url = new URL("beckon-app.js", import.meta.url).href;
    const base = new URL(".", url).href;
    let app: Promise<{ resume(l: Ctx, base: string): void }> | undefined;
    const load = () => (app ||= import(url));
    // Surface actions are drawn as <button> (links as <a>): render/index.ts. Once the chunk is
    // there, nothing is left to prefetch.
    const prefetch = (ev: Event) => {
      if ((ev.target as Element).closest?.(".call-now-button button.cnb-act"))
        load().then(
          () => {
            document.removeEventListener("pointerover", prefetch);
            document.removeEventListener("focusin", prefetch);
          },
          () => (app = undefined), // a later hover or the click tries again
        );
    };
    document.addEventListener("pointerover", prefetch, { passive: true });
    document.addEventListener("focusin", prefetch);
    let stored = null;
    try {
      stored = localStorage.getItem(KEYS.channelId);
    } catch {
      /* no storage: no stored chat */
    }
    if (stored && ctx.r.some((r) => r.querySelector("[data-action-type=CHAT]")))
      load().then(
        (m) => m.resume(ctx, base),
        () => (app = undefined),
      );
  } catch {
    /* no prefetch and no resume: the click still loads the app (surface.ts) */
  }
}
