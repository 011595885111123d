// Injects the surfaces' stylesheets into <head>, each once. CSS files are imported as text
// (`import css from "./x.css?raw"`: Vite in the tests, app.build.mjs minifies them into the chunk).
// A sheet the page has removed is added again.
const added = new Map<string, HTMLStyleElement>();

export function addStyles(css: string): void {
  if (!css || added.get(css)?.isConnected) return;
  const s = document.createElement("style");
  s.setAttribute("data-beckon", "app");
  s.textContent = css;
  document.head.appendChild(s);
  added.set(css, s);
}
