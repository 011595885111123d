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
//   - Esc collapsing an expanded multi/dots menu (escape.ts);
//   - consent first (consent/): on a domain with waitForConsent, statistics, error reports, click
//     analytics, chat resume and the session's storage wait for the visitor's consent (CNB.consent
//     or the page's consent manager, listened to only there) and stop when it is taken back;
//   - triggers (triggers/): roots of buttons with triggers are held until they fire.
//   - collision avoidance (collide/): the buttons move off the page's fixed and sticky elements,
//     measured after the load event at idle time, unless the domain turns it off.
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
import { allowed, waitsForConsent } from "./consent/rules";
import { listenToManagers } from "./consent/managers";
import { createSession } from "./triggers/session";
import { usesSession } from "./triggers/rules";
import { createTriggers, type Held } from "./triggers/watch";
import { hasScrollRule, shown } from "./render/show";
import { isDesktop } from "./decide/display";
import { needsChat, needsGeo } from "./decide/needs";
import type { Config, Domain } from "../config/types.gen";

/** sessionStorage, or undefined where it is blocked. */
const sessionStore = (): Storage | undefined => {
  try {
    return sessionStorage;
  } catch {
    return undefined;
  }
};
import { avoidCollisions } from "./collide/watch";
import { cannotPlaceCalls } from "../shared/device";

export default function extras(ctx: Ctx): Extras {
  const reporter = createReporter(() => ctx.config);
  // The matched domain (from the first stats() call, then the decision drawn): consent is asked per domain.
  let domain: Domain | null = null;
  const may = () => allowed(ctx.decision?.domain ?? domain, ctx.given);
  const report = (err: unknown) => may() && reporter(err, { cnb: 1 });
  let pending: [Config, Domain | null] | undefined; // the page view's statistics, waiting for consent
  let listening = false; // to the page's consent managers
  const session = createSession();
  const triggers = createTriggers({
    session,
    release: (el, s) => (hasScrollRule(s) ? watch([[el, s]]) : shown(el, true)),
    // Not before consent: opening by itself is not the visitor's request (a click is).
    open: (a) => may() && (window as { CNB?: { open(a: string): boolean } }).CNB?.open(a),
    save: () => may() && session.save(sessionStore()),
    elapsed: () => performance.now(),
    desktop: () => isDesktop((q) => matchMedia(q).matches) && matchMedia("(hover: hover)").matches,
  });
  /** This page view's "view" event naming the buttons drawn, once, when statistics are on. */
  const sendView = () => {
    const shown = ctx.roots.map((r) => r.dataset.buttonId!).filter(Boolean);
    if (counted && !viewed && shown.length) {
      viewed = true;
      sendItemStats(...counted, "view", shown);
    }
  };
  /** Consent given or taken back (CNB.consent, a consent manager), or the domain known. */
  const consented = () => {
    try {
      if (!may()) {
        // Taken back: no more requests; the session's key goes (the chat's keys stay: docs).
        counted = undefined;
        session.forget(sessionStore());
        return;
      }
      if (usesSession(ctx.config)) session.count(sessionStore());
      triggers.recheck();
      resume();
      if (pending) {
        const [c, d] = pending;
        pending = undefined;
        extras.stats(c, d);
        if (ctx.decision) sendView(); // the buttons were revealed before consent
        // The lookups the loader left out: render the same config again with them.
        if (needsGeo(c) || needsChat(c)) (window as { CNB?: { render(d: unknown): unknown } }).CNB?.render(ctx.config);
      }
    } catch (e) {
      report(e);
    }
  };
  let anim = false;
  // Where the per-button statistics go (set by stats() when reporting is on for a matched
  // domain), and whether this page view's "view" event is sent.
  let counted: [apiRoot: string, domainId: string] | undefined;
  let viewed = false;
  let unavoid: (() => void) | undefined;
  /** The drawn element of action id a (the clicked one, unless two buttons show it). */
  const actionEl = (a: string) =>
    ctx.roots.flatMap((r) => [...r.querySelectorAll<HTMLElement>("[data-action-id]")]).find((e) => e.dataset.actionId == a);
  ctx.unwatchScroll = (roots) => {
    unwatch(roots);
    triggers.drop(roots);
  };
  const resume = chatResume(ctx, may); // the React app: prefetch on hover/focus, a stored open chat resumed
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
  const extras: Extras = {
    report,
    stats(c, d) {
      try {
        domain = d;
        if (may()) {
          if (usesSession(c)) session.count(sessionStore());
          const o = c.options || {};
          if (o.reportStats !== false && o.apiRoot && d) {
            counted = [o.apiRoot, d.id];
            sendStats(o.apiRoot, d.id);
          }
        } else pending = [c, d];
        // After pending is set: a manager may answer at once (a state already in the dataLayer).
        if (waitsForConsent(d) && !listening) {
          listening = true;
          listenToManagers(window, (given) => {
            ctx.given = given;
            consented();
          });
        }
      } catch (e) {
        report(e); // a hostile config
      }
    },
    consent: consented,
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
        // Roots of buttons with triggers are held until they fire; the others get their scroll rules.
        const held: Held[] = [];
        const ruled = rules.filter(([el, scroll]) => {
          const b = ctx.decision?.buttons.find((x) => x.button.id == el.dataset.buttonId);
          const t = b?.button.options?.triggers;
          if (t) held.push({ el, t, scroll, id: b.button.id, actions: b.actions.map((a) => a.id) });
          return !t;
        });
        watch(ruled);
        triggers.hold(held);
        // On unless the matched domain turns it off; a later render may turn it off or on again.
        const avoid = ctx.decision?.domain?.properties?.avoidCollisions !== false;
        if (avoid && !unavoid) unavoid = avoidCollisions(() => ctx.roots, report);
        if (!avoid && unavoid) unavoid = void unavoid();
        sendView();
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
    click(dom, action) {
      const el = actionEl(action.id);
      const send = () => {
        if (!may()) return; // consent first: the page's analytics too
        track(dom, action);
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
  return extras;
}
