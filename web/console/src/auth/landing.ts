// Where keyboard focus lands after logging in: the page's main heading (`#main h1`), not <body>
// (the login form that had it is gone). Pages may render their heading a moment later, so this
// waits for it; the heading gets tabIndex -1 to take focus without joining the tab order.

/** Focuses the main heading once it is in the page, then calls `done`; returns a cancel function. */
export function focusMainHeadingWhenShown(done: () => void): () => void {
  const focus = () => {
    const h = document.querySelector<HTMLElement>("#main h1");
    if (!h) return false;
    if (!h.hasAttribute("tabindex")) h.tabIndex = -1;
    h.focus();
    done();
    return true;
  };
  if (focus()) return () => {};
  const seen = new MutationObserver(() => focus() && seen.disconnect());
  seen.observe(document.body, { childList: true, subtree: true });
  return () => seen.disconnect();
}
