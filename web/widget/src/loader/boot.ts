// Script start: install window.CNB, start the stylesheet fetch as early as possible, and run the
// startup once the document is ready.
import { installApi } from "./api";
import { ensureStylesheet } from "./stylesheet";
import { setLoaderBase, loaderBase } from "./surface";
import { storage, type Store } from "./storage";
import { createWidget, fail, ready, type Widget } from "./widget";

/**
 * The stylesheet location CNB_DATA names, read without consuming it: "" when there is data but
 * no cssLocation, null when there is no (readable) data.
 */
export function peekCss(win: object): string | null {
  try {
    const d = (win as { CNB_DATA?: { options?: { cssLocation?: unknown } } }).CNB_DATA;
    if (d == null || typeof d != "object") return null;
    const css = d.options && d.options.cssLocation;
    return typeof css == "string" ? css : "";
  } catch {
    return null;
  }
}

export function boot(
  win: Window & typeof globalThis,
  doc: Document,
  scriptUrl: string,
  store: Store = storage,
): Widget | undefined {
  try {
    const existing = (win as { CNB?: { version?: string } }).CNB;
    if (existing && existing.version) return; // loaded twice: the first instance owns the page
    const css = peekCss(win);
    setLoaderBase(scriptUrl || css || "");
    const widget = createWidget({ win, doc, store });
    installApi(win, widget);
    const href = css || (css === "" && loaderBase() && loaderBase() + "beckon.css");
    if (href) ensureStylesheet(doc, href);
    ready(doc).then(widget.start);
    return widget;
  } catch (e) {
    fail(e);
  }
}
