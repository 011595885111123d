// The domain's buttons (most sites have one): pick which one to build, add one, reorder them by
// dragging a row (mouse, touch, or React Aria's keyboard drag) or with Move up/down, remove one.
// The order is the order of `config.buttons`, which decides which button a page shows first.
import { Button } from "react-aria-components/Button";
import { GridList, GridListItem } from "react-aria-components/GridList";
import type { Config } from "@beckon/widget/config";
import { joinPath } from "../../lib/paths";
import { problemsUnder } from "../../lib/problems";
import { ACTION_TYPES, freshId, newButton } from "../catalogue";
import { useEditor } from "../fields";
import { useT } from "../../i18n/index";
import { missedOn } from "../visibility";
import { buttonActions, move } from "./edits";
import { DragHandle, MoveButtons, useReorder } from "./Reorder";
import type { Draft } from "./useDraft";

/** Keys for the list's rows: the buttons' ids, made unique while an id is being typed over another. */
function rowKeys(config: Config): string[] {
  return config.buttons.map((x, i) => (config.buttons.findIndex((y) => y.id === x.id) === i ? x.id : `${x.id}#${i}`));
}

export function ButtonList({ config, at, select, replace, onAdded }: { config: Config; at: number; select: (i: number) => void; replace: Draft["replace"]; onAdded: (i: number) => void }) {
  const { problems } = useEditor();
  const t = useT();
  const keys = rowKeys(config);
  const name = (i: number) => {
    const list = buttonActions(config, i).map((a) => t(ACTION_TYPES[a.actionType].label));
    return list.length ? t("builder.buttonWithChannels", { n: i + 1, channels: list.join(", ") }) : t("builder.button", { n: i + 1 });
  };
  // The button being built stays selected wherever it (or another) moves.
  const onMove = (from: number, to: number) => {
    const order = move(keys, from, to);
    replace((c) => ({ ...c, buttons: move(c.buttons, from, to) }));
    select(order.indexOf(keys[at]));
  };
  const dragAndDropHooks = useReorder(keys, onMove);
  const add = () => {
    replace((c) => ({ ...c, buttons: [...c.buttons, newButton(freshId("button", c.buttons), c.domains[0]?.id ?? "")] }));
    onAdded(config.buttons.length);
  };
  const remove = (i: number) => {
    replace((c) => ({ ...c, buttons: c.buttons.filter((_, j) => j !== i) }));
    select(i < at ? at - 1 : i === at ? 0 : at);
  };

  if (config.buttons.length <= 1)
    return (
      <div className="row">
        <button className="subtle" onClick={add} hidden={config.buttons.length === 0}>
          {t("builder.addButton")}
        </button>
      </div>
    );
  const rows = config.buttons.map((b, i) => ({ key: keys[i], index: i, button: b }));
  return (
    <section aria-labelledby="buttons-h" className="stack-tight card">
      <h2 id="buttons-h">{t("builder.yourButtons")}</h2>
      <p className="muted">{t("builder.yourButtonsHint")}</p>
      <GridList
        aria-labelledby="buttons-h"
        className="action-list button-list"
        items={rows}
        dependencies={[config, problems, at]}
        dragAndDropHooks={dragAndDropHooks}
        selectionMode="single"
        selectionBehavior="replace"
        disallowEmptySelection
        selectedKeys={[keys[at]]}
        onSelectionChange={(selected) => {
          const k = [...(selected as Set<string>)][0];
          if (k !== undefined && keys.includes(String(k))) select(keys.indexOf(String(k)));
        }}
      >
        {({ key, index: i }) => {
          const n = problemsUnder(problems, joinPath("buttons", i));
          return (
            <GridListItem id={key} textValue={name(i)} className="action-row">
              <DragHandle name={name(i)} />
              <span className="action-name">
                <strong>{name(i)}</strong>
              </span>
              {n > 0 && <span className="badge">{t("builder.problems", { count: n })}</span>}
              <MissedBadge config={config} b={i} />
              <span className="row-actions">
                <MoveButtons name={name(i)} index={i} count={rows.length} onMove={onMove} />
                <Button className="subtle danger" onPress={() => remove(i)} aria-label={t("builder.remove", { name: name(i) })}>
                  ×
                </Button>
              </span>
            </GridListItem>
          );
        }}
      </GridList>
      <div className="row">
        <button onClick={add}>{t("builder.addButton")}</button>
      </div>
    </section>
  );
}

/** "Not shown" on a button the widget will leave out on a screen it is meant for (what and why: ButtonFate). */
function MissedBadge({ config, b }: { config: Config; b: number }) {
  const t = useT();
  const missed = missedOn(config, b);
  if (!missed.length) return null;
  return <span className="badge badge-warn">{t(missed.length === 2 ? "builder.notShown" : missed[0] === "phone" ? "builder.notShownPhones" : "builder.notShownDesktops")}</span>;
}
