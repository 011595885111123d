// An action's label in other languages (its `translations`, docs/configuration.md "Languages"):
// a row per language with the owner's words, a language added from the widget's languages (the
// list of the domain's Settings, ../LanguageFields.tsx), one removed. The widget shows a row's
// label where it speaks that language (web/widget/src/shared/lang.ts inLanguage). A row added and
// not written in yet stays on screen but is not saved: an empty label would hide the action's own.
import { useEffect, useRef, useState } from "react";
import { getAt, joinPath } from "../../lib/paths";
import { FieldFrame, useEditor } from "../fields";
import { LANGUAGE_OPTIONS } from "../LanguageFields";
import { useT } from "../../i18n/index";
import { labelLanguages, withLabelIn, type Translations } from "./edits";

const languageName = (l: string) => LANGUAGE_OPTIONS.find((o) => o.value === l)?.label ?? l;

/** `path`: the action's `translations`; `own`: its label, which the other languages stand in for. */
export function LabelTranslations({ path, own }: { path: string; own: string }) {
  const { value, set } = useEditor();
  const t = useT();
  const translations = getAt(value, path) as Translations | undefined;
  const saved = labelLanguages(translations);
  // The rows in the order the owner added them; a language the config gains elsewhere (undo, the
  // JSON editor) joins at the end.
  const [rows, setRows] = useState<string[]>(saved);
  const shown = [...rows, ...saved.filter((l) => !rows.includes(l))];
  const free = LANGUAGE_OPTIONS.filter((o) => !shown.includes(o.value));
  const [pick, setPick] = useState("");
  const adding = free.some((o) => o.value === pick) ? pick : (free[0]?.value ?? "");

  const inputs = useRef(new Map<string, HTMLInputElement>());
  const addSelect = useRef<HTMLSelectElement>(null);
  const [focus, setFocus] = useState<string | null>(null);
  useEffect(() => {
    if (focus === null) return;
    (focus ? inputs.current.get(focus) : addSelect.current)?.focus();
    setFocus(null);
  }, [focus]);

  const add = () => {
    setRows([...shown, adding]);
    setFocus(adding);
  };
  const remove = (lang: string) => {
    setRows(shown.filter((l) => l !== lang));
    set(path, withLabelIn(translations, lang, ""));
    // The focus would be lost with the row: it goes to where another language is added.
    setFocus("");
  };

  return (
    <fieldset className="stack-tight label-translations">
      <legend>{t("builder.otherLanguages")}</legend>
      <p className="muted hint">{own ? t("builder.otherLanguagesHint", { own }) : t("builder.otherLanguagesHintNoOwn")}</p>
      {shown.length > 0 && (
        <ul className="list-plain stack-tight">
          {shown.map((lang) => (
            <li key={lang}>
              <FieldFrame path={joinPath(path, lang, "labelText")} label={languageName(lang)}>
                {(p) => (
                  <div className="row label-translation">
                    <input
                      {...p}
                      ref={(el) => void (el ? inputs.current.set(lang, el) : inputs.current.delete(lang))}
                      lang={lang}
                      value={translations?.[lang]?.labelText ?? ""}
                      placeholder={own}
                      onChange={(e) => set(path, withLabelIn(translations, lang, e.target.value))}
                    />
                    <button type="button" className="subtle" onClick={() => remove(lang)} aria-label={t("builder.removeLabelIn", { language: languageName(lang) })}>
                      ×
                    </button>
                  </div>
                )}
              </FieldFrame>
            </li>
          ))}
        </ul>
      )}
      {free.length > 0 && (
        <div className="row">
          <label className="field">
            <span>{t("builder.addLanguage")}</span>
            <select ref={addSelect} value={adding} onChange={(e) => setPick(e.target.value)}>
              {free.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
          <button type="button" onClick={add} aria-label={t("builder.addLabelIn", { language: languageName(adding) })}>
            {t("builder.add")}
          </button>
        </div>
      )}
    </fieldset>
  );
}
