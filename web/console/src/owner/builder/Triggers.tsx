// The builder's triggers (docs/configuration.md "Triggers"): when the button appears — after a
// number of seconds, after a part of the page is scrolled, when the visitor is about to leave
// (desktops), from a page view of the visit — and a chat or modal of the button that opens by
// itself when it appears, once per visit unless asked for every time. The server validates
// the numbers and that the action is the button's (crates/model).
import type { Action, Config } from "@beckon/widget/config";
import { joinPath } from "../../lib/paths";
import { ACTION_TYPES } from "../catalogue";
import { useT } from "../../i18n/index";
import { CheckField, NumberField, SelectField } from "../fields";
import { buttonActions } from "./edits";

/** Actions that open a surface in the page (a chat or a modal), which a trigger can open. */
const OPENS_IN_PAGE = new Set(["CHAT", "IFRAME", "TALLY", "INTERCOM"]);

export function Triggers({ config, b }: { config: Config; b: number }) {
  const t = useT();
  const name = (a: Action) => a.labelText?.trim() || t(ACTION_TYPES[a.actionType].label);
  const base = (...k: string[]) => joinPath("buttons", b, "options", "triggers", ...k);
  const surfaces = buttonActions(config, b).filter((a) => OPENS_IN_PAGE.has(a.actionType));
  const opens = config.buttons[b]?.options?.triggers?.openAction;
  return (
    <fieldset className="stack-tight">
      <legend>{t("builder.moment")}</legend>
      <p className="muted hint">{t("builder.momentHint")}</p>
      <div className="grid-fields">
        <NumberField path={base("afterSeconds")} label={t("builder.afterSeconds")} />
        <NumberField path={base("afterScrollPercent")} label={t("builder.afterScroll")} />
        <NumberField path={base("afterPageViews")} label={t("builder.afterViews")} hint={t("builder.afterViewsHint")} />
        <CheckField path={base("exitIntent")} label={t("builder.exitIntent")} />
      </div>
      {surfaces.length > 0 && (
        <div className="grid-fields">
          <SelectField path={base("openAction")} label={t("builder.opensItself")} options={surfaces.map((a) => ({ value: a.id, label: name(a) }))} optional={t("builder.nothing")} />
          {opens && <CheckField path={base("openEveryTime")} label={t("builder.everyTime")} />}
        </div>
      )}
    </fieldset>
  );
}
