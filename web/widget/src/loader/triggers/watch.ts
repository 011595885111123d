// Triggers in the extras chunk (rules.ts says when): a root whose button has triggers was kept
// hidden by the renderer and is handed over here at reveal. It is held until its trigger fires,
// then released (shown, or handed to its scroll rule) and, when the trigger says so, its
// openAction opens. The listeners (a timer per button, one passive scroll listener throttled to a
// frame, one mouseout listener on desktops) exist only while a root waits, and are added after
// the page's load work (this chunk loads once the buttons are revealed). A button whose trigger
// fired stays released when the loader renders it again in this page view.
import type { ScrollOptions, Triggers } from "../../config/types.gen";
import { actionToOpen, hasEventTrigger, isExitIntent, pageViewsReached, scrollReached, scrolledPercent, secondsLeft } from "./rules";
import type { SessionState } from "./session";

export type Held = { el: HTMLElement; t: Triggers; scroll: ScrollOptions; id: string; actions: string[] };

export type TriggerEnv = {
  session: SessionState;
  /** Shows a root, or hands it to its scroll rule. */
  release(el: HTMLElement, scroll: ScrollOptions): void;
  /** Opens an action's surface (the loader's CNB.open); false when it may not (consent owed). */
  open(actionId: string): boolean | undefined;
  /** Saves the session (when storage is allowed). */
  save(): void;
  /** Milliseconds since the page's start (performance.now: a test's clock can drive it). */
  elapsed(): number;
  /** Exit intent applies: a desktop pointer (it has no meaning on a touch screen). */
  desktop(): boolean;
};

export function createTriggers(env: TriggerEnv) {
  let held: Held[] = [];
  const fired = new Set<string>();
  let frame = 0;
  let listening = false;

  const fire = (h: Held) => {
    held = held.filter((x) => x !== h);
    if (!held.length) stop();
    const first = !fired.has(h.id);
    fired.add(h.id);
    env.release(h.el, h.scroll);
    const s = env.session.state;
    const a = first && actionToOpen(h.t, h.actions, s.opened.includes(h.id));
    if (a && env.open(a)) {
      if (!s.opened.includes(h.id)) s.opened.push(h.id);
      env.save();
    }
  };
  const waiting = () => held.filter((h) => pageViewsReached(h.t, env.session.state.views));
  const onScroll = () => {
    frame ||= requestAnimationFrame(() => {
      frame = 0;
      const de = document.documentElement;
      const p = scrolledPercent(scrollY, de.scrollHeight, innerHeight);
      waiting().forEach((h) => scrollReached(h.t, p) && fire(h));
    });
  };
  const onOut = (e: MouseEvent) => {
    if (isExitIntent(e.relatedTarget, e.clientY)) waiting().forEach((h) => h.t.exitIntent && fire(h));
  };
  function stop() {
    if (!listening) return;
    listening = false;
    removeEventListener("scroll", onScroll);
    document.removeEventListener("mouseout", onOut);
  }
  function start() {
    if (listening) return;
    listening = true;
    addEventListener("scroll", onScroll, { passive: true });
    if (env.desktop()) document.addEventListener("mouseout", onOut);
  }
  /** Fires what is due now, and waits for the rest (after the page-view gate). */
  const check = () => {
    for (const h of held.slice()) {
      if (!pageViewsReached(h.t, env.session.state.views)) continue;
      if (fired.has(h.id) || !hasEventTrigger(h.t)) {
        fire(h);
        continue;
      }
      if (h.t.afterSeconds! > 0) setTimeout(() => held.includes(h) && fire(h), secondsLeft(h.t, env.elapsed()));
      if (h.t.afterScrollPercent! > 0) onScroll(); // the page may already be scrolled that far
      start();
    }
  };
  return {
    /** Holds these roots until their triggers fire. */
    hold(list: Held[]) {
      held.push(...list);
      check();
    },
    /** The session's page views changed (counted once storage was allowed): check the gate again. */
    recheck: check,
    /** Drops roots the loader removes. */
    drop(roots: HTMLElement[]) {
      held = held.filter((h) => !roots.includes(h.el));
      if (!held.length) stop();
    },
    /** Number of roots held (for tests). */
    holding: () => held.length,
  };
}
