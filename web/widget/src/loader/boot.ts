// Script start: install window.CNB, start the stylesheet fetch (and, for a config with GEO/CHAT
// conditions, the lookups chunk's) as early as possible, and run the startup once the document is
// ready. Nothing here may throw into the page.
import { installApi } from "./api";
import { cssHref, ensureStylesheet } from "./stylesheet";
import { loaderBase, setLoaderBase } from "./surface";
import { createWidget, ready, type Importer } from "./widget";
import { needsChat, needsGeo } from "./decide/needs";

export function boot(src: string, importer?: Importer): void {
  try {
    const w = window as { CNB?: { version?: string }; CNB_DATA?: any };
    if (w.CNB?.version) return; // loaded twice: the first copy owns the page
    // CNB_DATA, peeked without consuming it (startup reads it again): css is the stylesheet it
    // names, undefined when there is no data.
    let d: any, css: string | undefined;
    try {
      d = w.CNB_DATA;
      if (d != null) css = d.options?.cssLocation || "";
    } catch {
      /* a hostile getter: startup reports code 3 */
    }
    setLoaderBase(src, css);
    // The chunks are dist/beckon-{name}.js beside the loader (build.mjs). A repeated import of one
    // URL is the same module, fetched once.
    const load = importer || (((name: string) => import(loaderBase() + "beckon-" + name + ".js")) as Importer);
    const widget = createWidget(load);
    installApi(widget);
    const href = css != null && cssHref(css);
    if (href) ensureStylesheet(href);
    try {
      // The same test as before deciding (widget.ts), on the data not yet checked: a config that
      // is not one at all only throws here, or starts a fetch that goes unused.
      if (d.options.apiRoot && (needsGeo(d) || needsChat(d))) load("lookups").catch(() => {});
    } catch {
      /* no data, or not a config */
    }
    ready().then(widget.start);
  } catch {
    /* nothing is configured yet that an error could be reported to */
  }
}
