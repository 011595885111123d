// A domain's languages in the builder (docs/configuration.md "Languages"): the language the widget
// speaks (`properties.language`; none: the page's, else the visitor's browser's), and the owner's
// words for the built-in texts visitors read most, per language (`properties.texts`: language →
// catalogue key → text). An empty field keeps the widget's own text for that language.
import { useState } from "react";
import { LANGUAGES, WIDGET_TEXTS, type Lang } from "@beckon/widget";
import { getAt } from "../lib/paths";
import { SelectField, useEditor } from "./fields";
import { useT } from "../i18n/index";

/** The languages by their own names (Intl), e.g. "français". */
const name = (l: string) => {
  try {
    return new Intl.DisplayNames([l], { type: "language" }).of(l) || l;
  } catch {
    return l;
  }
};
export const LANGUAGE_OPTIONS = LANGUAGES.map((l) => ({ value: l, label: `${name(l)} (${l})` }));

/** The texts an owner most often words their own way, by the widget's catalogue key, with the console's key of what they are. */
export const OVERRIDABLE: { key: string; label: string; english: string }[] = [
  { key: "modal.welcome", label: "languages.welcome", english: WIDGET_TEXTS.modal.welcome },
  { key: "modal.status", label: "languages.status", english: WIDGET_TEXTS.modal.status },
  { key: "modal.placeholder", label: "languages.placeholder", english: WIDGET_TEXTS.modal.placeholder },
  { key: "away.byEmail", label: "languages.awayEmail", english: WIDGET_TEXTS.away.byEmail },
  { key: "away.hereOnly", label: "languages.awayHere", english: WIDGET_TEXTS.away.hereOnly },
  { key: "presence.nobody", label: "languages.nobody", english: WIDGET_TEXTS.presence.nobody },
  { key: "profile.name", label: "languages.profileName", english: WIDGET_TEXTS.profile.name },
  { key: "profile.email", label: "languages.profileEmail", english: WIDGET_TEXTS.profile.email },
  { key: "profile.save", label: "languages.profileSave", english: WIDGET_TEXTS.profile.save },
];

type Texts = Record<string, Record<string, string>>;

export function LanguageFields() {
  const t = useT();
  const { value, set } = useEditor();
  const texts = (getAt(value, "properties.texts") as Texts | undefined) ?? {};
  const [lang, setLang] = useState<Lang>(((getAt(value, "properties.language") as Lang | undefined) ?? "en") as Lang);
  const own = texts[lang] ?? {};
  const write = (key: string, text: string) => {
    const mine = { ...own, [key]: text };
    if (!text) delete mine[key];
    const next: Texts = { ...texts, [lang]: mine };
    if (!Object.keys(mine).length) delete next[lang];
    set("properties.texts", Object.keys(next).length ? next : undefined);
  };
  return (
    <fieldset>
      <legend>{t("languages.title")}</legend>
      <div className="grid-fields">
        <SelectField
          path="properties.language"
          label={t("languages.language")}
          options={LANGUAGE_OPTIONS}
          optional={t("languages.pageLanguage")}
          hint={t("languages.hint")}
        />
        <label>
          <span>{t("languages.ownIn")}</span>
          <select value={lang} onChange={(e) => setLang(e.target.value as Lang)}>
            {LANGUAGE_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
                {texts[o.value] ? " ✓" : ""}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="grid-fields" role="group" aria-label={t("languages.ownInGroup", { language: name(lang) })}>
        {OVERRIDABLE.map((o) => (
          <label key={o.key}>
            <span>{t(o.label)}</span>
            <input value={own[o.key] ?? ""} placeholder={lang == "en" ? o.english : t("languages.builtIn")} onChange={(e) => write(o.key, e.target.value)} />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
