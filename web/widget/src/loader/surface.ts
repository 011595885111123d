// The loader's base folder and its lazy entry point for surfaces (modals, chat, iframes, forms):
// a click imports the React app (dist/beckon-app.js, src/app/index.tsx) from the loader's folder
// and calls its open(); prefetching and resuming a stored chat live in the extras chunk
// (chat-resume.ts). A failed load, or one past 120 s, is a ChunkLoadError (spec §8): the button
// then works as the link it would be without the surface (wa.me, m.me, the IFRAME/TALLY URL…).
import type { Action } from "../config/types.gen";
import type { Ctx } from "./contract";
import { actionLink } from "./actions/links";
import { emit } from "./events";

let base = "";

/** Folder URL (ending in "/") that the loader's chunks and stylesheet are loaded from; "" if unknown. */
export const loaderBase = (): string => base;

/**
 * The folder of the loader script, or of the stylesheet (cssLocation) when the script URL is
 * unknown or is the hosted embed `…/d/{domainId}.js` of the server, whose folder holds no chunks.
 */
export function setLoaderBase(src: string, css?: string): void {
  const url = /\/d\/[^/?#]*([?#]|$)/.test(src) ? css : src || css;
  try {
    base = url ? new URL(".", new URL(url, location.href)).href : "";
  } catch {
    base = "";
  }
}

/**
 * Opens the surface of a surface-kind action. trigger: the clicked element (focus returns to it);
 * ctx: the loader's current config and decision.
 */
export function openSurface(action: Action, trigger: Element | null | undefined, ctx: Ctx): Promise<void> {
  emit("cnb:open", { actionId: action.id, actionType: action.actionType });
  return new Promise<{ open: Function }>((ok, no) => {
    setTimeout(no, 12e4);
    import(base + "beckon-app.js").then(ok, no);
  }).then(
    (app) => app.open(action, trigger, ctx, base),
    () => {
      const href = (actionLink(action) as { fallbackHref?: string }).fallbackHref;
      if (href) open(href); // a new tab, as the pop-out would have been
      // Reported (error reporting, spec §7) under the name spec §8 gives it.
      throw Object.assign(Error("beckon-app.js did not load"), { name: "ChunkLoadError" });
    },
  );
}
