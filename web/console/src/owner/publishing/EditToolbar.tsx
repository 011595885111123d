// Undo, redo and discard for the draft (useEditHistory.ts); the keys are Ctrl+Z and Ctrl+Shift+Z.
import type { EditHistory } from "./useEditHistory";
import { useT } from "../../i18n/index";

const mac = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);
const key = (k: string) => (mac ? `⌘${k}` : `Ctrl+${k}`);

export function EditToolbar({ draft }: { draft: EditHistory }) {
  const t = useT();
  const discard = () => {
    if (confirm(t("publishing.discardQuestion"))) void draft.discard();
  };
  return (
    <div className="row edit-toolbar" role="group" aria-label={t("publishing.edits")}>
      <button onClick={draft.undo} disabled={!draft.canUndo} aria-keyshortcuts={mac ? "Meta+Z" : "Control+Z"} title={t("publishing.undoKeys", { keys: key("Z") })}>
        {t("publishing.undo")}
      </button>
      <button onClick={draft.redo} disabled={!draft.canRedo} aria-keyshortcuts={mac ? "Meta+Shift+Z" : "Control+Shift+Z"} title={t("publishing.redoKeys", { keys: key("Shift+Z") })}>
        {t("publishing.redo")}
      </button>
      <button onClick={discard} disabled={!draft.dirty}>
        {t("publishing.discard")}
      </button>
    </div>
  );
}
