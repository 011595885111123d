// What a chat does while nobody of the site is online: take messages (the chat tells visitors
// they can leave one, how the answer reaches them and, from the chat's opening hours when it
// stays outside them, when someone is back: ChatHours, web/widget/src/app/chat/core/away.ts), or
// hide the button that holds it (the spec's CHAT condition, "An agent is online", the same rule
// as "Only while an agent is online" under When & where).
import { Radio, RadioGroup } from "react-aria-components/RadioGroup";
import { Label } from "react-aria-components/Label";
import type { Config } from "@beckon/widget/config";
import { addCondition, buttonConditions, removeCondition } from "./edits";
import { useT } from "../../i18n/index";

export function WhenAway({ config, b, replace }: { config: Config; b: number; replace: (f: (c: Config) => Config) => void }) {
  const t = useT();
  const hiding = buttonConditions(config, b, "CHAT").find((c) => c.condition.filterType === "INCLUDE");
  const choose = (v: string) =>
    replace((c) =>
      v === "hide"
        ? addCondition(c, b, { filterType: "INCLUDE", conditionType: "CHAT", matchType: "AGENTS_AVAILABLE", matchValue: "" })
        : buttonConditions(c, b, "CHAT").reduce((x, { condition }) => removeCondition(x, b, condition.id), c),
    );
  return (
    <fieldset className="stack">
      <legend>{t("builder.nobodyOnline")}</legend>
      <RadioGroup className="stack-tight" value={hiding ? "hide" : "messages"} onChange={choose}>
        <Label className="visually-hidden">{t("builder.nobodyOnline")}</Label>
        <Radio value="messages" className="choice">
          {t("builder.takeMessages")}
        </Radio>
        <Radio value="hide" className="choice">
          {t("builder.hideButton")}
        </Radio>
      </RadioGroup>
      <p className="muted hint">{t(hiding ? "builder.hideHint" : "builder.awayHint")}</p>
    </fieldset>
  );
}
