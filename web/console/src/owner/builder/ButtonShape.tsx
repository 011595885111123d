// The button's type and place, as pictures: a small drawing of each type (one round button, a
// button that opens a list, a bar across a phone's screen, dots) and a page outline with the eight
// places a button can sit, each a radio (React Aria: arrow keys move, one tab stop per group).
import { Radio, RadioGroup } from "react-aria-components/RadioGroup";
import { Label } from "react-aria-components/Label";
import type { ButtonType, Placement } from "@beckon/widget/config";

const TYPES: { value: ButtonType; label: string; note: string }[] = [
  { value: "SINGLE", label: "One button", note: "For one channel" },
  { value: "MULTI", label: "A button that opens a list", note: "For a few channels" },
  { value: "FULL", label: "A bar across the screen", note: "Up to 5, best on phones" },
  { value: "DOTS", label: "Dots that open a list", note: "Up to 10" },
];

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
  return (
    <RadioGroup className="stack-tight" value={value} onChange={(v) => onChange(v as ButtonType)} orientation="horizontal">
      <Label className="field-label">Button type</Label>
      <div className="picture-choices">
        {TYPES.map((t) => (
          <Radio key={t.value} value={t.value} className="picture-choice">
            <TypePicture type={t.value} />
            <span>
              <strong>{t.label}</strong>
              <span className="muted">{t.value === suggested && count > 0 ? `Suggested for ${count} channel${count > 1 ? "s" : ""}` : t.note}</span>
            </span>
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}

const PLACES: { value: Placement; label: string; row: number; col: number }[] = [
  { value: "TOP_LEFT", label: "Top left", row: 1, col: 1 },
  { value: "TOP_CENTER", label: "Top centre", row: 1, col: 2 },
  { value: "TOP_RIGHT", label: "Top right", row: 1, col: 3 },
  { value: "MIDDLE_LEFT", label: "Middle left", row: 2, col: 1 },
  { value: "MIDDLE_RIGHT", label: "Middle right", row: 2, col: 3 },
  { value: "BOTTOM_LEFT", label: "Bottom left", row: 3, col: 1 },
  { value: "BOTTOM_CENTER", label: "Bottom centre", row: 3, col: 2 },
  { value: "BOTTOM_RIGHT", label: "Bottom right", row: 3, col: 3 },
];

export function PlacementPicker({ value, onChange }: { value: Placement; onChange: (p: Placement) => void }) {
  return (
    <RadioGroup className="stack-tight" value={value} onChange={(v) => onChange(v as Placement)}>
      <Label className="field-label">Where on the page</Label>
      <div className="page-outline">
        <span className="page-outline-bar" aria-hidden="true" />
        {PLACES.map((p) => (
          <Radio key={p.value} value={p.value} className="place" style={{ gridRow: p.row + 1, gridColumn: p.col }}>
            <span className="place-dot" aria-hidden="true" />
            <span className="place-label">{p.label}</span>
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}
