// The loader's base folder and its lazy entry point for surfaces (modals, chat, iframes, forms) of
// the React app. For now opening a surface only announces it with a cnb:open event.
import type { Action } from "../config/types.gen";
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

/** Opens the surface of a surface-kind action. trigger: the clicked element (focus returns to it). */
export function openSurface(action: Action, trigger?: Element | null): void {
  void trigger;
  emit("cnb:open", { actionId: action.id, actionType: action.actionType });
}
