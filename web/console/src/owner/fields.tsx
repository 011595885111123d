// Form fields bound to a path of the config being edited: each reads its value, writes it back
// (empty optional fields are removed), and shows the server's problems for that path next to it.
import { createContext, useContext, useId, type ReactNode } from "react";
import type { Problem } from "../api/http";
import { getAt } from "../lib/paths";
import { fieldId, problemsAt } from "../lib/problems";
import type { Option } from "./catalogue";
import { useT } from "../i18n/index";

export type EditorState = {
  value: unknown;
  set: (path: string, value: unknown) => void;
  problems: Problem[];
};

export const EditorContext = createContext<EditorState | null>(null);

export function useEditor(): EditorState {
  const e = useContext(EditorContext);
  if (!e) throw new Error("field outside EditorContext");
  return e;
}

/** A field: its label (only the label text, so the accessible name is just that), the control, a hint and the problems. */
export function FieldFrame({ path, label, children, hint, inline, warning }: { path: string; label: string; children: (props: FieldProps) => ReactNode; hint?: string; inline?: boolean; warning?: string }) {
  const { problems } = useEditor();
  const errors = [...problemsAt(problems, path), ...(warning ? [warning] : [])];
  const errId = useId();
  const hintId = useId();
  const id = fieldId(path);
  const describedBy = [errors.length ? errId : "", hint ? hintId : ""].filter(Boolean).join(" ") || undefined;
  const labelEl = <label htmlFor={id}>{label}</label>;
  return (
    <div className={inline ? "field check" : "field"}>
      {!inline && labelEl}
      {children({ id, "aria-invalid": errors.length ? true : undefined, "aria-describedby": describedBy })}
      {inline && labelEl}
      {hint && (
        <span id={hintId} className="muted hint">
          {hint}
        </span>
      )}
      {errors.length > 0 && (
        <span id={errId} className="field-error">
          {errors.join("; ")}
        </span>
      )}
    </div>
  );
}

export type FieldProps = { id: string; "aria-invalid"?: true; "aria-describedby"?: string };

export function TextField({
  path,
  label,
  hint,
  required,
  placeholder,
  multiline,
  type = "text",
  inputMode,
  warning,
  normalize,
}: {
  path: string;
  label: string;
  hint?: string;
  required?: boolean;
  placeholder?: string;
  multiline?: boolean;
  type?: "text" | "time" | "url" | "email" | "tel";
  inputMode?: "tel" | "email" | "url" | "text";
  /** A check of the builder's own (e.g. a phone number's plausibility), shown beside the field; the server's problems still decide. */
  warning?: string;
  /** Tidies what was typed or pasted once the field is left (e.g. a pasted address to its host). */
  normalize?: (text: string) => string;
}) {
  const { value, set } = useEditor();
  const v = getAt(value, path);
  const onChange = (s: string) => set(path, s === "" && !required ? undefined : s);
  const onBlur = normalize && ((s: string) => normalize(s) !== s && onChange(normalize(s)));
  return (
    <FieldFrame path={path} label={label} hint={hint} warning={warning}>
      {(p) =>
        multiline ? (
          <textarea {...p} rows={3} value={typeof v === "string" ? v : ""} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} />
        ) : (
          <input {...p} type={type} inputMode={inputMode} value={typeof v === "string" ? v : ""} required={required} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} onBlur={onBlur ? (e) => onBlur(e.target.value) : undefined} />
        )
      }
    </FieldFrame>
  );
}

/** A number; text the user types that is not a number is sent as is, so the server names it. */
export function NumberField({ path, label, hint, allowAuto }: { path: string; label: string; hint?: string; allowAuto?: boolean }) {
  const { value, set } = useEditor();
  const v = getAt(value, path);
  return (
    <FieldFrame path={path} label={label} hint={hint}>
      {(p) => (
        <input
          {...p}
          type="text"
          inputMode="decimal"
          value={v === undefined || v === null ? "" : String(v)}
          placeholder={allowAuto ? "auto" : undefined}
          onChange={(e) => {
            const s = e.target.value.trim();
            if (s === "") return set(path, undefined);
            if (allowAuto && s === "auto") return set(path, "auto");
            const n = Number(s);
            set(path, Number.isFinite(n) && /^-?\d*\.?\d+$/.test(s) ? n : s);
          }}
        />
      )}
    </FieldFrame>
  );
}

export function SelectField<T extends string>({ path, label, options, optional, hint }: { path: string; label: string; options: Option<T>[]; optional?: string; hint?: string }) {
  const { value, set } = useEditor();
  const v = getAt(value, path);
  return (
    <FieldFrame path={path} label={label} hint={hint}>
      {(p) => (
        <select {...p} value={typeof v === "string" ? v : ""} onChange={(e) => set(path, e.target.value === "" ? undefined : e.target.value)}>
          {(optional !== undefined || typeof v !== "string") && <option value="">{optional ?? "—"}</option>}
          <Options options={options} />
        </select>
      )}
    </FieldFrame>
  );
}

/** A checkbox; `onToggle` writes more than the one value when ticking it changes other fields too. */
export function CheckField({
  path,
  label,
  hint,
  defaultValue = false,
  onToggle,
}: {
  path: string;
  label: string;
  hint?: string;
  defaultValue?: boolean;
  onToggle?: (checked: boolean, set: EditorState["set"]) => void;
}) {
  const { value, set } = useEditor();
  const v = getAt(value, path);
  return (
    <FieldFrame path={path} label={label} hint={hint} inline>
      {(p) => <input {...p} type="checkbox" checked={typeof v === "boolean" ? v : defaultValue} onChange={(e) => (onToggle ? onToggle(e.target.checked, set) : set(path, e.target.checked))} />}
    </FieldFrame>
  );
}

/** "#abc" as "#aabbcc" (the colour picker takes six digits only); other text as it is. */
const sixDigits = (hex: string) => (/^#[0-9a-f]{3}$/i.test(hex) ? hex.replace(/[0-9a-f]/gi, "$&$&") : hex).toLowerCase();

/**
 * A colour: a swatch picker beside the text (any CSS colour may be typed). While it is empty both
 * show `defaultColor`, the colour visitors get then (the widget's default), never a stand-in.
 */
export function ColorField({ path, label, defaultColor, hint }: { path: string; label: string; defaultColor: string; hint?: string }) {
  const t = useT();
  const { value, set } = useEditor();
  const v = getAt(value, path);
  const text = typeof v === "string" ? v : "";
  const shown = sixDigits(/^#([0-9a-f]{3}){1,2}$/i.test(text) ? text : defaultColor);
  return (
    <FieldFrame path={path} label={label} hint={hint}>
      {(p) => (
        <span className="row color-row">
          <input {...p} type="text" value={text} placeholder={t("fields.default", { colour: sixDigits(defaultColor) })} onChange={(e) => set(path, e.target.value || undefined)} />
          <input type="color" aria-label={t("fields.pick", { label })} value={shown} onChange={(e) => set(path, e.target.value)} />
        </span>
      )}
    </FieldFrame>
  );
}

/** The `<option>`s of a list of choices. */
export function Options<T extends string>({ options }: { options: Option<T>[] }) {
  return (
    <>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </>
  );
}

