// The loader's work for one page view, on the critical path only: startup, decide, render, reveal,
// the GEO/CHAT lookups (made before deciding only by configs that need them) and what a click needs
// at once. Everything else waits in the extras
// chunk (extras.ts), imported once the first buttons are revealed (or nothing is to be revealed,
// or an error must be reported). Everything the host page can call into is wrapped: a Beckon error
// is reported through the chunk and never escapes into the page.
import type { Config } from "../config/types.gen";
import { LISTS, TRANSLATIONS } from "../shared/features";
import { inLanguage, readerLanguage } from "../shared/lang";
import { loadWords } from "./render/texts";
import type { Decision, RuntimeParams } from "./decide/types";
import type { Ctx, Extras } from "./contract";
import { decide } from "./decide/decide";
import { findDomain } from "./decide/domain";
import { parseNow } from "./decide/now";
import { isDesktop } from "./decide/display";
import { removeButtons, renderButtons, revealButtons, type RenderEnv } from "./render/index";
import { startup, takeData } from "./startup";
import { flag } from "../shared/flag";
import type { Warning } from "./messages";
import { cssHref, ensureStylesheet, isAdopted, isStyled } from "./stylesheet";
import { emit } from "./events";
import { loaderBase, openSurface } from "./surface";
import { hasTimedSchedule, needsChat, needsGeo } from "./decide/needs";
import { lookups, type Lookups } from "./calls/lookups";

export type Widget = {
  /** The startup path (spec §2.1): read CNB_DATA, check, render. Resolves to the rendered roots. */
  start(): Promise<HTMLElement[]>;
  /** window.CNB.render: render again from data (or the startup config). */
  render(data?: unknown, addObservers?: boolean): Promise<HTMLElement[]>;
  /** window.CNB.open: open the surface of an action of the current config. */
  open(actionId: string): boolean;
  /** window.CNB.consent: the visitor's consent given (true) or refused (false). */
  consent(given: boolean): void;
};

/** Imports the extras chunk from the loader's folder (boot.ts). */
export type Importer = () => Promise<{ default: (ctx: Ctx) => Extras }>;

export const noop = (): void => {};

/**
 * Runs f in a task of its own, before the next frame where the browser allows (a user-blocking
 * scheduler task), else after a timer. The reveal goes there and brings style up to date at once
 * (getAnimations() is the standard call that does so without layout): the buttons' first style is
 * not small (every element is new to the browser's style caches), and it should neither join the
 * task that found the stylesheet (at startup, the one that runs DOMContentLoaded) nor the next
 * frame's layout and paint, while the buttons still show in that frame.
 */
const soon = (f: () => void): unknown =>
  (window as { scheduler?: { postTask(f: () => void, o: object): unknown } }).scheduler?.postTask(f, { priority: "user-blocking" }) ?? setTimeout(f);

/** Resolves on DOMContentLoaded, or at once when the document is past it. */
export const ready = (): Promise<unknown> =>
  new Promise((done) => {
    if (document.readyState == "loading") document.addEventListener("DOMContentLoaded", done);
    else done(0);
  });

export function createWidget(importer: Importer): Widget {
  let startConfig: Config | undefined;
  let look: Lookups = {};
  let generation = 0; // of go(): a later call makes an earlier one's lookups moot
  let kick: () => void = noop;

  const ctx: Ctx = {
    roots: [],
    decideAgain: () => decide(ctx.config!, params(ctx.config!)),
    show,
    stopWatching: noop,
    unwatchScroll: noop,
  };

  // The chunk is imported on kick(), in a task of its own: the request is not free, and the task
  // that shows the buttons should end as soon as they are drawn. later(f) runs f with the chunk: at
  // once when it is there, else when it arrives. If it cannot load, nothing waiting for it ever
  // runs (queued errors, click analytics and scroll rules are dropped silently).
  let extras: Extras | undefined;
  const chunk: Promise<Extras> = new Promise((start) => (kick = () => setTimeout(start)))
    .then(importer)
    .then((module) => (extras = module.default(ctx)))
    .catch(() => new Promise(noop));
  const later = (f: (extras: Extras) => void): void => {
    if (extras) f(extras);
    else chunk.then(f);
  };
  const fail = (error: unknown) => {
    later((x) => x.report(error));
    kick();
  };

  /** Warnings are written by the chunk, which holds their texts (messages.ts). */
  const warn = (warning: Warning) => later((x) => x.warn(warning));

  const host = location.hostname; // changes only with a new page (and a new loader)

  /** The runtime parameters (spec §3.2) the decision reads, fresh for every decision. */
  const params = (config: Config) =>
    ({
      domain: host,
      now: parseNow(config.options?.date, new Date()),
      url: location.href,
      desktop: isDesktop((query) => matchMedia(query).matches),
      // The first read of localStorage loads it from the browser process (milliseconds on a slow
      // phone): only read a switch when the config has something for it to switch off.
      disableScheduler: hasTimedSchedule(config) && flag("cnb.disable-scheduler"),
      disableConditions: config.conditions?.[0] && flag("cnb.disable-conditions"),
      ...look,
    }) as RuntimeParams; // debug, ip and reportStats are not read by the decision

  const env: RenderEnv = {
    // What a click needs at once (its link is followed by the browser; an ANCHOR jumps natively,
    // smoothly once the chunk is there): the surface and the cnb:click event. Analytics come from the chunk (analytics.ts).
    onAction(a, link, el) {
      try {
        const dom = ctx.decision!.domain; // ctx.decision is the decision drawn
        later((x) => x.click(dom, a));
        if (link.kind == "surface") openSurface(a, el, ctx).catch(fail);
        emit("cnb:click", { actionId: a.id, actionType: a.actionType, buttonId: el.closest<HTMLElement>("[data-button-id]")!.dataset.buttonId });
      } catch (e) {
        fail(e);
      }
    },
    onToggle(root, expanded) {
      emit(expanded ? "cnb:expand" : "cnb:collapse", { buttonId: root.dataset.buttonId });
    },
    warn,
  };

  /**
   * Replaces the rendered buttons by those of d, and reveals them once the stylesheet's marker
   * applies to every root: checked now, on the link's load event and every 200 ms, giving up after
   * 100 polls (spec §4.2). With the embed's adopted stylesheet the marker usually applies at once;
   * if the embed left out the part a root needs (a render() with other button types), the full
   * stylesheet is linked and waited for as without it. A later show(), or the page removing the
   * roots, ends the wait. The chunk is kicked once this settles; once revealed, it takes over the
   * roots' scroll rules.
   */
  function show(d: Decision): void {
    ctx.unwatchScroll(ctx.roots);
    removeButtons(ctx.roots);
    d.warnings.forEach(warn);
    const shown = (ctx.roots = renderButtons(d, env));
    ctx.decision = d;
    if (!shown.length) return kick();
    const href = cssHref(ctx.config!.options?.cssLocation);
    const styled = () => shown.every((root) => !root.isConnected || isStyled(root)); // a removed one waits for nothing
    const link = href && !(isAdopted() && styled()) && ensureStylesheet(href);
    let polls = 0; // over 100 once settled
    const check = (poll?: boolean) => {
      try {
        if (polls > 100 || ctx.roots !== shown || !shown[0].isConnected) return; // settled, replaced or removed
        if (styled()) soon(reveal);
        else if (!poll) return;
        else if (++polls <= 100) return void setTimeout(check, 200, true);
        else later((x) => x.log(ctx.config, "css", href));
        polls = 101; // settled: revealed, or given up
        kick();
      } catch (e) {
        fail(e);
      }
    };
    const reveal = () => {
      if (ctx.roots != shown) return; // replaced meanwhile
      const rules = revealButtons(shown);
      document.getAnimations(); // see soon()
      later((x) => ctx.roots == shown && x.reveal(rules, href));
    };
    // Until the sheet has loaded; once: a loaded link keeps no listener (nor the roots it holds).
    if (link && !link.sheet) link.addEventListener("load", () => check(), { once: true });
    check(true);
  }

  /**
   * Startup (first) or window.CNB.render: check and parse raw (the startup data, or render's data;
   * render without data reuses the startup config), then look up, decide and render.
   */
  async function go(raw: unknown, observe: boolean, first?: boolean): Promise<HTMLElement[]> {
    try {
      const [code, config] = first || raw != null ? startup(raw) : [0, startConfig];
      // Debug lines are decided and written by the chunk: kicked when nothing is rendered.
      if (code || config) later((x) => x.log(config, "code", code));
      if (code || !config) {
        kick(); // code 1-3, or render() before any config
        return [];
      }
      if (first) startConfig = config;
      const domain = findDomain(config.domains, host);
      if (first) later((x) => x.stats(config, domain));
      const current = ++generation;
      ctx.stopWatching(); // the previous render's re-evaluation stops
      ctx.stopWatching = noop;
      const geo = needsGeo(config);
      const chat = needsChat(config);
      // Lists say a few words in the reader's language: in before they are drawn (render/texts.ts).
      const words = LISTS && config.buttons.some((b) => b.type != "SINGLE") ? loadWords(readerLanguage(domain), loaderBase()) : null;
      // Consent first: no lookup until given (the chunk renders again then: extras.ts).
      const found = await ((geo || chat) && (ctx.given ?? !domain?.properties?.waitForConsent) ? lookups(config, domain, geo, chat) : {});
      if (LISTS && words) await words;
      if (current !== generation) return [];
      look = found;
      // Each action's own texts in the reader's language (shared/lang.ts), for the buttons and the surfaces.
      ctx.config = TRANSLATIONS ? inLanguage(config, domain) : config;
      show(ctx.decideAgain());
      if (observe) later((x) => current === generation && x.watch());
      return ctx.roots.slice();
    } catch (error) {
      fail(error);
      return [];
    }
  }

  return {
    start: () => go(takeData(), true, true),
    render: (data, addObservers) => ready().then(() => go(data, addObservers !== false)),
    open(actionId) {
      const action = ctx.config?.actions?.find((a) => a.id === actionId);
      if (action) openSurface(action, null, ctx).catch(fail);
      return action !== undefined;
    },
    consent(given) {
      ctx.given = !!given;
      later((x) => x.consent());
      kick();
    },
  };
}
