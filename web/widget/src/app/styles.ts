// Injects the surfaces' stylesheets into <head>, each once. CSS files are imported as text
// (`import css from "./x.css?raw"`: Vite in the tests, app.build.mjs minifies them into the chunk).
const added = new Set<string>();

export function addStyles(css: string): void {
  if (!css || added.has(css)) return;
  added.add(css);
  const s = document.createElement("style");
  s.setAttribute("data-beckon", "app");
  s.textContent = css;
  document.head.appendChild(s);
}
