// A surface on a small screen (app.css: max-width 450px) fills the visual viewport: the part of the
// page the visitor sees, which is smaller than the layout viewport while the on-screen keyboard is
// open (or the page is zoomed). The dialog's box follows window.visualViewport through custom
// properties (--cnb-vv-*), read by app.css only on small screens; and the page behind it does not
// scroll while it is open (its root's overflow, put back on close).

/** The media query of a small screen; app.css uses the same width. */
export const SMALL_SCREEN = "(max-width: 450px)";

/** Keeps el's --cnb-vv-top/left/width/height on the visual viewport; returns what stops it. */
export function followVisualViewport(el: HTMLElement, w: Window = window): () => void {
  const vv = w.visualViewport;
  if (!vv) return () => {};
  const fit = () => {
    el.style.setProperty("--cnb-vv-top", vv.offsetTop + "px");
    el.style.setProperty("--cnb-vv-left", vv.offsetLeft + "px");
    el.style.setProperty("--cnb-vv-width", vv.width + "px");
    el.style.setProperty("--cnb-vv-height", vv.height + "px");
  };
  fit();
  vv.addEventListener("resize", fit);
  vv.addEventListener("scroll", fit);
  return () => {
    vv.removeEventListener("resize", fit);
    vv.removeEventListener("scroll", fit);
  };
}

let locks = 0;
let saved = "";

/** Stops the page from scrolling (the root's overflow) until every lock is released. */
export function lockPageScroll(d: Document = document): () => void {
  const root = d.documentElement;
  if (!locks++) {
    saved = root.style.getPropertyValue("overflow");
    root.style.setProperty("overflow", "hidden", "important");
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--locks) return;
    if (saved) root.style.setProperty("overflow", saved);
    else root.style.removeProperty("overflow");
  };
}
