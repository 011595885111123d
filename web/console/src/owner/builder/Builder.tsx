// The owner's button builder: start from what visitors should be able to do (a grid of channels),
// let Beckon propose the button type, pick the look and the place from pictures, fill in each
// channel in plain words, then say when and where the button shows. It edits the draft through
// useDraft (set / replace); the server validates every save (crates/model) and its problems
// show beside their fields.
import { useEffect, useRef, useState } from "react";
import "./builder.css";
import { ToggleButton } from "react-aria-components/ToggleButton";
import type { ActionType, Config } from "@beckon/widget/config";
import { joinPath } from "../../lib/paths";
import { problemsUnder } from "../../lib/problems";
import { ACTION_TYPES, CHANNEL_ORDER, ICON_TYPES, MULTI_STATES, POSITIONS, translated } from "../catalogue";
import { CheckField, ColorField, SelectField, TextField, useEditor } from "../fields";
import { useT } from "../../i18n/index";
import { ActionList } from "./ActionList";
import { ButtonFate } from "./ButtonFate";
import { ButtonList } from "./ButtonList";
import { PlacementPicker, TypePicker } from "./ButtonShape";
import { ChannelForm } from "./ChannelForm";
import { addChannel, buttonActions, move, proposedType, removeChannel, updateButton } from "./edits";
import { Icon } from "./Icon";
import { ButtonLooks } from "./Looks";
import { DEFAULT_BUTTON, DEFAULT_ICON } from "./colours";
import type { Draft } from "./useDraft";
import { WhenWhere } from "./WhenWhere";

export function Builder({ config, replace }: { config: Config; replace: Draft["replace"] }) {
  const { problems } = useEditor();
  const t = useT();
  const [b, setB] = useState(0);
  const at = Math.min(b, Math.max(config.buttons.length - 1, 0));
  const button = config.buttons[at];
  const actions = button ? buttonActions(config, at) : [];
  const [open, setOpen] = useState<string | null>(actions[0]?.id ?? null);
  const openIndex = (config.actions ?? []).findIndex((a) => a.id === open);
  const bp = (...k: (string | number)[]) => joinPath("buttons", at, ...k);
  const actionPath = (id: string) => joinPath("actions", (config.actions ?? []).findIndex((a) => a.id === id));

  // A button just added: once it is the one being built, its first control (the first channel) gets the focus.
  const grid = useRef<HTMLUListElement>(null);
  const [added, setAdded] = useState<number | null>(null);
  useEffect(() => {
    if (added === null || added !== at) return;
    grid.current?.querySelector("button")?.focus();
    setAdded(null);
  }, [added, at]);

  const toggle = (type: ActionType, on: boolean) => {
    if (on) {
      const { config: next, id } = addChannel(config, at, type);
      replace(next);
      setOpen(id);
    } else {
      const ids = actions.filter((a) => a.actionType === type).map((a) => a.id);
      replace((c) => ids.reduce((x, id) => removeChannel(x, at, id), c));
      if (open && ids.includes(open)) setOpen(null);
    }
  };

  return (
    <div className="stack builder">
      <ButtonList config={config} at={at} select={setB} replace={replace} onAdded={(i) => (setB(i), setAdded(i))} />
      {button && <ButtonFate config={config} b={at} replace={replace} />}

      <section aria-labelledby="channels-h" className="stack card">
        <h2 id="channels-h">{config.buttons.length > 1 ? t("builder.channelsQuestionOf", { n: at + 1 }) : t("builder.channelsQuestion")}</h2>
        <p className="muted">{t("builder.channelsHint")}</p>
        <ul className="channel-grid list-plain" ref={grid}>
          {CHANNEL_ORDER.map((type) => (
            <li key={type}>
              <ToggleButton className="channel-tile" data-added={t("builder.tileAdded")} isSelected={actions.some((a) => a.actionType === type)} onChange={(on) => toggle(type, on)}>
                <span className="channel-icon" style={{ background: ACTION_TYPES[type].colour ?? DEFAULT_BUTTON }}>
                  <Icon name={ACTION_TYPES[type].glyph} />
                </span>
                <span>{t(ACTION_TYPES[type].label)}</span>
              </ToggleButton>
            </li>
          ))}
        </ul>
      </section>

      {button && actions.length > 0 && (
        <section aria-labelledby="your-channels-h" className="stack card">
          <h2 id="your-channels-h">{t("builder.yourChannels")}</h2>
          <p className="muted">{t("builder.yourChannelsHint")}</p>
          <ActionList
            label={t("builder.channelsInOrder")}
            actions={actions}
            selected={open}
            onSelect={setOpen}
            onMove={(from, to) => replace((c) => updateButton(c, at, (x) => ({ ...x, actions: move(x.actions, from, to) })))}
            onRemove={(id) => (replace((c) => removeChannel(c, at, id)), open === id && setOpen(null))}
            problemCount={(id) => problemsUnder(problems, actionPath(id))}
          />
          {openIndex >= 0 && actions.some((a) => a.id === open) && <ChannelForm key={open} index={openIndex} action={config.actions![openIndex]} config={config} b={at} replace={replace} />}
        </section>
      )}

      {button && (
        <section aria-labelledby="look-h" className="stack card">
          <h2 id="look-h">{t("builder.lookTitle")}</h2>
          <div className="shape-layout">
            <TypePicker value={button.type} suggested={proposedType(actions.length, "SINGLE")} count={actions.length} onChange={(type) => replace((c) => updateButton(c, at, (x) => ({ ...x, type })))} />
            <PlacementPicker value={button.options?.placement ?? "BOTTOM_RIGHT"} onChange={(pl) => replace((c) => updateButton(c, at, (x) => ({ ...x, options: { ...x.options, placement: pl } })))} />
          </div>
          <ButtonLooks base={bp("options")} animation={button.options?.animation ?? "NONE"} colour={actions[0]?.backgroundColor || DEFAULT_BUTTON} />
          <details className="more">
            <summary>{t("builder.moreOptions")}</summary>
            <div className="stack">
              <div className="grid-fields">
                <SelectField path={bp("options", "position")} label={t("builder.position")} options={translated(t, POSITIONS)} optional={t("catalogue.positionFIXED")} />
                <TextField path={bp("options", "attachTo")} label={t("builder.attachTo")} hint={t("builder.attachToHint")} />
                <TextField path={bp("options", "cssClasses")} label={t("builder.cssClasses")} />
                <CheckField path={bp("active")} label={t("builder.active")} defaultValue />
                <TextField path={bp("id")} label={t("builder.internalName")} required hint={t("builder.buttonInternalNameHint")} />
              </div>
              {(button.type === "MULTI" || button.type === "DOTS") && (
                <fieldset>
                  <legend>{t("builder.listButton")}</legend>
                  <div className="grid-fields">
                    <SelectField path={bp("multiButtonOptions", "defaultState")} label={t("builder.listStarts")} options={translated(t, MULTI_STATES)} optional={t("catalogue.CLOSED")} />
                    {(["Close", "Open"] as const).map((s) => (
                      <div key={s} className="stack-tight">
                        {/* The "Open" fields are the button that opens the list: shown while it is closed (widget: loader/render). */}
                        <strong>{s === "Open" ? t("builder.whileClosed") : t("builder.whileOpen")}</strong>
                        <TextField path={bp("multiButtonOptions", `labelText${s}`)} label={t("builder.textBesideIt")} hint={s === "Open" ? t("builder.listLabelHint") : undefined} />
                        <ColorField path={bp("multiButtonOptions", `iconBackgroundColor${s}`)} label={t("builder.colour")} defaultColor={DEFAULT_BUTTON} />
                        <ColorField path={bp("multiButtonOptions", `iconColor${s}`)} label={t("builder.iconColour")} defaultColor={DEFAULT_ICON} />
                        <SelectField path={bp("multiButtonOptions", `iconType${s}`)} label={t("builder.iconKind")} options={translated(t, ICON_TYPES)} optional={t("catalogue.iconFONT")} />
                        <TextField path={bp("multiButtonOptions", `iconText${s}`)} label={t("builder.iconName")} />
                        <TextField path={bp("multiButtonOptions", `iconClass${s}`)} label={t("builder.iconClass")} />
                        <TextField path={bp("multiButtonOptions", `iconBackgroundImage${s}`)} label={t("builder.iconPicture")} />
                      </div>
                    ))}
                  </div>
                </fieldset>
              )}
            </div>
          </details>
        </section>
      )}

      {button && (
        <section aria-labelledby="where-h" className="stack card">
          <h2 id="where-h">{t("builder.whereTitle")}</h2>
          <WhenWhere config={config} b={at} replace={replace} />
        </section>
      )}

      <section aria-labelledby="page-options-h" className="stack card">
        <h2 id="page-options-h">{t("builder.everyPage")}</h2>
        <div className="grid-fields">
          <CheckField path="options.reportStats" label={t("builder.reportStats")} defaultValue />
          <CheckField path="options.debugMode" label={t("builder.debugMode")} />
          <TextField path="options.errorReportingUrl" label={t("builder.errorUrl")} type="url" />
        </div>
      </section>
    </div>
  );
}
