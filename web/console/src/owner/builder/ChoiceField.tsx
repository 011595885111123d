// A choice among a few options in plain words, bound to a path of the draft like the fields in
// ../fields.tsx (here, with the builder, so React Aria loads only with the builder).
import { Radio, RadioGroup } from "react-aria-components/RadioGroup";
import { Label } from "react-aria-components/Label";
import { Text } from "react-aria-components/Text";
import { getAt } from "../../lib/paths";
import { fieldId, problemsAt } from "../../lib/problems";
import type { Option } from "../catalogue";
import { useEditor } from "../fields";

/** A choice among a few options in plain words, as radios (React Aria: arrow keys move); "" is the default and is not written. */
export function ChoiceField({ path, label, options, hint }: { path: string; label: string; options: Option<string>[]; hint?: string }) {
  const { value, set, problems } = useEditor();
  const v = getAt(value, path);
  const errors = problemsAt(problems, path);
  return (
    <RadioGroup className="field stack-tight" id={fieldId(path)} value={typeof v === "string" ? v : ""} onChange={(x) => set(path, x === "" ? undefined : x)} isInvalid={errors.length > 0} orientation="horizontal">
      <Label className="field-label">{label}</Label>
      <div className="row">
        {options.map((o) => (
          <Radio key={o.value} value={o.value} className="choice">
            {o.label}
          </Radio>
        ))}
      </div>
      {hint && <Text slot="description" className="muted hint">{hint}</Text>}
      {errors.length > 0 && <span className="field-error">{errors.join("; ")}</span>}
    </RadioGroup>
  );
}
