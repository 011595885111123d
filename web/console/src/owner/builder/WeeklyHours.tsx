// When an action is offered: always, or at set hours: a week of days, each open or closed with its
// own from/until (a window that ends before it starts runs overnight into the next morning), in a
// time zone (the shop's unless the channel names its own, said in words: ../../lib/zone.ts), or
// outside those hours. The grid reads each day as the widget does and writes the
// week in the shortest form that means exactly it (../schedule.ts: one shared window on the ticked
// days when the open days agree, else hours by day); the bar beside each day is drawn by the
// widget's own rule (weekHours), so what the grid shows is what is saved and what visitors get.
// The grid's words write times as the browser's time fields show them (the owner's locale: 24-hour
// or AM/PM, ../schedule.ts clockText), so the fields and the words agree.
import { Radio, RadioGroup } from "react-aria-components/RadioGroup";
import { Label } from "react-aria-components/Label";
import type { Schedule } from "@beckon/widget/config";
import { getAt } from "../../lib/paths";
import { hoursZone, hoursZoneText } from "../../lib/zone";
import { WEEKDAYS } from "../catalogue";
import { NoShopZone, zoneOptions } from "../ShopZone";
import { CheckField, SelectField, useEditor } from "../fields";
import { useT } from "../../i18n/index";
import { copyDayToOpenDays, dayText, hourText, limitedSchedule, setDayOpen, setDayTime, weekHours, weekWindows } from "../schedule";

const SHOP_ZONE = "domains[0].timezone";

/** The grid's question and its two answers (keys of the console's catalogue); `outside` offers "outside these hours instead". */
export type HoursWords = { question: string; always: string; hours: string; column: string; outside: boolean };

const OFFERED: HoursWords = { question: "builder.offeredQuestion", always: "builder.always", hours: "builder.atSetHours", column: "builder.offered", outside: true };

/**
 * `write`: how the grid's week and its Always / At set hours choice are written (default: to
 * `base`); a live chat's hours write through ../chatHours.ts, which keeps one field of two.
 */
export function WeeklyHours({ base, words = OFFERED, write }: { base: string; words?: HoursWords; write?: (next: Schedule) => void }) {
  const { value, set, problems } = useEditor();
  const t = useT();
  const schedule = getAt(value, base) as Schedule | undefined;
  // The shop's zone is the draft's domain entry's (saved with the draft, written back to the domain).
  const shopZone = getAt(value, SHOP_ZONE) as string | undefined;
  const always = schedule?.showAlways ?? true;
  const week = weekWindows(schedule);
  const hours = always ? null : weekHours(schedule!);
  const firstOpen = week.findIndex(Boolean);
  const sameEveryOpenDay = week.every((w) => !w || (w.start === week[firstOpen]!.start && w.stop === week[firstOpen]!.stop));
  const change = write ?? ((next: Schedule) => set(base, next));
  // The day fields' problems (crates/model), under the grid: the builder writes valid times, so
  // these come from a config written elsewhere.
  const dayProblems = problems.filter((p) => /^\.(daysOfWeek|start|stop|hours)\b/.test(p.path.slice(base.length)) && p.path.startsWith(base));
  return (
    <div className="stack">
      <RadioGroup
        className="stack-tight"
        value={always ? "always" : "hours"}
        onChange={(v) => change(v === "always" ? { ...schedule, showAlways: true } : limitedSchedule(schedule))}
        orientation="horizontal"
      >
        <Label className="field-label">{t(words.question)}</Label>
        <div className="row">
          <Radio value="always" className="choice">
            {t(words.always)}
          </Radio>
          <Radio value="hours" className="choice">
            {t(words.hours)}
          </Radio>
        </div>
      </RadioGroup>
      {!always && hours && (
        <>
          <p className="muted hint">{t("builder.hoursHint")}</p>
          <div className="week-days" role="group" aria-label={t("builder.hoursByDay")}>
            {WEEKDAYS.map((key, i) => {
              const d = t(`catalogue.${key}`);
              const w = week[i];
              return (
                <div key={key} className="week-day">
                  <label className="check week-day-name">
                    <input type="checkbox" checked={!!w} onChange={(e) => change(setDayOpen(schedule!, i, e.target.checked))} />
                    <span>{d}</span>
                  </label>
                  {w ? (
                    <>
                      <input type="time" className="week-time" aria-label={t("builder.dayFrom", { day: d })} value={w.start} onChange={(e) => change(setDayTime(schedule!, i, "start", e.target.value))} />
                      <span aria-hidden="true">–</span>
                      <input type="time" className="week-time" aria-label={t("builder.dayUntil", { day: d })} value={w.stop} onChange={(e) => change(setDayTime(schedule!, i, "stop", e.target.value))} />
                    </>
                  ) : (
                    <span className="muted">{t("builder.closed")}</span>
                  )}
                </div>
              );
            })}
          </div>
          {firstOpen >= 0 && !sameEveryOpenDay && (
            <button type="button" className="link week-copy" onClick={() => change(copyDayToOpenDays(schedule!, firstOpen))}>
              {t("builder.copyDay", { day: t(`catalogue.${WEEKDAYS[firstOpen]}`) })}
            </button>
          )}
          <table className="week">
            <caption className="visually-hidden">{t("builder.weekCaption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("builder.day")}</th>
                <th scope="col">{t(words.column)}</th>
                <th scope="col" className="week-hours-head" aria-hidden="true">
                  {[6, 12, 18].map((h) => (
                    <span key={h} style={{ left: `${(h / 24) * 100}%` }}>
                      {hourText(h)}
                    </span>
                  ))}
                </th>
              </tr>
            </thead>
            <tbody>
              {WEEKDAYS.map((key, i) => (
                <tr key={key}>
                  <th scope="row">{t(`catalogue.${key}`)}</th>
                  <td className="week-text">{dayText(schedule!, i, undefined, t)}</td>
                  <td className="week-bar" aria-hidden="true">
                    {hours[i].map((on, h) => (
                      <span key={h} className={on ? "on" : ""} />
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {dayProblems.length > 0 && (
            <p className="field-error">{dayProblems.map((p) => p.message).join("; ")}</p>
          )}
          {!shopZone && !schedule?.timezone && <NoShopZone fix={(zone) => set(SHOP_ZONE, zone)} />}
          <div className="grid-fields">
            <SelectField
              path={`${base}.timezone`}
              label={t("builder.timeZone")}
              options={zoneOptions(schedule?.timezone)}
              optional={shopZone ? t("builder.shopZone", { zone: shopZone }) : t("zone.none")}
              hint={t("builder.hoursFollow", { zone: hoursZoneText(hoursZone(shopZone, schedule?.timezone), t) })}
            />
            {words.outside && <CheckField path={`${base}.outsideHours`} label={t("builder.outsideHours")} />}
          </div>
        </>
      )}
    </div>
  );
}
