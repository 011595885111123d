// The component being rendered: its hooks take its slots in call order (hooks.ts).
import type { Component, Node, Slot } from "./node";

let rendering: Node | null = null;
let next = 0;

/** Calls the component of node n with its props; what it returns is its children. */
export function renderComponent(n: Node): unknown {
  rendering = n;
  next = 0;
  const out = (n._type as Component)(n._props);
  rendering = null;
  return out;
}

/** The next hook slot of the component being rendered, new on its first render. */
export function nextSlot(): Slot {
  const n = rendering!;
  return (n._hooks[next++] ||= { _node: n });
}
