// When an action is offered: always, or on ticked days between two times (one window a day, as
// the config holds it; a window that ends before it starts runs overnight), in a time zone, or
// outside those hours. The week below is drawn by the widget's own rule (schedule.ts weekHours),
// so what the grid shows is what is saved and what visitors get.
import { Radio, RadioGroup } from "react-aria-components/RadioGroup";
import { Label } from "react-aria-components/Label";
import type { Schedule } from "../../../../widget/src/config/types.gen";
import { getAt } from "../../lib/paths";
import { timezones, WEEKDAYS } from "../catalogue";
import { CheckField, SelectField, TextField, useEditor } from "../fields";
import { dayText, limitedSchedule, scheduleDays, weekHours } from "../schedule";

export function WeeklyHours({ base }: { base: string }) {
  const { value, set } = useEditor();
  const schedule = getAt(value, base) as Schedule | undefined;
  const always = schedule?.showAlways ?? true;
  const days = scheduleDays(schedule);
  const hours = always ? null : weekHours(schedule!);
  return (
    <div className="stack">
      <RadioGroup
        className="stack-tight"
        value={always ? "always" : "hours"}
        onChange={(v) => set(base, v === "always" ? { ...schedule, showAlways: true } : limitedSchedule(schedule))}
        orientation="horizontal"
      >
        <Label className="field-label">When is it offered?</Label>
        <div className="row">
          <Radio value="always" className="choice">
            Always
          </Radio>
          <Radio value="hours" className="choice">
            At set hours
          </Radio>
        </div>
      </RadioGroup>
      {!always && hours && (
        <>
          <div className="grid-fields">
            <TextField path={`${base}.start`} label="From" type="time" hint="Empty: from midnight" />
            <TextField path={`${base}.stop`} label="Until" type="time" hint="Earlier than “From”: until that time the next day" />
            <SelectField path={`${base}.timezone`} label="Time zone" options={timezones().map((z) => ({ value: z, label: z }))} optional="The domain's time zone" />
            <CheckField path={`${base}.outsideHours`} label="Offer it outside these hours instead" />
          </div>
          <table className="week">
            <caption className="visually-hidden">The week as visitors get it</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Offered</th>
                <th scope="col" className="week-hours-head" aria-hidden="true">
                  {[0, 6, 12, 18, 24].map((h) => (
                    <span key={h}>{h}</span>
                  ))}
                </th>
              </tr>
            </thead>
            <tbody>
              {WEEKDAYS.map((d, i) => (
                <tr key={d}>
                  <th scope="row">
                    <label className="check">
                      <input type="checkbox" checked={days[i]} onChange={(e) => set(`${base}.daysOfWeek`, days.map((x, j) => (j === i ? e.target.checked : x)))} />
                      <span>{d}</span>
                    </label>
                  </th>
                  <td className="week-text">{dayText(schedule!, i)}</td>
                  <td className="week-bar" aria-hidden="true">
                    {hours[i].map((on, h) => (
                      <span key={h} className={on ? "on" : ""} />
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>
  );
}
