// A button that shows and hides a panel (the top bar's menu on a phone, a chat's visitor details):
// the button says whether the panel is shown (aria-expanded) and which it is (aria-controls);
// Escape on the button or in the panel hides it and puts focus back on the button. Escape inside a
// dialog opened from the panel (Settings) is the dialog's own and is left alone. A menu
// (`dismissOutside`) also hides when the pointer goes down or the focus moves outside it.
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";

export function useDisclosure<Panel extends HTMLElement = HTMLDivElement>({ focusPanel = false, dismissOutside = false }: { focusPanel?: boolean; dismissOutside?: boolean } = {}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<Panel>(null);
  const id = useId();
  /** Hides the panel; focus goes back to the button unless it is already elsewhere on purpose. */
  const close = useCallback((returnFocus = true) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }, []);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== "Escape" || !open || (e.target as Element).closest("dialog")) return;
    e.preventDefault();
    e.stopPropagation();
    close();
  };
  // A panel of reading matter takes the focus when shown, so that reading goes on from there.
  useEffect(() => {
    if (open && focusPanel) panel.current?.focus();
  }, [open, focusPanel]);
  useEffect(() => {
    if (!open || !dismissOutside) return;
    const outside = (target: EventTarget | null) =>
      target instanceof Node && !button.current?.contains(target) && !panel.current?.contains(target) && !(target instanceof Element && target.closest("dialog"));
    const onPointer = (e: PointerEvent) => outside(e.target) && close(false);
    const onFocus = (e: FocusEvent) => outside(e.target) && close(false);
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("focusin", onFocus);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("focusin", onFocus);
    };
  }, [open, dismissOutside, close]);
  return {
    open,
    close,
    button: { ref: button, "aria-expanded": open, "aria-controls": id, onClick: () => setOpen((o) => !o), onKeyDown },
    panel: { ref: panel, id, onKeyDown },
  };
}
