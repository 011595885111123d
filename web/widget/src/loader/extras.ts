// The runtime's lazily loaded part, dist/beckon-extras.js: what is not needed before the buttons
// show. The loader imports it once the first buttons are revealed (or there are none to reveal,
// or an error must be reported) and calls its default export once with the shared context.
//   - error reporting (spec §7, calls/errors.ts); errors caught before the chunk arrived were
//     queued by the loader and are reported now;
//   - the statistics events (spec §7, calls/stats.ts): the page view, then once the buttons are
//     revealed one "view" naming them, and a "click" per click naming the action and its button;
//   - re-evaluation (spec §4.2, reevaluate.ts): the 60 s timer and the body ResizeObserver;
//   - scroll rules (scroll.ts): roots with a rule stay hidden until this chunk applies it;
//   - click analytics (analytics.ts; clicks before the chunk arrived were queued by the loader);
//   - the animation stylesheet, beckon-anim.css, once a revealed root is animated;
//   - debug lines (log.ts): the chunk decides debug mode; the loader kicks it when nothing renders;
//   - smooth scrolling for ANCHOR actions (plain #id links that jump natively until then);
//   - Esc collapsing an expanded multi/dots menu (escape.ts).
// It shares no state with the loader's modules: what it needs of them comes through Ctx (contract.ts).
// Only a few small stateless helpers (decide/needs.ts) have a copy in both bundles.
import type { Ctx, Extras } from "./contract";
import { decisionKey, hasTimedSchedule } from "./decide/needs";
import { createReporter } from "./calls/errors";
import { sendItemStats, sendStats } from "./calls/stats";
import { anyExpanded, needsResizeObserver, startObservers } from "./reevaluate";
import { unwatch, watch } from "./scroll";
import { track } from "./analytics";
import { debugLog, warn } from "./log";
import { DEBUG_LINES } from "./messages";
import { chatResume } from "./chat-resume";
import { collapseOnEscape } from "./escape";
import { cannotPlaceCalls } from "../shared/device";

export default function extras(ctx: Ctx): Extras {
  const reporter = createReporter(() => ctx.config);
  const report = (err: unknown) => reporter(err, { cnb: 1 });
  let anim = false;
  // Where the per-button statistics go (set by stats() when reporting is on for a matched
  // domain), and whether this page view's "view" event is sent.
  let counted: [apiRoot: string, domainId: string] | undefined;
  let viewed = false;
  /** The drawn element of action id a (the clicked one, unless two buttons show it). */
  const actionEl = (a: string) =>
    ctx.roots.flatMap((r) => [...r.querySelectorAll<HTMLElement>("[data-action-id]")]).find((e) => e.dataset.actionId == a);
  ctx.unwatchScroll = unwatch;
  chatResume(ctx); // the React app: prefetch on hover/focus, a stored open chat resumed
  collapseOnEscape(document);
  // ANCHOR actions are <a href="#id">: scroll smoothly instead, instantly under reduced motion.
  document.addEventListener("click", (ev) => {
    try {
      const a = (ev.target as Element).closest?.('.call-now-button [data-action-type=ANCHOR]');
      const target = a && !ev.defaultPrevented && document.getElementById(a.getAttribute("href")!.slice(1));
      if (target) {
        ev.preventDefault();
        const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
        target.scrollIntoView({ behavior: still ? "auto" : "smooth" }); // block: "start" by default
      }
    } catch (e) {
      report(e);
    }
  });
  // A call, text or WhatsApp link on a device that cannot place calls (shared/device.ts): the call
  // panel (number, Copy, QR code: src/call/panel.ts, its own chunk) unless the owner keeps the
  // plain link (`desktop-plain-link`). Here, not in the loader: nothing of it before the buttons show.
  document.addEventListener("click", (ev) => {
    try {
      const el = (ev.target as Element).closest?.<HTMLAnchorElement>(".call-now-button a[data-action-type]");
      const a = el && ctx.config?.actions?.find((x) => x.id == el.dataset.actionId);
      if (!a || ev.defaultPrevented || !/^(PHONE|SMS|WHATSAPP)$/.test(a.actionType) || /^true$/i.test(String(a.properties?.["desktop-plain-link"]))) return;
      if (!cannotPlaceCalls({ coarsePointer: matchMedia("(pointer: coarse)").matches, touchPoints: navigator.maxTouchPoints || 0, width: innerWidth })) return;
      ev.preventDefault();
      // The chunk sits beside this one, as the app does (chat-resume.ts).
      import(new URL("beckon-call.js", import.meta.url).href).then(
        (m) => m.showCallPanel(a, el.href, el, ctx.decision?.domain || null),
        () => location.assign(el.href),
      );
    } catch (e) {
      report(e);
    }
  });
  /** Decide again; re-render only when the decision changed, and for the timer not while expanded. */
  const tick = (fromTimer: boolean) => {
    try {
      if (fromTimer && anyExpanded(ctx.roots)) return;
      const next = ctx.decideAgain();
      if (decisionKey(next) != decisionKey(ctx.decision!)) ctx.show(next);
    } catch (e) {
      report(e);
    }
  };
  return {
    report,
    stats(c, domain) {
      const o = c.options || {};
      if (o.reportStats !== false && o.apiRoot && domain) {
        counted = [o.apiRoot, domain.id];
        sendStats(o.apiRoot, domain.id);
      }
    },
    watch() {
      try {
        const c = ctx.config!;
        ctx.stopWatching();
        ctx.stopWatching = startObservers(window, document.body, hasTimedSchedule(c), needsResizeObserver(c), tick);
      } catch (e) {
        report(e);
      }
    },
    reveal(rules, css) {
      try {
        watch(rules);
        const shown = ctx.roots.map((r) => r.dataset.buttonId!).filter(Boolean);
        if (counted && !viewed && shown.length) {
          viewed = true;
          sendItemStats(...counted, "view", shown);
        }
        // The animation rules are not needed to show a button, only to move it: loaded once, after.
        if (!anim && css && ctx.roots.some((r) => /(^| )cnb-anim-/.test(r.className))) {
          anim = true;
          const link = document.createElement("link");
          link.rel = "stylesheet";
          link.href = new URL("beckon-anim.css", new URL(css, document.baseURI)).href;
          document.head.appendChild(link);
        }
      } catch (e) {
        report(e);
      }
    },
    click(domain, action) {
      const el = actionEl(action.id);
      const send = () => {
        track(domain, action);
        try {
          const button = counted && el?.closest<HTMLElement>("[data-button-id]")?.dataset.buttonId;
          if (button) sendItemStats(...counted!, "click", [button], action.id);
        } catch (e) {
          report(e);
        }
      };
      // A surface (a <button>; links are <a>, docs/architecture.md) opens in this task: its first drawing goes
      // before the analytics and the statistics request. A link keeps them here, ahead of a page
      // it may unload.
      if (el?.tagName == "BUTTON") setTimeout(send);
      else send();
    },
    log: (c, line, arg) => debugLog(c, [DEBUG_LINES[line], arg]),
    warn,
  };
}
