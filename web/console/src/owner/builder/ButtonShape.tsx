// The button's type and place, as pictures: a small drawing of each type (one round button, a
// button that opens a list, a bar across a phone's screen, dots) and a page outline with the eight
// places a button can sit, each a radio (React Aria: arrow keys move, one tab stop per group).
import { Radio, RadioGroup } from "react-aria-components/RadioGroup";
import { Label } from "react-aria-components/Label";
import type { ButtonType, Placement } from "@beckon/widget/config";
import { useT } from "../../i18n/index";

/** The types in the order offered; each is "builder.type{TYPE}" with a note "…_note". */
const TYPES: ButtonType[] = ["SINGLE", "MULTI", "FULL", "DOTS"];

/** A phone-shaped outline with the type drawn in its bottom right corner. */
function TypePicture({ type }: { type: ButtonType }) {
  return (
    <svg viewBox="0 0 40 64" width="40" height="64" aria-hidden="true" className="type-picture">
      <rect x="1" y="1" width="38" height="62" rx="5" className="outline" />
      {type === "SINGLE" && <circle cx="30" cy="52" r="6" className="fill" />}
      {type === "MULTI" && (
        <>
          <circle cx="30" cy="52" r="6" className="fill" />
          <circle cx="30" cy="39" r="4" className="fill soft" />
          <circle cx="30" cy="29" r="4" className="fill soft" />
        </>
      )}
      {type === "FULL" && (
        <>
          <rect x="1" y="52" width="19" height="11" className="fill" />
          <rect x="20" y="52" width="19" height="11" className="fill soft" />
        </>
      )}
      {type === "DOTS" && (
        <>
          <circle cx="30" cy="52" r="6" className="fill" />
          {[32, 38, 44].map((y) => <circle key={y} cx="30" cy={y} r="1.8" className="fill soft" />)}
        </>
      )}
    </svg>
  );
}

export function TypePicker({ value, suggested, onChange, count }: { value: ButtonType; suggested: ButtonType; onChange: (t: ButtonType) => void; count: number }) {
  const t = useT();
  return (
    <RadioGroup className="stack-tight" value={value} onChange={(v) => onChange(v as ButtonType)} orientation="horizontal">
      <Label className="field-label">{t("builder.buttonType")}</Label>
      <div className="picture-choices">
        {TYPES.map((type) => (
          <Radio key={type} value={type} className="picture-choice">
            <TypePicture type={type} />
            <span>
              <strong>{t(`builder.type${type}`)}</strong>
              <span className="muted">{type === suggested && count > 0 ? t("builder.suggested", { count }) : t(`builder.type${type}_note`)}</span>
            </span>
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}

/** Each place on the page outline (its name: the catalogue's "catalogue.{PLACE}"). */
const PLACES: { value: Placement; row: number; col: number }[] = [
  { value: "TOP_LEFT", row: 1, col: 1 },
  { value: "TOP_CENTER", row: 1, col: 2 },
  { value: "TOP_RIGHT", row: 1, col: 3 },
  { value: "MIDDLE_LEFT", row: 2, col: 1 },
  { value: "MIDDLE_RIGHT", row: 2, col: 3 },
  { value: "BOTTOM_LEFT", row: 3, col: 1 },
  { value: "BOTTOM_CENTER", row: 3, col: 2 },
  { value: "BOTTOM_RIGHT", row: 3, col: 3 },
];

export function PlacementPicker({ value, onChange }: { value: Placement; onChange: (p: Placement) => void }) {
  const t = useT();
  return (
    <RadioGroup className="stack-tight" value={value} onChange={(v) => onChange(v as Placement)}>
      <Label className="field-label">{t("builder.wherePage")}</Label>
      <div className="page-outline">
        <span className="page-outline-bar" aria-hidden="true" />
        {PLACES.map((p) => (
          <Radio key={p.value} value={p.value} className="place" style={{ gridRow: p.row + 1, gridColumn: p.col }}>
            <span className="place-dot" aria-hidden="true" />
            <span className="place-label">{t(`catalogue.${p.value}`)}</span>
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}
