// Script start: install window.CNB, start the stylesheet fetch (and, for a config with GEO/CHAT
// conditions, the lookups chunk's) as early as possible, and run the startup once the document is
// ready. Nothing here may throw into the page.
import { installApi } from "./api";
import { cssHref, ensureStylesheet } from "./stylesheet";
import { loaderBase, setLoaderBase } from "./surface";
import { createWidget, noop, ready, type Importer } from "./widget";
import { needsChat, needsGeo } from "./decide/needs";

export function boot(src: string, importer?: Importer): void {
  try {
    const w = window as { CNB?: { version?: string }; CNB_DATA?: any };
    if (w.CNB?.version) return; // loaded twice: the first copy owns the page
    // CNB_DATA, peeked without consuming it (startup reads it again): css is the stylesheet it
    // names, undefined when there is no data; lookups: the lookups chunk will be needed (the test
    // made before deciding, widget.ts, here on data not yet checked: data that is not a config
    // throws here, or starts a fetch that goes unused).
    let d: any, css: string | undefined, lookups;
    try {
      d = w.CNB_DATA;
      if (d != null) css = d.options?.cssLocation || "";
      lookups = d.options.apiRoot && (needsGeo(d) || needsChat(d));
    } catch {
      /* no data, not a config, or a hostile getter (startup reports code 3) */
    }
    setLoaderBase(src, css);
    // The chunks are dist/beckon-{name}.js beside the loader (build.mjs). A repeated import of one
    // URL is the same module, fetched once.
    const load = importer || (((name: string) => import(loaderBase() + "beckon-" + name + ".js")) as Importer);
    const widget = createWidget(load);
    installApi(widget);
    const href = css != null && cssHref(css);
    if (href) ensureStylesheet(href);
    if (lookups) load("lookups").catch(noop);
    ready().then(widget.start);
  } catch {
    /* nothing is configured yet that an error could be reported to */
  }
}
