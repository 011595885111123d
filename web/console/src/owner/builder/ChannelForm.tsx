// One channel of a button: what it needs, asked in the owner's words ("Your WhatsApp number"),
// with a plausibility check for phone numbers beside the field; its looks; when it is offered (a
// live chat: its one set of hours and what it does outside them, ChatHours); and
// under "More options" every other property the widget reads for its type (spec §3.1, §3.4), each
// with a label and help. Problems from the server (crates/model) show beside the field they name.
import { useEffect, useRef, useState } from "react";
import type { Action, Config } from "@beckon/widget/config";
import { getAt, joinPath } from "../../lib/paths";
import { phoneProblem } from "../../lib/phone";
import { problemsUnder } from "../../lib/problems";
import { ACTION_TYPES, HELP_VARS, ICON_TYPES, translated, type PropertyField } from "../catalogue";
import { useT } from "../../i18n/index";
import { CheckField, ColorField, SelectField, TextField, useEditor } from "../fields";
import { ChoiceField } from "./ChoiceField";
import { Icon } from "./Icon";
import { LabelTranslations } from "./LabelTranslations";
import { ActionLooks } from "./Looks";
import { chatColourDefaults, DEFAULT_BUTTON, DEFAULT_LABEL_BACKGROUND, DEFAULT_LABEL_TEXT } from "./colours";
import { usePhoneLib } from "./usePhoneLib";
import { WeeklyHours } from "./WeeklyHours";
import { WhenAway } from "./WhenAway";
import { ChatHours } from "./ChatHours";
import { move } from "./edits";

export function ChannelForm({ index, action, config, b, replace }: { index: number; action: Action; config: Config; b: number; replace: (f: (c: Config) => Config) => void }) {
  const p = (...k: (string | number)[]) => joinPath("actions", index, ...k);
  const info = ACTION_TYPES[action.actionType];
  const lib = usePhoneLib();
  const { problems } = useEditor();
  const t = useT();
  const warning = info.value.input === "phone" && lib ? phoneProblem(lib, action.actionValue, t) : "";
  const main = info.properties.filter((f) => info.main.includes(f.key));
  const more = info.properties.filter((f) => !info.main.includes(f.key));
  const moreProblems = problemsUnder(problems, p("properties")) + problemsUnder(problems, p("id"));
  // What each colour property shows while empty: the colour visitors get then.
  const colourDefaults = action.actionType === "CHAT" ? chatColourDefaults(action.properties) : {};
  return (
    <section className="card stack channel-form" aria-labelledby={`form-${action.id}`}>
      <h3 id={`form-${action.id}`} className="row">
        <span className="channel-icon" style={{ background: action.backgroundColor || DEFAULT_BUTTON }}>
          <Icon name={info.glyph} size={20} />
        </span>
        {t(info.label)}
      </h3>
      <div className="grid-fields">
        {info.value.input !== "none" && (
          <TextField
            path={p("actionValue")}
            label={t(info.value.label)}
            hint={info.value.hint && t(info.value.hint)}
            placeholder={info.value.placeholder && t(info.value.placeholder)}
            required
            type={info.value.input === "phone" ? "tel" : info.value.input === "email" ? "email" : info.value.input === "url" ? "url" : "text"}
            warning={warning}
          />
        )}
        <TextField path={p("labelText")} label={t("builder.textBesideButton")} hint={t(info.widgetWords ? "builder.chatLabelHint" : "builder.onlyIcon")} />
      </div>
      <LabelTranslations path={p("translations")} own={action.labelText ?? ""} />
      {action.actionType === "CHAT" ? <ChatSettings base={p("properties")} defaults={colourDefaults} /> : main.map((f) => <PropertyInput key={f.key} field={f} path={p("properties", f.key)} />)}

      <fieldset>
        <legend>{t("builder.looks")}</legend>
        <ActionLooks action={action} base={p()} />
      </fieldset>
      {action.actionType === "CHAT" && <WhenAway config={config} b={b} replace={replace} />}
      <fieldset>
        <legend>{t("builder.openingHours")}</legend>
        {/* A live chat has one set of hours, with what it does outside them (ChatHours). */}
        {action.actionType === "CHAT" ? <ChatHours action={action} config={config} b={b} index={index} replace={replace} /> : <WeeklyHours base={p("schedule")} />}
      </fieldset>
      <details className="more" open={moreProblems > 0 || undefined}>
        <summary>{moreProblems > 0 ? t("builder.moreOptionsProblems", { count: moreProblems }) : t("builder.moreOptions")}</summary>
        <div className="grid-fields">
          {more.map((f) => (
            <PropertyInput key={f.key} field={f} path={p("properties", f.key)} defaults={colourDefaults} />
          ))}
          <ColorField path={p("labelTextColor")} label={t("builder.labelTextColour")} defaultColor={DEFAULT_LABEL_TEXT} />
          <ColorField path={p("labelBackgroundColor")} label={t("builder.labelBackground")} defaultColor={DEFAULT_LABEL_BACKGROUND} />
          <CheckField path={p("iconEnabled")} label={t("builder.showIcon")} defaultValue />
          <SelectField path={p("iconType")} label={t("builder.iconKind")} options={translated(t, ICON_TYPES)} optional={t("catalogue.iconFONT")} />
          <TextField path={p("iconText")} label={t("builder.iconName")} hint={t("builder.iconNameHint")} />
          <TextField path={p("iconBackgroundImage")} label={t("builder.iconPicture")} type="url" hint={t("builder.iconPictureHint")} />
          <TextField path={p("iconClass")} label={t("builder.iconClass")} />
          <TextField path={p("id")} label={t("builder.internalName")} required hint={t("builder.actionInternalNameHint")} />
        </div>
      </details>
    </section>
  );
}

/** A property by its kind: a choice as radios, a colour, a number, a long or a short text. */
function PropertyInput({ field: f, path, defaults = {} }: { field: PropertyField; path: string; defaults?: Record<string, string> }) {
  const t = useT();
  const label = t(f.label);
  const help = f.help && t(f.help, HELP_VARS);
  if (f.choices) return <ChoiceField path={path} label={label} options={translated(t, f.choices)} hint={help} />;
  if (f.kind === "color") return <ColorField path={path} label={label} defaultColor={defaults[f.key] ?? DEFAULT_BUTTON} hint={help} />;
  if (f.kind === "number") return <PropertyNumber path={path} label={label} hint={help} />;
  return <TextField path={path} label={label} hint={help || (f.shownWhenEmpty && t("builder.emptyVisitorsSee", { text: f.shownWhenEmpty }))} multiline={f.kind === "textarea"} placeholder={f.shownWhenEmpty} />;
}

/** A number kept as a string (property values are strings in the config). */
function PropertyNumber({ path, label, hint }: { path: string; label: string; hint?: string }) {
  return <TextField path={path} label={label} hint={hint} />;
}

/** The live chat's window: title, status, colours, and the welcome messages as a list to add to and reorder. */
function ChatSettings({ base, defaults }: { base: string; defaults: Record<string, string> }) {
  const info = ACTION_TYPES.CHAT;
  const f = (key: string) => info.properties.find((x) => x.key === key)!;
  const t = useT();
  return (
    <fieldset className="stack">
      <legend>{t("builder.chatWindow")}</legend>
      <div className="grid-fields">
        {["chatmodal-header-text", "chatmodal-header-subtext", "chatmodal-placeholder-message"].map((k) => (
          <PropertyInput key={k} field={f(k)} path={`${base}.${k}`} />
        ))}
        {["chatmodal-header-background-color", "chatmodal-header-text-color"].map((k) => (
          <PropertyInput key={k} field={f(k)} path={`${base}.${k}`} defaults={defaults} />
        ))}
      </div>
      <WelcomeMessages path={`${base}.chatmodal-messages`} shownWhenEmpty={f("chatmodal-messages").shownWhenEmpty} />
      <Branding />
    </fieldset>
  );
}

/** Welcome messages as the config keeps them (one a line) and as rows; an empty row is never saved. */
const messageRows = (raw: unknown): string[] => (typeof raw === "string" && raw ? raw.split("\n") : []);
const messagesValue = (rows: string[]): string | undefined => {
  const kept = rows.filter((r) => r.trim());
  return kept.length ? kept.join("\n") : undefined;
};

function WelcomeMessages({ path, shownWhenEmpty }: { path: string; shownWhenEmpty?: string }) {
  const { value, set } = useEditor();
  const t = useT();
  const raw = getAt(value, path);
  // The rows on screen: the saved messages, plus a row just added and not written in yet.
  const [rows, setRows] = useState(() => messageRows(raw));
  // The config changed elsewhere (undo, a reload): show what it holds.
  if (messagesValue(rows) !== messagesValue(messageRows(raw))) setRows(messageRows(raw));
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const [focusRow, setFocusRow] = useState<number | null>(null);
  useEffect(() => {
    if (focusRow === null) return;
    inputs.current[focusRow]?.focus();
    setFocusRow(null);
  }, [focusRow]);
  const write = (next: string[]) => {
    setRows(next);
    set(path, messagesValue(next));
  };
  // The new row gets the focus, so typing goes into it (never presses this button again); an empty
  // row already there is reused.
  const add = () => {
    const empty = rows.findIndex((r) => !r.trim());
    if (empty >= 0) return setFocusRow(empty);
    setRows([...rows, ""]);
    setFocusRow(rows.length);
  };
  return (
    <div className="stack-tight">
      <span className="field-label" id="welcome-h">
        {t("builder.welcomeMessages")}
      </span>
      <p className="muted hint">
        {t("builder.welcomeHint")}
        {/* None written: the widget's own welcome, in each visitor's language (never saved as a value). */}
        {!rows.length && shownWhenEmpty && <> {t("builder.emptyVisitorsSee", { text: shownWhenEmpty })}</>}
      </p>
      <ol className="list-plain stack-tight" aria-labelledby="welcome-h">
        {rows.map((m, i) => (
          <li key={i} className="row">
            <input ref={(el) => void (inputs.current[i] = el)} aria-label={t("builder.welcomeN", { n: i + 1 })} value={m} onChange={(e) => write(rows.map((x, j) => (j === i ? e.target.value.replace(/\n/g, " ") : x)))} />
            <button className="subtle" disabled={i === 0} onClick={() => write(move(rows, i, i - 1))} aria-label={t("builder.welcomeUp", { n: i + 1 })}>
              ↑
            </button>
            <button className="subtle" disabled={i === rows.length - 1} onClick={() => write(move(rows, i, i + 1))} aria-label={t("builder.welcomeDown", { n: i + 1 })}>
              ↓
            </button>
            <button className="subtle" onClick={() => write(rows.filter((_, j) => j !== i))} aria-label={t("builder.welcomeRemove", { n: i + 1 })}>
              ×
            </button>
          </li>
        ))}
      </ol>
      <div>
        <button onClick={add}>{t("builder.welcomeAdd")}</button>
      </div>
    </div>
  );
}

/** The "Powered by Beckon" line under the chat: shown unless the domain's type is PRO (the widget's branded(), app/modal/Modal.tsx; Settings offers it as a choice). */
function Branding() {
  const { value } = useEditor();
  const t = useT();
  const pro = (getAt(value, "domains[0].type") as string | undefined) === "PRO";
  return (
    <p className="muted hint" data-testid="branding">
      {t(pro ? "builder.brandingOff" : "builder.brandingOn")}
    </p>
  );
}
