// Undo, redo and discard for the draft (useEditHistory.ts); the keys are Ctrl+Z and Ctrl+Shift+Z.
import type { EditHistory } from "./useEditHistory";

const mac = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);
const key = (k: string) => (mac ? `⌘${k}` : `Ctrl+${k}`);

export function EditToolbar({ draft }: { draft: EditHistory }) {
  const discard = () => {
    if (confirm("Discard your unsaved changes and go back to the saved draft?")) void draft.discard();
  };
  return (
    <div className="row edit-toolbar" role="group" aria-label="Edits">
      <button onClick={draft.undo} disabled={!draft.canUndo} aria-keyshortcuts={mac ? "Meta+Z" : "Control+Z"} title={`Undo (${key("Z")})`}>
        Undo
      </button>
      <button onClick={draft.redo} disabled={!draft.canRedo} aria-keyshortcuts={mac ? "Meta+Shift+Z" : "Control+Shift+Z"} title={`Redo (${key("Shift+Z")})`}>
        Redo
      </button>
      <button onClick={discard} disabled={!draft.dirty}>
        Discard changes
      </button>
    </div>
  );
}
