// The stylesheet (spec §2.1, §4.2, §9): one <link> per page, and buttons revealed once the
// stylesheet's marker `--cnb-loaded: 1` applies to a rendered root. We check at once, on the link's
// load event, then every 200 ms up to 100 attempts, then give up.

export const POLL_MS = 200;
export const POLL_ATTEMPTS = 100;

/** The <link rel=stylesheet> for href: the one already on the page, or a new one in <head>. */
export function ensureStylesheet(doc: Document, href: string): HTMLLinkElement {
  const links = doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]');
  for (let i = 0; i < links.length; i++) {
    const l = links[i];
    if (l.getAttribute("href") === href || l.href === href) return l;
  }
  const link = doc.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  (doc.head || doc.documentElement).appendChild(link);
  return link;
}

/** The marker the stylesheet sets on `.call-now-button`. */
export function isStyled(el: Element): boolean {
  try {
    const v = getComputedStyle(el).getPropertyValue("--cnb-loaded");
    return v.trim() === "1";
  } catch {
    return false;
  }
}

/**
 * Calls ready() once the marker reads 1 on roots[0], or giveUp() after the last poll.
 * Returns a cancel function. Nothing happens for an empty list.
 */
export function whenStyled(
  link: HTMLLinkElement | null,
  roots: Element[],
  ready: () => void,
  giveUp: () => void,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempts = 0;
  let over = !roots.length;
  const stop = () => {
    over = true;
    clearTimeout(timer);
    if (link) link.removeEventListener("load", check);
  };
  function check(): boolean {
    if (over || !isStyled(roots[0])) return false;
    stop();
    ready();
    return true;
  }
  const poll = () => {
    if (check() || over) return;
    if (++attempts >= POLL_ATTEMPTS) {
      stop();
      giveUp();
    } else timer = setTimeout(poll, POLL_MS);
  };
  if (!over && !check()) {
    if (link) link.addEventListener("load", check);
    timer = setTimeout(poll, POLL_MS);
  }
  return stop;
}
