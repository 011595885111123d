// The profile form (spec §2.4, §5.3): full name and e-mail address, both required (native
// `required` and `type=email`), the legal-notice checkbox when the channel asks for it (required,
// its text with up to three links), replaced by 'Legal notices accepted on {date}' once accepted.
// It submits only when the browser's validity check passes, then our own rules.
import { useId, useState, type FormEvent } from "react";
import { legalAcceptedText, legalNotice, validateProfile, type ProfileErrors, type ProfileInput } from "./core/profile";
import type { ClientPersona, PropertyValue } from "./core/types";
import { t } from "../i18n/index";

export type ProfileFormProps = {
  persona: ClientPersona | null;
  properties: Record<string, PropertyValue | undefined>;
  /** Unix ms the notice was accepted (0: not yet). */
  accepted: number;
  onSave(input: ProfileInput): void;
};

export function ProfileForm(p: ProfileFormProps) {
  const id = useId();
  const [name, setName] = useState(p.persona?.name || "");
  const [email, setEmail] = useState(p.persona?.email || "");
  const [legal, setLegal] = useState(false);
  const [errors, setErrors] = useState<ProfileErrors>({});
  const notice = legalNotice(p.properties);
  const needLegal = !!notice && !p.accepted;

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    if (typeof form.checkValidity == "function" && !form.checkValidity()) {
      if (typeof form.reportValidity == "function") form.reportValidity();
      return;
    }
    const r = validateProfile({ name, email, legal }, needLegal);
    setErrors(r.errors);
    if (r.ok) p.onSave({ name, email, legal: legal || !!p.accepted });
  };

  const err = (k: keyof ProfileErrors) =>
    errors[k] ? (
      <span className="cnb-c-ferr" id={`cnb-c-${k}e${id}`} role="alert">
        {errors[k]}
      </span>
    ) : null;

  return (
    <form className="cnb-c-form" aria-label={t("profile.form")} onSubmit={submit}>
      <label className="cnb-c-field">
        <span className="cnb-c-lbl">{t("profile.name")}</span>
        <input
          className="cnb-c-tin"
          name="name"
          type="text"
          required
          autoComplete="name"
          value={name}
          maxLength={200}
          data-autofocus=""
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `cnb-c-namee${id}` : undefined}
          onChange={(e) => setName(e.target.value)}
        />
        {err("name")}
      </label>
      <label className="cnb-c-field">
        <span className="cnb-c-lbl">{t("profile.email")}</span>
        <input
          className="cnb-c-tin"
          name="email"
          type="email"
          required
          autoComplete="email"
          value={email}
          maxLength={254}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `cnb-c-emaile${id}` : undefined}
          onChange={(e) => setEmail(e.target.value)}
        />
        {err("email")}
      </label>
      {notice && p.accepted ? <p className="cnb-c-legal-ok">{legalAcceptedText(p.accepted)}</p> : null}
      {needLegal ? (
        <div className="cnb-c-legal">
          <input
            className="cnb-c-cb"
            id={`cnb-c-legal${id}`}
            name="legal"
            type="checkbox"
            required
            checked={legal}
            aria-invalid={errors.legal ? true : undefined}
            onChange={(e) => setLegal(e.target.checked)}
          />
          <label className="cnb-c-legal-t" htmlFor={`cnb-c-legal${id}`}>
            {notice!.parts.map((part, i) =>
              "href" in part ? (
                <a key={i} className="cnb-c-a" href={part.href} target="_blank" rel="noopener noreferrer">
                  {part.text}
                </a>
              ) : (
                <span key={i}>{part.text}</span>
              ),
            )}
          </label>
          {err("legal")}
        </div>
      ) : null}
      <button type="submit" className="cnb-c-btn">
        {t("profile.save")}
      </button>
    </form>
  );
}
