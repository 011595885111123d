// The ONE lazy entry point of the loader: surfaces (modals, chat, iframes, forms) of the React app.
// The app's chunks sit beside beckon.js; loaderBase() is the folder they are loaded from.
// For now opening a surface only announces it with a cnb:open event.
import type { Action } from "../config/types.gen";
import { emit } from "./events";

let base = "";

/** Folder URL (ending in "/") of the loader script, or of the stylesheet when the script URL is unknown. */
export function loaderBase(): string {
  return base;
}

export function setLoaderBase(url: string): void {
  try {
    base = url ? new URL(".", url).href : "";
  } catch {
    base = "";
  }
}

/** Open the surface of a surface-kind action. trigger: the clicked element (focus returns to it). */
export function openSurface(action: Action, trigger?: HTMLElement | null): void {
  void trigger;
  emit(document, "cnb:open", { actionId: action.id, actionType: action.actionType });
}
