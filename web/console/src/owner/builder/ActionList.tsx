// The channels of a button in the order visitors see them: drag a row (mouse, touch, or React
// Aria's keyboard drag: Enter on the handle, arrows, Enter), or use its "Move up" and "Move down"
// buttons. Selecting a row opens that channel's form below the list.
import { DEFAULT_BUTTON } from "./colours";
import { Button } from "react-aria-components/Button";
import { GridList, GridListItem } from "react-aria-components/GridList";
import type { Action } from "@beckon/widget/config";
import { ACTION_TYPES } from "../catalogue";
import { english } from "../../i18n/t";
import { useT } from "../../i18n/index";
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
  const t = useT();
  // The channel, with its label when the owner changed it (a new action's label is the channel's English name).
  const name = (a: Action) => {
    const channel = t(ACTION_TYPES[a.actionType].label);
    return a.labelText && a.labelText !== channel && a.labelText !== english(ACTION_TYPES[a.actionType].label) ? t("builder.named", { channel, label: a.labelText }) : channel;
  };
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
              <span className="muted">{a.actionType === "CHAT" ? t("builder.chatOnPage") : a.actionValue || t("builder.notSetYet")}</span>
            </span>
            {n > 0 && <span className="badge">{t("builder.problems", { count: n })}</span>}
            <span className="row-actions">
              <MoveButtons name={name(a)} index={i} count={actions.length} onMove={onMove} />
              <Button className="subtle danger" onPress={() => onRemove(a.id)} aria-label={t("builder.remove", { name: name(a) })}>
                ×
              </Button>
            </span>
          </GridListItem>
        );
      }}
    </GridList>
  );
}
