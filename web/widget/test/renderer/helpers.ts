// Helpers for the renderer's tests (src/app/runtime/: what the embed build renders with instead
// of React). The tests write h(…) calls: the same elements the embed's JSX compiles to.
import { useState } from "../../src/app/runtime/hooks";
import { createRoot } from "../../src/app/runtime/react-dom-client";
import { h } from "../../src/app/runtime/vnode";

export { h, Fragment } from "../../src/app/runtime/vnode";
export * from "../../src/app/runtime/hooks";

/** A container in the page and a root rendering into it. */
export function mount(): { container: HTMLElement; render(children: unknown): void } {
  const container = document.body.appendChild(document.createElement("div"));
  return { container, ...createRoot(container) };
}

/** After the microtask in which state changes render (and their layout effects run); no frame has passed. */
export const rendered = (): Promise<void> => new Promise((r) => queueMicrotask(r));

/** After the next frame (happy-dom: an immediate) and the task after it: passive effects have run. */
export const painted = (): Promise<void> => new Promise((r) => requestAnimationFrame(() => setTimeout(r)));

/** A setter captured from a component's render, to change its state from the test. */
export type Setter<T> = { set?: (v: T | ((old: T) => T)) => void };

/** A component that shows a number of its own state in an <output>, and the setter of that number. */
export function makeCounter(): { Counter: () => unknown; counter: Setter<number> } {
  const counter: Setter<number> = {};
  function Counter() {
    const [n, set] = useState(0);
    counter.set = set;
    return h("output", null, n);
  }
  return { Counter, counter };
}
