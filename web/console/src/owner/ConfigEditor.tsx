// The buttons editor: every field of the config model — buttons (type, placement, position and
// attachTo, scale, z-index, scroll rules, display mode, animation, multi-button options), their
// actions (all 19 types, with type-specific properties, icon, label, colours and schedule) and
// conditions (URL, GEO, CHAT). Problems from the server show next to their field.
import type { Action, Button, Condition, Config, Schedule } from "../../../widget/src/config/types.gen";
import { getAt, joinPath } from "../lib/paths";
import { problemsUnder } from "../lib/problems";
import {
  ACTION_TYPES,
  ACTION_TYPE_OPTIONS,
  ANIMATIONS,
  BUTTON_TYPES,
  CONDITION_TYPES,
  DISPLAY_MODES,
  FILTER_TYPES,
  ICON_TYPES,
  MATCH_TYPES,
  MULTI_STATES,
  PLACEMENTS,
  POSITIONS,
  WEEKDAYS,
  freshId,
  newAction,
  newButton,
  newCondition,
  timezones,
} from "./catalogue";
import { limitedSchedule, scheduleDays } from "./schedule";
import { CheckField, ColorField, NumberField, Options, SelectField, TextField, useEditor } from "./fields";
import type { ActionType } from "../../../widget/src/config/types.gen";
import { useEffect, useState, type ReactNode } from "react";

export function ConfigEditor({ config, setConfig }: { config: Config; setConfig: (c: Config) => void }) {
  const actions = config.actions ?? [];
  const conditions = config.conditions ?? [];
  const domainId = config.domains[0]?.id ?? "";
  const [newType, setNewType] = useState<ActionType>("WHATSAPP");
  // Parts added now start open; those loaded with the config start closed.
  const [loaded] = useState(() => ({ buttons: config.buttons.length, actions: actions.length, conditions: conditions.length }));

  const removeRef = (key: "actions" | "conditions", id: string, c: Config): Config => ({
    ...c,
    buttons: c.buttons.map((b) => ({ ...b, [key]: (b[key] ?? []).filter((x) => x !== id) })),
  });

  return (
    <div className="stack">
      <section aria-labelledby="buttons-h" className="stack">
        <div className="row">
          <h2 id="buttons-h">Buttons</h2>
          <button onClick={() => setConfig({ ...config, buttons: [...config.buttons, newButton(freshId("button", config.buttons), domainId)] })}>Add a button</button>
        </div>
        {config.buttons.length === 0 && <p className="muted">No button yet.</p>}
        {config.buttons.map((b, i) => (
          <ButtonEditor
            key={i}
            index={i}
            startOpen={i >= loaded.buttons}
            button={b}
            actions={actions}
            conditions={conditions}
            onRemove={() => setConfig({ ...config, buttons: config.buttons.filter((_, j) => j !== i) })}
          />
        ))}
      </section>

      <section aria-labelledby="actions-h" className="stack">
        <div className="row">
          <h2 id="actions-h">Actions</h2>
          <label className="inline">
            <span>New action of type</span>
            <select value={newType} onChange={(e) => setNewType(e.target.value as ActionType)}>
              <Options options={ACTION_TYPE_OPTIONS} />
            </select>
          </label>
          <button onClick={() => setConfig({ ...config, actions: [...actions, newAction(freshId(newType.toLowerCase(), actions), newType)] })}>Add the action</button>
        </div>
        {actions.map((a, i) => (
          <ActionEditor key={i} index={i} startOpen={i >= loaded.actions} action={a} onRemove={() => setConfig(removeRef("actions", a.id, { ...config, actions: actions.filter((_, j) => j !== i) }))} />
        ))}
      </section>

      <section aria-labelledby="conditions-h" className="stack">
        <div className="row">
          <h2 id="conditions-h">Conditions</h2>
          <button onClick={() => setConfig({ ...config, conditions: [...conditions, newCondition(freshId("condition", conditions))] })}>Add a condition</button>
        </div>
        {conditions.map((c, i) => (
          <ConditionEditor
            key={i}
            index={i}
            startOpen={i >= loaded.conditions}
            condition={c}
            onRemove={() => setConfig(removeRef("conditions", c.id, { ...config, conditions: conditions.filter((_, j) => j !== i) }))}
          />
        ))}
      </section>

      <section aria-labelledby="page-options-h" className="stack">
        <h2 id="page-options-h">Page options</h2>
        <div className="grid-fields">
          <CheckField path="options.reportStats" label="Count views and clicks (statistics)" defaultValue />
          <CheckField path="options.debugMode" label="Debug messages in the browser console" />
          <TextField path="options.errorReportingUrl" label="Send widget errors to (URL)" type="url" />
        </div>
      </section>
    </div>
  );
}

function Item({ path, title, onRemove, children, startOpen }: { path: string; title: string; onRemove: () => void; children: ReactNode; startOpen?: boolean }) {
  const { problems } = useEditor();
  const n = problemsUnder(problems, path);
  const [open, setOpen] = useState(!!startOpen);
  // A part with problems opens, so its fields and their messages can be seen.
  useEffect(() => {
    if (n > 0) setOpen(true);
  }, [n]);
  return (
    <details className="card item" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        <strong>{title}</strong>
        {n > 0 && <span className="badge">{n} problem{n > 1 ? "s" : ""}</span>}
      </summary>
      {open && (
        <div className="stack item-body">
          {children}
          <div>
            <button className="danger" onClick={onRemove}>
              Remove {title}
            </button>
          </div>
        </div>
      )}
    </details>
  );
}

/** Which of the config's actions or conditions a button uses, in order. */
function RefPicker({ path, label, all, chosen }: { path: string; label: string; all: { id: string; name: string }[]; chosen: string[] }) {
  const { set } = useEditor();
  const move = (i: number, d: number) => {
    const next = [...chosen];
    [next[i], next[i + d]] = [next[i + d], next[i]];
    set(path, next);
  };
  return (
    <fieldset>
      <legend>{label}</legend>
      {all.length === 0 && <p className="muted">None defined yet.</p>}
      <ul className="list-plain">
        {all.map((x) => {
          const i = chosen.indexOf(x.id);
          return (
            <li key={x.id} className="row">
              <label className="check">
                <input type="checkbox" checked={i >= 0} onChange={(e) => set(path, e.target.checked ? [...chosen, x.id] : chosen.filter((c) => c !== x.id))} />
                <span>{x.name}</span>
              </label>
              {i > 0 && (
                <button className="subtle" aria-label={`Move ${x.name} up`} onClick={() => move(i, -1)}>
                  ↑
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

function ButtonEditor({ index, button, actions, conditions, onRemove, startOpen }: { index: number; button: Button; actions: Action[]; conditions: Condition[]; onRemove: () => void; startOpen: boolean }) {
  const p = (...k: (string | number)[]) => joinPath("buttons", index, ...k);
  const multi = button.type === "MULTI" || button.type === "DOTS";
  return (
    <Item path={p()} title={`Button “${button.id}”`} onRemove={onRemove} startOpen={startOpen}>
      <div className="grid-fields">
        <TextField path={p("id")} label="Id" required />
        <SelectField path={p("type")} label="Button type" options={BUTTON_TYPES} />
        <CheckField path={p("active")} label="Active" />
      </div>
      <RefPicker path={p("actions")} label="Actions (in display order)" all={actions.map((a) => ({ id: a.id, name: `${a.labelText || a.id} · ${ACTION_TYPES[a.actionType]?.label ?? a.actionType}` }))} chosen={button.actions ?? []} />
      <RefPicker path={p("conditions")} label="Conditions" all={conditions.map((c) => ({ id: c.id, name: `${c.id} · ${c.filterType} ${c.conditionType} ${c.matchValue}` }))} chosen={button.conditions ?? []} />
      <fieldset>
        <legend>Placement and look</legend>
        <div className="grid-fields">
          <SelectField path={p("options", "placement")} label="Placement" options={PLACEMENTS} optional="Default" />
          <SelectField path={p("options", "position")} label="Position" options={POSITIONS} optional="Default (fixed)" />
          <TextField path={p("options", "attachTo")} label="Attach to (element id)" hint="For position inside an element" />
          <NumberField path={p("options", "scale")} label="Scale" hint="1 is normal size" />
          <NumberField path={p("options", "zindex")} label="Z-index" allowAuto />
          <SelectField path={p("options", "displayMode")} label="Display mode" options={DISPLAY_MODES} optional="Default (always)" />
          <SelectField path={p("options", "animation")} label="Animation" options={ANIMATIONS} optional="Default (none)" />
          <TextField path={p("options", "cssClasses")} label="Extra CSS classes" />
        </div>
      </fieldset>
      <fieldset>
        <legend>Scroll rules</legend>
        <div className="grid-fields">
          <NumberField path={p("options", "scroll", "revealAtHeight")} label="Show after scrolling (px)" />
          <NumberField path={p("options", "scroll", "hideAtHeight")} label="Hide after scrolling (px)" />
          <CheckField path={p("options", "scroll", "neverHide")} label="Never hide once shown" />
        </div>
      </fieldset>
      {multi && (
        <fieldset>
          <legend>Multi button (open and closed state)</legend>
          <div className="grid-fields">
            <SelectField path={p("multiButtonOptions", "defaultState")} label="Starts" options={MULTI_STATES} optional="Default (closed)" />
            {(["Open", "Close"] as const).map((s) => (
              <div key={s} className="stack">
                <strong>{s === "Open" ? "When open" : "When closed"}</strong>
                <TextField path={p("multiButtonOptions", `labelText${s}`)} label="Label" />
                <SelectField path={p("multiButtonOptions", `iconType${s}`)} label="Icon type" options={ICON_TYPES} optional="Default" />
                <TextField path={p("multiButtonOptions", `iconText${s}`)} label="Icon" />
                <TextField path={p("multiButtonOptions", `iconClass${s}`)} label="Icon class" />
                <TextField path={p("multiButtonOptions", `iconBackgroundImage${s}`)} label="Icon image URL" />
                <ColorField path={p("multiButtonOptions", `iconColor${s}`)} label="Icon colour" />
                <ColorField path={p("multiButtonOptions", `iconBackgroundColor${s}`)} label="Background colour" />
              </div>
            ))}
          </div>
        </fieldset>
      )}
    </Item>
  );
}

function ActionEditor({ index, action, onRemove, startOpen }: { index: number; action: Action; onRemove: () => void; startOpen: boolean }) {
  const p = (...k: (string | number)[]) => joinPath("actions", index, ...k);
  const info = ACTION_TYPES[action.actionType];
  const known = new Set(info?.properties.map((x) => x.key));
  const extra = Object.keys(action.properties ?? {}).filter((k) => !known.has(k));
  const always = action.schedule?.showAlways ?? true;
  return (
    <Item path={p()} title={`${info?.label ?? action.actionType} “${action.labelText || action.id}”`} onRemove={onRemove} startOpen={startOpen}>
      <div className="grid-fields">
        <TextField path={p("id")} label="Id" required />
        <SelectField path={p("actionType")} label="Action type" options={ACTION_TYPE_OPTIONS} />
        <TextField path={p("actionValue")} label={info?.value ?? "Value"} required />
      </div>
      {info && info.properties.length > 0 && (
        <fieldset>
          <legend>{info.label} settings</legend>
          <div className="grid-fields">
            {info.properties.map((f) =>
              f.choices ? (
                <SelectField key={f.key} path={p("properties", f.key)} label={f.label} options={f.choices.filter(Boolean).map((c) => ({ value: c, label: c }))} optional="Default" />
              ) : f.kind === "color" ? (
                <ColorField key={f.key} path={p("properties", f.key)} label={f.label} />
              ) : (
                <TextField
                  key={f.key}
                  path={p("properties", f.key)}
                  label={f.label}
                  multiline={f.kind === "textarea"}
                  placeholder={f.shownWhenEmpty}
                  hint={f.shownWhenEmpty && `Empty: visitors see “${f.shownWhenEmpty}”.`}
                />
              ),
            )}
            {extra.map((k) => (
              <TextField key={k} path={p("properties", k)} label={`Property ${k}`} />
            ))}
          </div>
          <AddProperty base={p("properties")} />
        </fieldset>
      )}
      <fieldset>
        <legend>Label and icon</legend>
        <div className="grid-fields">
          <TextField path={p("labelText")} label="Label" />
          <ColorField path={p("labelTextColor")} label="Label colour" />
          <ColorField path={p("labelBackgroundColor")} label="Label background" />
          <ColorField path={p("backgroundColor")} label="Button colour" />
          <CheckField path={p("iconEnabled")} label="Show an icon" defaultValue />
          <SelectField path={p("iconType")} label="Icon type" options={ICON_TYPES} optional="Default (built-in)" />
          <TextField path={p("iconText")} label="Icon" hint="Built-in icon name or text" />
          <TextField path={p("iconClass")} label="Icon class" />
          <ColorField path={p("iconColor")} label="Icon colour" />
          <TextField path={p("iconBackgroundImage")} label="Icon image URL" />
        </div>
      </fieldset>
      <fieldset>
        <legend>Schedule</legend>
        <CheckField
          path={p("schedule", "showAlways")}
          label="Always offered"
          defaultValue
          onToggle={(on, set) => set(p("schedule"), on ? { ...action.schedule, showAlways: true } : limitedSchedule(action.schedule))}
        />
        {!always && <ScheduleFields base={p("schedule")} />}
      </fieldset>
    </Item>
  );
}

/** Any other property by name (the model takes any string key and value). */
function AddProperty({ base }: { base: string }) {
  const { set } = useEditor();
  const [key, setKey] = useState("");
  const [error, setError] = useState("");
  const add = () => {
    const k = key.trim();
    // Property names are like "link-target": letters, digits, "-" and "_".
    if (!/^[A-Za-z0-9_-]+$/.test(k)) return setError("Use letters, digits, - and _ only.");
    set(`${base}.${k}`, "");
    setKey("");
    setError("");
  };
  return (
    <div className="row">
      <label>
        <span>Another property (name)</span>
        <input
          value={key}
          aria-invalid={error ? true : undefined}
          onChange={(e) => setKey(e.target.value)}
          onKeyDown={(e) => e.key === "Enter" && (e.preventDefault(), add())}
        />
        {error && <span className="field-error">{error}</span>}
      </label>
      <button onClick={add}>Add the property</button>
    </div>
  );
}

function ScheduleFields({ base }: { base: string }) {
  const { value, set } = useEditor();
  const days = scheduleDays(getAt(value, base) as Schedule | undefined);
  return (
    <div className="stack">
      <fieldset>
        <legend>Days</legend>
        <div className="row">
          {WEEKDAYS.map((d, i) => (
            <label key={d} className="check">
              <input type="checkbox" checked={days[i]} onChange={(e) => set(`${base}.daysOfWeek`, days.map((x, j) => (j === i ? e.target.checked : x)))} />
              <span>{d}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid-fields">
        <TimeField path={`${base}.start`} label="From" hint="Empty: from midnight" />
        <TimeField path={`${base}.stop`} label="Until" hint="Empty: until midnight" />
        <SelectField path={`${base}.timezone`} label="Time zone" options={timezones().map((z) => ({ value: z, label: z }))} optional="The domain's time zone" />
        <CheckField path={`${base}.outsideHours`} label="Offer outside these hours instead" />
      </div>
    </div>
  );
}

function TimeField({ path, label, hint }: { path: string; label: string; hint: string }) {
  return <TextField path={path} label={label} type="time" hint={hint} />;
}

function ConditionEditor({ index, condition, onRemove, startOpen }: { index: number; condition: Condition; onRemove: () => void; startOpen: boolean }) {
  const p = (...k: (string | number)[]) => joinPath("conditions", index, ...k);
  const matchTypes = MATCH_TYPES[condition.conditionType] ?? [];
  const { set } = useEditor();
  // A new kind of condition takes its first match type (each kind has its own).
  const setKind = (kind: Condition["conditionType"]) => {
    set(p(), { ...condition, conditionType: kind, matchType: MATCH_TYPES[kind][0].value, matchValue: kind === "CHAT" ? "" : condition.matchValue });
  };
  return (
    <Item path={p()} title={`Condition “${condition.id}”`} onRemove={onRemove} startOpen={startOpen}>
      <div className="grid-fields">
        <TextField path={p("id")} label="Id" required />
        <SelectField path={p("filterType")} label="Effect" options={FILTER_TYPES} />
        <label>
          <span>Looks at</span>
          <select value={condition.conditionType} onChange={(e) => setKind(e.target.value as Condition["conditionType"])}>
            <Options options={CONDITION_TYPES} />
          </select>
        </label>
        <SelectField path={p("matchType")} label="Match" options={matchTypes} />
        {condition.conditionType !== "CHAT" && <TextField path={p("matchValue")} label={condition.conditionType === "GEO" ? "Country code" : "Value"} />}
      </div>
    </Item>
  );
}
