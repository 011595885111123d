// Page helpers for the runtime tests (happy-dom).
import { expect, vi } from "vitest";
import { createWidget, type Importer } from "../../src/loader/widget";
import * as extras from "../../src/loader/extras";

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
/** Waits until el is revealed: a task after the stylesheet is found (widget.ts), also under fake timers. */
export const revealed = (el: HTMLElement) => vi.waitFor(() => expect(isRevealed(el)).toBe(true));

/** "Imports" the real extras chunk (src/loader/extras.ts, loaded up front so fake timers do not
 * stall it); imports are counted in calls. */
export function chunk(): Loader & { calls: number } {
  const f = Object.assign(
    () => {
      f.calls++;
      return Promise.resolve(extras);
    },
    { calls: 0 },
  );
  return f;
}

/** A chunk importer as the tests write them. */
export type Loader = () => Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A loader with the given chunk importer (by default the real chunks, counted). */
export function widget(importer: Loader = chunk()) {
  return createWidget(importer as Importer);
}

/** Storage flags (spec §9) as the visitor's developer tools would set them. */
export function flags(values: Record<string, string>): void {
  for (const k in values) localStorage.setItem(k, values[k]);
}

/** Lets promises and the chunk import settle. */
export const settle = () => new Promise((r) => setTimeout(r, 20));

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
  // happy-dom has no getAnimations(), which every browser Beckon supports has (widget.ts calls it).
  document.getAnimations ??= () => [];
  document.head.innerHTML = '<meta name="viewport" content="width=device-width">';
  document.body.innerHTML = "";
  localStorage.clear();
  const w = window as unknown as Record<string, unknown>;
  delete w.CNB;
  delete w.CNB_DATA;
  delete w.CNB_CSS;
  document.adoptedStyleSheets = [];
  delete w.gtag;
  delete w.dataLayer;
  delete w.gtag_report_conversion;
}
