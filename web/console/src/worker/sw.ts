// The console's service worker, served at /console/sw.js with the scope /console/ (built by
// vite-plugin-pwa's injectManifest from this file; README.md "The service worker"). It
// - keeps a copy of the app (index.html and the hashed files of this build, listed by the build in
//   self.__WB_MANIFEST) so the console opens without a network and says it is offline;
// - answers app navigations from the network first, and from that copy only when the network
//   fails: online, a reload always gets the server's current build;
// - never touches /api/: the API and the realtime socket go to the network, uncached, so nobody
//   sees stale chats as current;
// - shows a Web Push message as a notification, and a click on it opens the console there.
/// <reference lib="webworker" />
import { clientsClaim } from "workbox-core";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { OPEN, type OpenMessage } from "./contract";
import { isAppNavigation } from "./navigation";
import { consoleUrl, pushNotice } from "./push";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<string | { url: string; revision: string | null }> };

/** "https://host/console/": where the console lives; nothing outside it is opened. */
const SCOPE = self.registration.scope;
const SCOPE_PATH = new URL(SCOPE).pathname;
const ICON = new URL("icons/icon-192.png", SCOPE).href;
/** A network that answers a navigation with nothing for this long counts as offline. */
const NAVIGATION_TIMEOUT_MS = 5000;

// A new build's worker takes over as soon as it is installed: pages keep running what they loaded
// (they load nothing more from the old copy, whose files are gone from the server too), and the
// next load is the new build's.
self.addEventListener("install", () => void self.skipWaiting());
clientsClaim();
cleanupOutdatedCaches();
self.addEventListener("activate", (event) => {
  // The navigation's request starts while the worker starts, instead of after it.
  event.waitUntil(self.registration.navigationPreload?.enable() ?? Promise.resolve());
});

// App navigations: the network's answer (the server's index.html, revalidated), or the copy when
// the network fails or stays silent. Registered before the copy's own route, which would otherwise
// answer /console/ and /console/index.html from the copy even online.
registerRoute(
  ({ request, url }) => request.mode === "navigate" && url.origin === self.location.origin && isAppNavigation(url.pathname, SCOPE_PATH),
  async ({ event, request }) => {
    const fetchEvent = event as FetchEvent;
    try {
      return await withTimeout(
        Promise.resolve(fetchEvent.preloadResponse).then((preloaded: Response | undefined) => preloaded ?? fetch(request)),
        NAVIGATION_TIMEOUT_MS,
      );
    } catch (error) {
      const copy = await matchPrecache("index.html");
      if (copy) return copy;
      throw error;
    }
  },
);

// The build's files, from the copy (hashed names never change; the rest carry a revision).
precacheAndRoute(self.__WB_MANIFEST);

self.addEventListener("push", (event) => {
  const notice = pushNotice(event.data?.text() ?? null, SCOPE);
  // `renotify` (Chromium, Firefox) is not in TypeScript's NotificationOptions yet.
  const options: NotificationOptions & { renotify?: boolean } = {
    body: notice.body,
    tag: notice.tag,
    // A conversation's next message replaces its notification and still alerts.
    renotify: notice.tag !== undefined,
    icon: ICON,
    data: notice.url,
  };
  event.waitUntil(self.registration.showNotification(notice.title, options));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  // The data is the worker's own (checked when shown); checked again as it is about to be opened.
  const url = consoleUrl(event.notification.data, SCOPE) ?? SCOPE;
  event.waitUntil(openConsoleAt(url));
});

/**
 * Shows `url` in a console window: an open one is asked to go there (the app routes without a
 * reload, so a draft or an unsaved edit is not lost without asking) and brought forward; with none
 * open, a new one opens.
 */
async function openConsoleAt(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: "window" });
  const open = windows.find((w) => w.focused) ?? windows[0];
  if (!open) {
    await self.clients.openWindow(url);
    return;
  }
  open.postMessage({ type: OPEN, url } satisfies OpenMessage);
  // Browsers allow focusing a window only while handling the click.
  await open.focus().catch(() => undefined);
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}
