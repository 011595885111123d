// State changes render later, together: the components whose state changed render once each, in
// a microtask (after the event handler or effect that changed them, before the browser paints),
// parents before children (a child rendered with its parent is not rendered again). React
// batches the same way. Each round first runs the passive effects still due (React does before
// rendering again) and ends with the layout effects of what it rendered, which may change state
// again: that is one more round, still before the paint.
import { update } from "./diff";
import { flushLayout, flushPassive } from "./effects";
import type { Node } from "./node";

let dirty: Node[] = [];

/** Renders component n again soon: its state changed. */
export function schedule(n: Node): void {
  if (n._gone || n._dirty) return;
  n._dirty = true;
  if (dirty.push(n) == 1) queueMicrotask(flush);
}

function flush(): void {
  while (dirty.length) {
    flushPassive();
    const round = dirty.sort((a, b) => a._depth - b._depth);
    dirty = [];
    for (const n of round) if (n._dirty && !n._gone) update(n);
    flushLayout();
  }
}
