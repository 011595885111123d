// The channels of a button in the order visitors see them: drag a row (mouse, touch, or React
// Aria's keyboard drag: Enter on the handle, arrows, Enter), or use its "Move up" and "Move down"
// buttons. Selecting a row opens that channel's form below the list.
import { DEFAULT_BUTTON } from "./colours";
import { Button } from "react-aria-components/Button";
import { GridList, GridListItem } from "react-aria-components/GridList";
import type { Action } from "@beckon/widget/config";
import { ACTION_TYPES } from "../catalogue";
import { Icon } from "./Icon";
import { DragHandle, MoveButtons, useReorder } from "./Reorder";

export function ActionList({
  label,
  actions,
  selected,
  onSelect,
  onMove,
  onRemove,
  problemCount,
}: {
  label: string;
  actions: Action[];
  selected: string | null;
  onSelect: (id: string) => void;
  /** Moves the action at `from` to `to`. */
  onMove: (from: number, to: number) => void;
  onRemove: (id: string) => void;
  problemCount: (id: string) => number;
}) {
  const dragAndDropHooks = useReorder(
    actions.map((a) => a.id),
    onMove,
  );
  const name = (a: Action) => `${ACTION_TYPES[a.actionType].label}${a.labelText && a.labelText !== ACTION_TYPES[a.actionType].label ? ` “${a.labelText}”` : ""}`;
  return (
    <GridList
      aria-label={label}
      className="action-list"
      items={actions}
      // Rows are cached per item; their move buttons and problem counts depend on the whole list.
      dependencies={[actions, problemCount]}
      dragAndDropHooks={dragAndDropHooks}
      selectionMode="single"
      selectionBehavior="replace"
      selectedKeys={selected ? [selected] : []}
      onSelectionChange={(keys) => {
        const k = [...(keys as Set<string>)][0];
        if (k) onSelect(String(k));
      }}
    >
      {(a) => {
        const i = actions.indexOf(a);
        const n = problemCount(a.id);
        return (
          <GridListItem id={a.id} textValue={name(a)} className="action-row">
            <DragHandle name={name(a)} />
            <span className="channel-icon" style={{ background: a.backgroundColor || DEFAULT_BUTTON }}>
              <Icon name={ACTION_TYPES[a.actionType].glyph} size={18} />
            </span>
            <span className="action-name">
              <strong>{name(a)}</strong>
              <span className="muted">{a.actionType === "CHAT" ? "Chat window on your page" : a.actionValue || "Not set yet"}</span>
            </span>
            {n > 0 && <span className="badge">{n} problem{n > 1 ? "s" : ""}</span>}
            <span className="row-actions">
              <MoveButtons name={name(a)} index={i} count={actions.length} onMove={onMove} />
              <Button className="subtle danger" onPress={() => onRemove(a.id)} aria-label={`Remove ${name(a)}`}>
                ×
              </Button>
            </span>
          </GridListItem>
        );
      }}
    </GridList>
  );
}
