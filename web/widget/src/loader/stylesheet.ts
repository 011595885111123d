// The stylesheet (spec §2.1, §9). The hosted embed carries its text (window.CNB_CSS, written by the
// server ahead of the loader: docs/architecture.md "Contracts"), adopted as a constructed stylesheet,
// so the buttons need no second request. Otherwise one <link> per page. Either way buttons are
// revealed once its marker `--cnb-loaded: 1` applies to a rendered root (widget.ts checks at once,
// on the link's load event, then every 200 ms up to 100 attempts).
import { loaderBase } from "./surface";

/** options.cssLocation, else beckon.css beside the loader ("" when neither is known). */
export const cssHref = (css?: string): string => css || (loaderBase() && loaderBase() + "beckon.css");

let adopted: CSSStyleSheet | undefined;

/**
 * Whether the embed's stylesheet text is adopted by the document: then no <link> is needed. False
 * again if the page has replaced the document's adopted stylesheets meanwhile.
 */
export const isAdopted = (): boolean => !!adopted && document.adoptedStyleSheets.includes(adopted);

/**
 * Adopts the stylesheet text as a constructed stylesheet of the document. A constructed sheet is
 * not an inline <style>, so a page's Content-Security-Policy without 'unsafe-inline' does not block
 * it. Where constructed stylesheets are missing (Safari before 16.4), nothing is adopted and the
 * caller falls back to the <link>.
 */
export function adoptStylesheet(text: string): void {
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    adopted = sheet;
  } catch {
    // not supported: the <link> is used
  }
}

/**
 * The <link rel=stylesheet> for href: the one already on the page, or a new one in <head>. Only a
 * stylesheet link counts: a page may also preload the file (rel=preload), which applies nothing.
 */
export function ensureStylesheet(href: string): HTMLLinkElement {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel~="stylesheet" i]')) {
    if (link.getAttribute("href") === href) return link;
  }
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  document.head.appendChild(link);
  return link;
}

/** The stylesheet's marker applies to el (connected: the caller checks). " 1" counts too. */
export const isStyled = (el: Element): boolean => Number(getComputedStyle(el).getPropertyValue("--cnb-loaded")) === 1;
