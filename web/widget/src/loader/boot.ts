// Script start: install window.CNB, adopt the hosted embed's stylesheet text or start the
// stylesheet fetch as early as possible, and run the startup once the document is ready. Nothing
// here may throw into the page.
import { installApi } from "./api";
import { adoptStylesheet, cssHref, ensureStylesheet, isAdopted } from "./stylesheet";
import { loaderBase, setLoaderBase } from "./surface";
import { LISTS } from "../shared/features";
import { addWords } from "./render/texts";
import { createWidget, ready, type Importer } from "./widget";

export function boot(src: string, importer?: Importer): void {
  try {
    const w = window as { CNB?: { version?: string }; CNB_DATA?: any; CNB_CSS?: unknown; CNB_WORDS?: unknown };
    if (w.CNB?.version) return; // loaded twice: the first copy owns the page
    // CNB_DATA, peeked without consuming it (startup reads it again): css is the stylesheet it
    // names, undefined when there is no data.
    let css: string | undefined;
    try {
      const d = w.CNB_DATA;
      if (d != null) css = d.options?.cssLocation || "";
    } catch {
      /* no data, not a config, or a hostile getter (startup reports code 3) */
    }
    setLoaderBase(src, css);
    // The chunk is dist/beckon-extras.js beside the loader (build.mjs).
    const widget = createWidget(importer || (() => import(loaderBase() + "beckon-extras.js")));
    installApi(widget);
    // The hosted embed's stylesheet text (hosting.rs), read once and removed like CNB_DATA.
    const text = w.CNB_CSS;
    Reflect.deleteProperty(w, "CNB_CSS");
    if (typeof text === "string") adoptStylesheet(text);
    // The lists' words in the domain's language (hosting.rs; render/texts.ts).
    if (LISTS) addWords(w.CNB_WORDS);
    const href = css != null && cssHref(css);
    if (href && !isAdopted()) ensureStylesheet(href);
    ready().then(widget.start);
  } catch {
    /* nothing is configured yet that an error could be reported to */
  }
}
