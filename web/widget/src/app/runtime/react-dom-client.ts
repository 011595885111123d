// createRoot of "react-dom/client" in the embed build (app.build.mjs maps "react-dom/client" here).
// Unlike React 18's, render() renders at once: the app's warm-up (warm.tsx, index.tsx) renders a
// surface and takes it out again in the same task to run its code ahead of the click. render(null)
// unmounts what was rendered.
import { renderRoot, rootNode } from "./diff";
import { flushLayout, flushPassive } from "./effects";

export function createRoot(container: Element | DocumentFragment): { render(children: unknown): void } {
  const root = rootNode(container);
  return {
    render(children) {
      flushPassive(); // effects still due from the last render run before this one, as React's
      renderRoot(root, children);
      flushLayout();
    },
  };
}
