// The loader's work for one page view: startup, lookups, decide, render, reveal, re-evaluate,
// clicks, statistics. Everything the host page can call into is wrapped so a Beckon error is
// reported (with the { cnb: 1 } marker) and never escapes into the page.
import type { Config, Domain } from "../config/types.gen";
import type { Decision } from "./decide/types";
import { decide } from "./decide/decide";
import { decisionKey, hasTimedSchedule, needsChat, needsGeo } from "./decide/needs";
import { findDomain } from "./decide/domain";
import { removeButtons, renderButtons, revealButtons, type RenderEnv } from "./render/index";
import { startup, takeData } from "./startup";
import { runtimeParams, type Lookups } from "./params";
import { flag, type Store } from "./storage";
import { debug, isDebug, setDebug, warn } from "./log";
import { ensureStylesheet, whenStyled } from "./stylesheet";
import { anyExpanded, needsResizeObserver, shouldRerender, startObservers } from "./reevaluate";
import { handleAction } from "./clicks";
import { emit } from "./events";
import { loaderBase, openSurface } from "./surface";
import { lookupCountry } from "./calls/geo";
import { lookupAgentsAvailable } from "./calls/availability";
import { sendStats, shouldSendStats } from "./calls/stats";
import { initErrors, reportError } from "./calls/errors";

export type WidgetEnv = { win: Window & typeof globalThis; doc: Document; store: Store };

export type Widget = {
  /** The startup path (spec §2.1): read CNB_DATA, check, render. Resolves to the rendered roots. */
  start(): Promise<HTMLElement[]>;
  /** window.CNB.render: render again from data (or the startup config). */
  render(data?: unknown, addObservers?: boolean): Promise<HTMLElement[]>;
  /** window.CNB.open: open the surface of an action of the current config. */
  open(actionId: string): boolean;
};

const noop = () => {};

export const fail = (e: unknown): void => reportError(e, { cnb: 1 });

/** Resolves on DOMContentLoaded, or at once when the document is past it. */
export function ready(doc: Document): Promise<void> {
  return new Promise((resolve) => {
    if (doc.readyState == "loading") doc.addEventListener("DOMContentLoaded", () => resolve(), { once: true });
    else resolve();
  });
}

/** Run cb when the browser is idle (stats must not compete with the page's load). */
export function idle(win: Window, cb: () => void): void {
  const ric = (win as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number }).requestIdleCallback;
  if (typeof ric == "function") ric.call(win, cb, { timeout: 5000 });
  else setTimeout(cb, 1);
}

/** The stylesheet URL: options.cssLocation, else beckon.css beside the loader. */
export function cssHref(c: Config): string {
  const css = c.options && c.options.cssLocation;
  return css || (loaderBase() && loaderBase() + "beckon.css");
}

export function createWidget({ win, doc, store }: WidgetEnv): Widget {
  let startConfig: Config | undefined;
  let config: Config | undefined;
  let domain: Domain | null = null;
  let lookups: Lookups = {};
  let roots: HTMLElement[] = [];
  let key = "";
  let gen = 0;
  let errorsOn = false;
  let stopObservers = noop;
  let stopStyle = noop;

  const host = () => win.location.hostname;
  const debugFor = (c?: Config): boolean => {
    const d = c && findDomain(c.domains, host());
    return (
      flag(store, "cnb.debug") ||
      !!(c && c.options && c.options.debugMode === true) ||
      !!(d && d.properties && d.properties.debug === true)
    );
  };
  const params = (c: Config) => runtimeParams(c, win, store, isDebug(), lookups);

  const renderEnv: RenderEnv = {
    doc,
    onAction(action, link, el) {
      try {
        handleAction(win, doc, domain, action, link, el);
      } catch (e) {
        fail(e);
      }
    },
    onToggle(root, expanded) {
      emit(doc, expanded ? "cnb:expand" : "cnb:collapse", { buttonId: root.getAttribute("data-button-id") });
    },
    warn,
  };

  /** Replace the rendered buttons by those of d; reveal them once the stylesheet applies. */
  function show(c: Config, d: Decision): void {
    stopStyle();
    removeButtons(roots);
    key = decisionKey(d);
    d.warnings.forEach((w) => warn(w));
    const shown = (roots = renderButtons(d, renderEnv));
    const href = shown.length ? cssHref(c) : "";
    stopStyle = whenStyled(
      href ? ensureStylesheet(doc, href) : null,
      shown,
      () => revealButtons(shown),
      () => debug("stylesheet not applied, buttons stay hidden:", href),
    );
  }

  async function run(c: Config, observe: boolean): Promise<HTMLElement[]> {
    const g = ++gen;
    stopObservers();
    stopObservers = noop;
    config = c;
    const o = c.options || {};
    domain = findDomain(c.domains, host());
    setDebug(debugFor(c));
    if (!errorsOn) {
      errorsOn = true;
      initErrors({ url: o.errorReportingUrl, userId: c.userId });
    }
    const d0 = domain;
    const [countryCode, agentsAvailable] = await Promise.all([
      needsGeo(c) ? lookupCountry(o.apiRoot, o.ip) : null,
      needsChat(c) && d0 ? lookupAgentsAvailable(o.apiRoot, d0.id) : false,
    ]);
    if (g != gen) return [];
    lookups = { countryCode, agentsAvailable };
    show(c, decide(c, params(c)));
    if (observe) {
      const tick = (fromTimer: boolean) => {
        try {
          if (g != gen || (fromTimer && anyExpanded(roots))) return;
          const next = decide(c, params(c));
          if (shouldRerender(key, decisionKey(next), roots, fromTimer)) show(c, next);
        } catch (e) {
          fail(e);
        }
      };
      stopObservers = startObservers(win, doc.body, hasTimedSchedule(c), needsResizeObserver(c), tick);
    }
    return roots.slice();
  }

  /**
   * Startup (first) or window.CNB.render: check and parse raw (the startup data, or render's data;
   * render without data reuses the startup config), then look up, decide and render.
   */
  async function go(raw: unknown, observe: boolean, first?: boolean): Promise<HTMLElement[]> {
    try {
      let c = startConfig;
      if (first || raw != null) {
        const r = startup(raw, doc);
        if (first) setDebug(debugFor(r.config));
        if (r.code) {
          debug("startup code", r.code);
          return [];
        }
        c = r.config;
        if (first) startConfig = c;
      }
      if (!c) return [];
      const out = await run(c, observe);
      if (first) {
        debug("startup code", 0);
        const o = c.options || {};
        const d = domain;
        if (d && shouldSendStats(o.reportStats !== false, o.apiRoot, d.id)) idle(win, () => sendStats(o.apiRoot!, d.id));
      }
      return out;
    } catch (e) {
      fail(e);
      return [];
    }
  }

  return {
    start: () => go(takeData(win), true, true),
    render: (data, addObservers = true) => ready(doc).then(() => go(data, addObservers !== false)),
    open(actionId) {
      const a = config && (config.actions || []).find((x) => x.id === actionId);
      if (a) openSurface(a, null);
      return !!a;
    },
  };
}
