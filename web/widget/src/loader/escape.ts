// Esc collapses the expanded multi/dots menus (by their own toggle, so the loader tells the page
// cnb:collapse); focus inside one returns to its toggle. In the extras chunk, not the loader: the
// chunk arrives right after the buttons show, and every byte before they show counts.

/** Listens on doc for Esc; returns what stops listening. */
export function collapseOnEscape(doc: Document): () => void {
  const onKey = (e: KeyboardEvent) => {
    if (e.key == "Escape")
      doc.querySelectorAll<HTMLElement>(".call-now-button.cnb-expand").forEach((r) => {
        const toggle = r.querySelector<HTMLElement>(".cnb-toggle");
        const inside = r.contains(doc.activeElement);
        toggle?.click();
        if (inside) toggle?.focus();
      });
  };
  doc.addEventListener("keydown", onKey);
  return () => doc.removeEventListener("keydown", onKey);
}
