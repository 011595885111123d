// Page helpers for the runtime tests (happy-dom).
import { vi } from "vitest";
import { createStorage, type Store } from "../../src/loader/storage";
import { createWidget } from "../../src/loader/widget";

/** Makes the stylesheet marker apply, as beckon.css does once loaded. */
export function styleLoaded(): void {
  if (document.getElementById("cnb-test-marker")) return;
  const s = document.createElement("style");
  s.id = "cnb-test-marker";
  s.textContent = ".call-now-button { --cnb-loaded: 1 }";
  document.head.appendChild(s);
}

export const roots = () => Array.from(document.querySelectorAll<HTMLElement>(".call-now-button"));
export const ids = (els: HTMLElement[]) => els.map((e) => e.getAttribute("data-button-id"));
/** Hidden by the renderer's inline display:none until revealed. */
export const isRevealed = (el: HTMLElement) => el.style.getPropertyValue("display") != "none";

export function memStore(values: Record<string, string> = {}): Store {
  const s = createStorage(() => null);
  for (const k in values) s.set(k, values[k]);
  return s;
}

export function widget(store: Store = memStore()) {
  return createWidget({ win: window, doc: document, store });
}

/** A fetch mock answering per "METHOD /path" with JSON (404 otherwise); every call is recorded. */
export function mockFetch(routes: Record<string, (init?: RequestInit) => unknown> = {}) {
  const f = vi.fn(async (url: string, init?: RequestInit) => {
    const path = new URL(url).pathname;
    const route = routes[((init && init.method) || "GET") + " " + path];
    if (!route) return new Response("{}", { status: 404 });
    return new Response(JSON.stringify(route(init)), { status: 200 });
  });
  vi.stubGlobal("fetch", f);
  return f;
}

export function resetPage(): void {
  document.head.innerHTML = '<meta name="viewport" content="width=device-width">';
  document.body.innerHTML = "";
  const w = window as unknown as Record<string, unknown>;
  delete w.CNB;
  delete w.CNB_DATA;
  delete w.gtag;
  delete w.dataLayer;
  delete w.gtag_report_conversion;
}
