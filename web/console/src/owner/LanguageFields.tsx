// A domain's languages in the builder (docs/configuration.md "Languages"): the language the widget
// speaks (`properties.language`; none: the page's, else the visitor's browser's), and the owner's
// words for the built-in texts visitors read most, per language (`properties.texts`: language →
// catalogue key → text). An empty field keeps the widget's own text for that language.
import { useState } from "react";
import { LANGUAGES, WIDGET_TEXTS, type Lang } from "@beckon/widget";
import { getAt } from "../lib/paths";
import { SelectField, useEditor } from "./fields";

/** The languages by their own names (Intl), e.g. "français". */
const name = (l: string) => {
  try {
    return new Intl.DisplayNames([l], { type: "language" }).of(l) || l;
  } catch {
    return l;
  }
};
export const LANGUAGE_OPTIONS = LANGUAGES.map((l) => ({ value: l, label: `${name(l)} (${l})` }));

/** The texts an owner most often words their own way, by catalogue key, with what they are. */
export const OVERRIDABLE: { key: string; label: string; english: string }[] = [
  { key: "modal.welcome", label: "Welcome message", english: WIDGET_TEXTS.modal.welcome },
  { key: "modal.status", label: "Status line under the chat's title", english: WIDGET_TEXTS.modal.status },
  { key: "modal.placeholder", label: "Message box placeholder", english: WIDGET_TEXTS.modal.placeholder },
  { key: "away.byEmail", label: "Away message (replies by e-mail too)", english: WIDGET_TEXTS.away.byEmail },
  { key: "away.hereOnly", label: "Away message (replies in the chat)", english: WIDGET_TEXTS.away.hereOnly },
  { key: "presence.nobody", label: "Nobody online", english: WIDGET_TEXTS.presence.nobody },
  { key: "profile.name", label: "Profile: name label", english: WIDGET_TEXTS.profile.name },
  { key: "profile.email", label: "Profile: e-mail label", english: WIDGET_TEXTS.profile.email },
  { key: "profile.save", label: "Profile: save button", english: WIDGET_TEXTS.profile.save },
];

type Texts = Record<string, Record<string, string>>;

export function LanguageFields() {
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
      <legend>Languages</legend>
      <div className="grid-fields">
        <SelectField
          path="properties.language"
          label="Language of the chat and its windows"
          options={LANGUAGE_OPTIONS}
          optional="The page's language (else the visitor's browser's)"
          hint="Thirteen languages are built in; right to left for Arabic and Hebrew."
        />
        <label>
          <span>Your own words in</span>
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
      <div className="grid-fields" role="group" aria-label={`Your own words in ${name(lang)}`}>
        {OVERRIDABLE.map((o) => (
          <label key={o.key}>
            <span>{o.label}</span>
            <input value={own[o.key] ?? ""} placeholder={lang == "en" ? o.english : "The built-in text"} onChange={(e) => write(o.key, e.target.value)} />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
