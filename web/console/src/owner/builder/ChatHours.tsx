// A live chat's opening hours: one week (the grid every channel has), and right under it what the
// chat does outside those hours: stay and take messages, saying when someone is back, or hide.
// Which field of the action holds the hours follows from that choice (../chatHours.ts).
import { Radio, RadioGroup } from "react-aria-components/RadioGroup";
import { Label } from "react-aria-components/Label";
import type { Action, Config, Schedule } from "@beckon/widget/config";
import { joinPath } from "../../lib/paths";
import { useT } from "../../i18n/index";
import { chatHours, withChatHours, type OutsideHours } from "../chatHours";
import { buttonConditions } from "./edits";
import { WeeklyHours, type HoursWords } from "./WeeklyHours";

export function ChatHours({ action, config, b, index, replace }: { action: Action; config: Config; b: number; index: number; replace: (f: (c: Config) => Config) => void }) {
  const t = useT();
  const { hours, outside } = chatHours(action);
  const limited = !!hours && !hours.showAlways;
  // "Outside these hours instead" is offered only to a chat that already hides that way (a config written elsewhere).
  const words: HoursWords = { question: "builder.chatHoursQuestion", always: "builder.always", hours: "builder.atSetHours", column: "builder.open", outside: outside === "hide" && !!hours?.outsideHours };
  const write = (next: Schedule | undefined, choice: OutsideHours = outside) =>
    replace((c) => ({ ...c, actions: (c.actions ?? []).map((a, i) => (i === index ? withChatHours(a, next, choice) : a)) }));
  // The button hidden while nobody is online (When nobody is online) shows no chat outside the hours either.
  const hiddenWhenAway = buttonConditions(config, b, "CHAT").some((c) => c.condition.filterType === "INCLUDE");
  return (
    <div className="stack">
      <WeeklyHours base={joinPath("actions", index, outside === "hide" ? "schedule" : "openingHours")} words={words} write={(next) => write(next)} />
      {limited && (
        <RadioGroup className="stack-tight" value={outside} onChange={(v) => write(hours, v as OutsideHours)}>
          <Label className="field-label">{t("builder.outsideQuestion")}</Label>
          <Radio value="messages" className="choice">
            {t("builder.outsideMessages")}
          </Radio>
          <Radio value="hide" className="choice">
            {t("builder.outsideHide")}
          </Radio>
          <p className="muted hint">{t(outside === "hide" ? "builder.outsideHideHint" : hiddenWhenAway ? "builder.outsideHiddenAnyway" : "builder.outsideMessagesHint")}</p>
        </RadioGroup>
      )}
    </div>
  );
}
