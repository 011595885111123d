// What every reorderable list of the builder (a button's channels, the domain's buttons) shares:
// React Aria's drag and drop on a GridList (mouse, touch, or keyboard: Enter on a row's drag
// handle, arrows, Enter), and the row's "Move up" / "Move down" buttons for those who prefer them.
import { Button } from "react-aria-components/Button";
import { useDragAndDrop } from "react-aria-components/useDragAndDrop";
import { useT } from "../../i18n/index";
import { dropIndex } from "./edits";

/** Drag and drop hooks for a GridList whose rows are `keys`, in order; a drop calls `onMove(from, to)`. */
export function useReorder(keys: string[], onMove: (from: number, to: number) => void) {
  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (dragged) => [...dragged].map((k) => ({ "text/plain": String(k) })),
    onReorder(e) {
      const from = keys.findIndex((k) => e.keys.has(k));
      const target = keys.indexOf(String(e.target.key));
      if (from < 0 || target < 0) return;
      onMove(from, dropIndex(from, target, e.target.dropPosition));
    },
  });
  return dragAndDropHooks;
}

/** A row's drag handle (React Aria's `slot="drag"`), named after the row. */
export function DragHandle({ name }: { name: string }) {
  const t = useT();
  return (
    <Button slot="drag" className="drag-handle" aria-label={t("builder.drag", { name })}>
      ⠿
    </Button>
  );
}

/** "Move … up" and "Move … down" for the row at `index` of `count`. */
export function MoveButtons({ name, index, count, onMove }: { name: string; index: number; count: number; onMove: (from: number, to: number) => void }) {
  const t = useT();
  return (
    <>
      <Button className="subtle" isDisabled={index === 0} onPress={() => onMove(index, index - 1)} aria-label={t("builder.moveUp", { name })}>
        ↑
      </Button>
      <Button className="subtle" isDisabled={index === count - 1} onPress={() => onMove(index, index + 1)} aria-label={t("builder.moveDown", { name })}>
        ↓
      </Button>
    </>
  );
}
