// The page's side of the console's service worker (src/worker/sw.ts, README.md "The service
// worker"): it is registered once the page has loaded, in production builds only (`npm run dev`
// serves modules the worker knows nothing of), and a notification's click arrives here to be shown
// by the router.
import { isOpenMessage } from "../worker/contract";
import { BASE, navigate } from "./router";

const supported = () => import.meta.env.PROD && "serviceWorker" in navigator;

export function registerConsoleWorker(): void {
  if (!supported()) return;
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (!isOpenMessage(event.data)) return;
    const url = new URL(event.data.url, location.href);
    // Only the console's own addresses; the router asks first when there are unsaved changes.
    if (url.origin === location.origin && url.pathname.startsWith(BASE)) navigate(url.pathname.slice(BASE.length) + url.search);
  });
  const register = () =>
    navigator.serviceWorker
      // updateViaCache "none": a new build's worker is found on the next load, whatever the
      // HTTP cache holds.
      .register(`${BASE}sw.js`, { scope: BASE, updateViaCache: "none" })
      .catch((e: unknown) => console.warn("Beckon: the console works without offline support:", e));
  if (document.readyState === "complete") void register();
  else addEventListener("load", () => void register(), { once: true });
}

/**
 * The console's worker once it is active (e.g. to subscribe to Web Push), or null where there is
 * none (a development server, a browser without service workers).
 */
export async function consoleWorker(): Promise<ServiceWorkerRegistration | null> {
  return supported() ? navigator.serviceWorker.ready : null;
}
