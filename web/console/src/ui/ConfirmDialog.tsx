// A question asked before something that cannot be taken back (ending a chat): a modal
// <dialog> in the page, like the publish dialog (focus moves in, Esc cancels, the page behind
// is inert), instead of the browser's confirm(), which some browsers let a page turn off and
// which reads as the browser's question rather than the console's. The safe answer, Cancel,
// has the focus, so an Enter pressed in haste keeps things as they are.
import { useEffect, useId, useRef, type ReactNode } from "react";
import { useT } from "../i18n/index";

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The safe answer's word, in the console's language. */
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const id = useId();
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) {
      d.showModal();
      cancel.current?.focus();
    } else if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      className="dialog"
      role="alertdialog"
      aria-labelledby={`${id}-h`}
      aria-describedby={`${id}-d`}
      // Esc (the dialog's cancel event) and Cancel both answer no.
      onClose={() => open && onCancel()}
    >
      <h3 id={`${id}-h`}>{title}</h3>
      <div id={`${id}-d`}>{children}</div>
      <div className="row dialog-actions">
        <button className="danger" onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button ref={cancel} onClick={onCancel}>
          {cancelLabel ?? t("app.cancel")}
        </button>
      </div>
    </dialog>
  );
}
