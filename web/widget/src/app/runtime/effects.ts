// Effects, once a render's DOM is in place. Layout effects (and refs) run at once, before the
// browser can paint; passive ones (useEffect) after the next paint, or earlier when another render
// comes first (scheduler.ts, react-dom-client.ts: React runs them before rendering again). Each batch runs
// every cleanup before any effect, and children's effects before their parent's (the order a
// render queues them in: diff.ts queues a node's effects after its children's).
import type { Slot } from "./node";

const layout: Slot[] = [];
const passive: Slot[] = [];
let paintScheduled = false;

/** Queues the slots whose effect is due (their _fn is set). */
export function queueEffects(slots: Slot[]): void {
  for (const s of slots) if (s._fn) (s._layout ? layout : passive).push(s);
  if (passive.length && !paintScheduled) {
    paintScheduled = true;
    afterPaint(() => {
      paintScheduled = false;
      flushPassive();
    });
  }
}

/** Runs the slot's last cleanup, if any. */
export function cleanup(s: Slot): void {
  const c = s._cleanup;
  s._cleanup = undefined;
  if (typeof c == "function") c();
}

function run(queue: Slot[]): void {
  const due = queue.splice(0);
  for (const s of due) if (s._fn) cleanup(s);
  for (const s of due) {
    const fn = s._fn;
    // Unmounted meanwhile (an effect above rendered it away): its _fn was cleared.
    if (fn) (s._fn = null), (s._cleanup = fn());
  }
}

export const flushLayout = (): void => run(layout);
export const flushPassive = (): void => run(passive);

/**
 * fn after the next paint: a task queued from an animation frame runs after that frame is
 * painted. Pages in background tabs get no animation frames: the timeout stands in for them.
 */
function afterPaint(fn: () => void): void {
  const done = () => {
    clearTimeout(t);
    cancelAnimationFrame(r);
    setTimeout(fn);
  };
  const t = setTimeout(done, 100);
  const r = requestAnimationFrame(done);
}
