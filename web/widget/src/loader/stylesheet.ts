// The stylesheet (spec §2.1, §9): one <link> per page; buttons are revealed once its marker
// `--cnb-loaded: 1` applies to a rendered root (widget.ts checks at once, on the link's load event,
// then every 200 ms up to 100 attempts).
import { loaderBase } from "./surface";

/** options.cssLocation, else beckon.css beside the loader ("" when neither is known). */
export const cssHref = (css?: string): string => css || (loaderBase() && loaderBase() + "beckon.css");

/**
 * The <link rel=stylesheet> for href: the one already on the page, or a new one in <head>. Only a
 * stylesheet link counts: a page may also preload the file (rel=preload), which applies nothing.
 */
export function ensureStylesheet(href: string): HTMLLinkElement {
  for (const l of document.querySelectorAll<HTMLLinkElement>('link[rel~="stylesheet" i]')) if (l.getAttribute("href") == href) return l;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  document.head.appendChild(link);
  return link;
}

/** The stylesheet's marker applies to el (connected: the caller checks). */
export const isStyled = (el: Element): boolean => +getComputedStyle(el).getPropertyValue("--cnb-loaded") == 1; // " 1" too
