// createRoot of "react-dom/client" on Preact's render (app.build.mjs maps "react-dom/client" here).
import { render, type ComponentChild } from "preact";

export function createRoot(host: Element | DocumentFragment) {
  return { render: (v: ComponentChild) => render(v, host) };
}
