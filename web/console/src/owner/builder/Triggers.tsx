// The builder's triggers (docs/configuration.md "Triggers"): when the button appears — after a
// number of seconds, after a part of the page is scrolled, when the visitor is about to leave
// (desktops), from a page view of the visit — and a chat or modal of the button that opens by
// itself when it appears, once per visit unless asked for every time. The server validates
// the numbers and that the action is the button's (crates/model).
import type { Action, Config } from "@beckon/widget/config";
import { joinPath } from "../../lib/paths";
import { ACTION_TYPES } from "../catalogue";
import { CheckField, NumberField, SelectField } from "../fields";
import { buttonActions } from "./edits";

/** Actions that open a surface in the page (a chat or a modal), which a trigger can open. */
const OPENS_IN_PAGE = new Set(["CHAT", "IFRAME", "TALLY", "INTERCOM"]);

const name = (a: Action) => a.labelText?.trim() || ACTION_TYPES[a.actionType].label;

export function Triggers({ config, b }: { config: Config; b: number }) {
  const base = (...k: string[]) => joinPath("buttons", b, "options", "triggers", ...k);
  const surfaces = buttonActions(config, b).filter((a) => OPENS_IN_PAGE.has(a.actionType));
  const opens = config.buttons[b]?.options?.triggers?.openAction;
  return (
    <fieldset className="stack-tight">
      <legend>Moment</legend>
      <p className="muted hint">Empty: the button shows as soon as the page loads. From its page view on, the first of the other moments that comes shows it.</p>
      <div className="grid-fields">
        <NumberField path={base("afterSeconds")} label="Appears after (seconds on the page)" />
        <NumberField path={base("afterScrollPercent")} label="Appears after scrolling (% of the page)" />
        <NumberField path={base("afterPageViews")} label="Appears from page view (in a visit)" hint="2: not on the first page a visitor sees" />
        <CheckField path={base("exitIntent")} label="Appears when the visitor is about to leave (desktops)" />
      </div>
      {surfaces.length > 0 && (
        <div className="grid-fields">
          <SelectField path={base("openAction")} label="Opens by itself when it appears" options={surfaces.map((a) => ({ value: a.id, label: name(a) }))} optional="Nothing" />
          {opens && <CheckField path={base("openEveryTime")} label="Every time, not once per visit" />}
        </div>
      )}
    </fieldset>
  );
}
