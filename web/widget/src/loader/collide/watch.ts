// Collision avoidance, the DOM part (in the extras chunk, never in the loader's critical path):
// the page's fixed and sticky elements are found and measured only after the page's load event,
// at idle time, and again when observers say something changed (no polling):
//   - MutationObserver: elements added or removed, a style/class/hidden change (a banner closed);
//   - ResizeObserver: an obstacle changes size or disappears (display: none gives 0 × 0);
//   - IntersectionObserver: an obstacle enters or leaves the viewport (a banner sliding in);
//   - the window's resize, and transitions/animations ending (a banner's slide-out).
// Each run reads everything first (computed styles and rectangles), then writes (the roots'
// inline `translate`), so it costs at most one layout. The first look at a page's elements is
// spread over idle periods (a long page's thousands of elements: bench/results.md). geometry.ts
// decides the move. The move is animated unless the visitor prefers reduced motion.
import { isObstacle, isStuck, placeOf, shiftsFor, type Place, type Rect, type Shift } from "./geometry";

type Idle = (f: (deadline?: IdleDeadline) => void) => void;
const idle: Idle = (f) => (typeof requestIdleCallback == "function" ? requestIdleCallback(f, { timeout: 1000 }) : setTimeout(f, 100));
/** Elements looked at per idle period at least (a deadline already spent still makes progress). */
const LOOK_AT_LEAST = 200;

/** Beckon's own elements (roots of buttons, the app's host) are never obstacles. */
const ours = (el: Element) => !!el.closest(".call-now-button, .cnb-m-host");
const px = (v: string) => (v == "auto" ? null : parseFloat(v));
/** The translate a root has now (the animated value while it moves), as x, y. */
function translateOf(cs: CSSStyleDeclaration): Shift {
  const [x, y] = cs.translate == "none" || !cs.translate ? [] : cs.translate.split(" ").map(parseFloat);
  return { x: x || 0, y: y || 0 };
}

/**
 * Keeps the roots that roots() returns off the page's fixed and sticky elements; returns what
 * stops it (the roots go back home).
 */
export function avoidCollisions(roots: () => HTMLElement[], report: (e: unknown) => void): () => void {
  const known = new Set<Element>(); // fixed or sticky elements seen
  const added = new Set<Element>(); // subtrees to look through on the next run
  const moved = new Map<HTMLElement, string>(); // roots with a translate, and its value
  let scheduled = false;
  let stopped = false;
  let first = true;
  // Elements still to look at: the page's whole tree at first, looked through over as many idle
  // periods as it takes (a page of thousands of elements never gets one long task from us).
  let unseen: Element[] = [];
  let last = -1e9;
  // At idle time, and at most every 200 ms: a page restyling something every frame (a carousel)
  // costs one look per 200 ms, not one per frame.
  const schedule = () => {
    if (scheduled || stopped) return;
    scheduled = true;
    setTimeout(() => idle(run), Math.max(0, last + 200 - performance.now()));
  };
  const ro = new ResizeObserver(schedule);
  const io = new IntersectionObserver(schedule, { threshold: [0, 0.25, 0.5, 0.75, 1] });
  const forget = (el: Element) => {
    known.delete(el);
    ro.unobserve(el);
    io.unobserve(el);
  };
  const consider = (el: Element) => {
    if (known.has(el) || ours(el)) return;
    const p = getComputedStyle(el).position;
    if (p == "fixed" || p == "sticky") {
      known.add(el);
      ro.observe(el);
      io.observe(el);
    }
  };
  const mo = new MutationObserver((records) => {
    let any = false;
    for (const r of records) {
      const t = r.target as Element;
      if (t.nodeType != 1 || ours(t)) continue;
      any = true;
      if (r.type == "attributes") added.add(t);
      else r.addedNodes.forEach((n) => n.nodeType == 1 && added.add(n as Element));
    }
    if (any) schedule();
  });
  const onEnd = (ev: Event) => known.has(ev.target as Element) && schedule();

  function run(deadline?: IdleDeadline) {
    scheduled = false;
    last = performance.now();
    // Stopped, or the document is gone (torn down before the idle callback came).
    if (stopped || typeof document == "undefined") return;
    try {
      // Read: new candidates, then every rectangle.
      if (first) {
        first = false;
        unseen = Array.from(document.body.querySelectorAll("*"));
      }
      for (const el of added) {
        if (!el.isConnected) continue;
        unseen.push(el, ...Array.from(el.querySelectorAll("*")));
      }
      added.clear();
      for (let n = 0; unseen.length && (n < LOOK_AT_LEAST || !deadline || deadline.timeRemaining() > 1); n++) {
        const el = unseen.pop()!;
        if (el.isConnected) consider(el);
      }
      // More to look at: the next idle period goes on (nothing moves before the whole page is seen).
      if (unseen.length) return void ((scheduled = true), idle(run));
      const vw = document.documentElement.clientWidth;
      const vh = document.documentElement.clientHeight;
      const mine = roots().filter((r) => r.isConnected);
      const obstacles: Rect[] = [];
      for (const el of known) {
        const cs = el.isConnected && getComputedStyle(el);
        if (!cs || (cs.position != "fixed" && cs.position != "sticky")) {
          forget(el);
          continue;
        }
        if (cs.visibility == "hidden" || cs.opacity == "0" || mine.some((r) => el.contains(r))) continue;
        const r = el.getBoundingClientRect();
        if (cs.position == "sticky" && !isStuck(r, vh, px(cs.top), px(cs.bottom))) continue;
        if (isObstacle(r, vw, vh)) obstacles.push(r);
      }
      const homes: { root: HTMLElement; home: Rect; place: Place }[] = [];
      for (const root of mine) {
        const cs = getComputedStyle(root);
        if (cs.position != "fixed") continue; // ABSOLUTE buttons live inside the page's own layout
        const b = root.getBoundingClientRect();
        if (!b.width) continue; // hidden until a scroll rule shows it
        const now = translateOf(cs);
        const home = { left: b.left - now.x, right: b.right - now.x, top: b.top - now.y, bottom: b.bottom - now.y };
        homes.push({ root, home, place: placeOf(root.className) });
      }
      const plans = shiftsFor(homes, obstacles, vw, vh).map((s, i) => [homes[i].root, s.x || s.y ? `${s.x}px ${s.y}px` : ""] as const);
      // Write.
      const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
      for (const [root, t] of plans) {
        if ((moved.get(root) || "") == t) continue;
        if (t) moved.set(root, t);
        else moved.delete(root);
        place(root, t, still);
      }
    } catch (e) {
      report(e);
    }
  }

  const start = () => {
    if (stopped) return;
    mo.observe(document.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: ["style", "class", "hidden", "open"] });
    addEventListener("resize", schedule);
    document.addEventListener("transitionend", onEnd, true);
    document.addEventListener("animationend", onEnd, true);
    schedule();
  };
  // Nothing is measured while the page loads: after its load event, at idle time.
  if (document.readyState == "complete") start();
  else addEventListener("load", start, { once: true });

  return () => {
    stopped = true;
    removeEventListener("load", start);
    mo.disconnect();
    ro.disconnect();
    io.disconnect();
    removeEventListener("resize", schedule);
    document.removeEventListener("transitionend", onEnd, true);
    document.removeEventListener("animationend", onEnd, true);
    for (const root of moved.keys()) place(root, "", true);
    moved.clear();
  };
}

/** Moves a root by translate t ("" for home), sliding unless the visitor prefers reduced motion. */
function place(root: HTMLElement, t: string, still: boolean): void {
  root.style.setProperty("transition", still ? "none" : "translate .25s ease-out", "important");
  if (t) root.style.setProperty("translate", t, "important");
  else root.style.removeProperty("translate");
}
