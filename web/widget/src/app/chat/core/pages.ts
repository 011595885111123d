// The page the visitor is on, as the chat tells the agents beside the conversation (the socket's
// `page` frame: on connecting, and when a single-page site changes its address or its title),
// except on the page Beckon serves for a link from an e-mail, whose address is that link. A
// single-page app changes the address first and sets the new page's title after: the title's
// change is told too, and the server names the entry again (docs/realtime.md, `page`).

export type Page = { url: string; title?: string };

/** The page to tell for this address and title, or null. Pure. */
export function pageToReport(href: string, title: string, apiRoot: string): Page | null {
  let u: URL;
  try {
    u = new URL(href);
  } catch {
    return null;
  }
  if (u.protocol != "http:" && u.protocol != "https:") return null;
  try {
    if (new URL(apiRoot || "/", href).origin == u.origin && u.pathname.startsWith("/c/")) return null;
  } catch {
    /* an apiRoot that is no URL: the page is the site's */
  }
  const t = title.trim().slice(0, 300);
  return t ? { url: href.slice(0, 2000), title: t } : { url: href.slice(0, 2000) };
}

/** Whether `now` is worth telling after `last`: another address, or the same with another title. Pure. */
export function pageChanged(last: Page | null, now: Page): boolean {
  return !last || last.url != now.url || (!!now.title && last.title != now.title);
}

type NavigationLike = { addEventListener(t: string, f: () => void): void; removeEventListener(t: string, f: () => void): void };

/**
 * Calls `changed` when the page changes its address without loading (history, hash, the Navigation
 * API) or its title (the document's head changes); returns the stop.
 */
export function watchPage(changed: () => void): () => void {
  const nav = (globalThis as { navigation?: NavigationLike }).navigation;
  addEventListener("popstate", changed);
  addEventListener("hashchange", changed);
  nav?.addEventListener("currententrychange", changed);
  const head = typeof MutationObserver != "undefined" ? document.head : null;
  const titles = head ? new MutationObserver(changed) : null;
  if (head) titles!.observe(head, { childList: true, subtree: true, characterData: true });
  return () => {
    titles?.disconnect();
    removeEventListener("popstate", changed);
    removeEventListener("hashchange", changed);
    nav?.removeEventListener("currententrychange", changed);
  };
}
