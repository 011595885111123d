// The profile form's rules (spec §5.3): full name required, e-mail required and valid, the
// legal-notice checkbox required when the channel property `chat-legal-enabled` is the string
// "true". The notice's text and its {link1}…{link3} placeholders become a list of text and link
// parts — never an HTML string — with only http(s) and mailto links.
import type { ClientPersona, PropertyValue } from "./types";
import { locale as locale_, t } from "../../i18n/index";

export const DEFAULT_LEGAL_TEXT = "I accept the {link1}";

export type LegalPart = { text: string } | { text: string; href: string };
export type LegalNotice = { parts: LegalPart[] };

type Props = Record<string, PropertyValue | undefined> | undefined | null;

/** True when the properties turn the legal notice on (only the string "true" does). */
export const legalEnabled = (props: Props): boolean => !!props && props["chat-legal-enabled"] === "true";

/** A safe href: http(s) or mailto, else undefined. */
export function safeHref(raw: unknown): string | undefined {
  if (typeof raw != "string" || !raw.trim()) return undefined;
  try {
    const u = new URL(raw.trim());
    return /^(https?|mailto):$/.test(u.protocol) ? u.href : undefined;
  } catch {
    return undefined;
  }
}

/** `chat-legal-linkN`: `{link, text}`, the same as a JSON string, or a bare URL. */
export function legalLink(v: PropertyValue | undefined): { href?: string; text: string } | undefined {
  let o: unknown = v;
  if (typeof v == "string") {
    const t = v.trim();
    if (t.startsWith("{")) {
      try {
        o = JSON.parse(t);
      } catch {
        return undefined;
      }
    } else {
      const href = safeHref(t);
      return href ? { href, text: t } : undefined;
    }
  }
  if (!o || typeof o != "object") return undefined;
  const r = o as { link?: unknown; url?: unknown; text?: unknown };
  const href = safeHref(r.link ?? r.url);
  const text = typeof r.text == "string" && r.text.trim() ? r.text.trim() : href;
  return text ? { href, text } : undefined;
}

/** The legal notice to show, or null when it is not enabled. */
export function legalNotice(props: Props): LegalNotice | null {
  if (!legalEnabled(props)) return null;
  const raw = props!["chat-legal-notice"];
  const text = typeof raw == "string" && raw.trim() ? raw : DEFAULT_LEGAL_TEXT;
  const parts: LegalPart[] = [];
  const push = (p: LegalPart) => {
    if (!p.text) return;
    const last = parts[parts.length - 1];
    if (last && !("href" in p) && !("href" in last)) last.text += p.text;
    else parts.push(p);
  };
  const re = /\{link([123])\}/g;
  let at = 0;
  for (let m: RegExpExecArray | null; (m = re.exec(text)); ) {
    push({ text: text.slice(at, m.index) });
    const l = legalLink(props!["chat-legal-link" + m[1]]);
    if (l) push(l.href ? { text: l.text, href: l.href } : { text: l.text });
    at = m.index + m[0].length;
  }
  push({ text: text.slice(at) });
  return { parts };
}

/** 'Legal notices accepted on {date}'. */
export function legalAcceptedText(ts: number, locale?: string): string {
  let date: string;
  try {
    date = new Date(ts).toLocaleDateString(locale || locale_());
  } catch {
    date = new Date(ts).toISOString().slice(0, 10);
  }
  return t("profile.legalAccepted", { date });
}

const utf8Length = (s: string): number => new TextEncoder().encode(s).length;
// RFC 5322's atext: ASCII letters, digits and !#$%&'*+/=?^_`{|}~-, and any non-ASCII character.
const ATEXT = /^(?:[\w!#$%&'*+/=?^`{|}~-]|[^\x00-\x7f])+$/;
// A domain label starts and ends with a letter or digit (Rust's `char::is_alphanumeric`).
const LETTER_OR_DIGIT_ENDS = /^[\p{Alphabetic}\p{N}](?:.*[\p{Alphabetic}\p{N}])?$/su;

/**
 * The server's rule (`beckon_model::is_email`, on the `email_address` crate; both read
 * crates/model/tests/fixtures/rules/emails.json): a dot-atom local part of at most 64 bytes and
 * two or more domain labels of at most 63; no whitespace, quotes, brackets or display names.
 */
export function isEmail(s: string): boolean {
  const v = s.trim();
  if (!v || utf8Length(v) > 254 || /[\s<>()[\],;:\\"]/.test(v)) return false;
  const parts = v.split("@");
  if (parts.length != 2) return false;
  const [local, domain] = parts;
  const labels = domain.split(".");
  return (
    utf8Length(local) <= 64 &&
    local.split(".").every((atom) => ATEXT.test(atom)) &&
    labels.length >= 2 &&
    labels.every((label) => utf8Length(label) <= 63 && ATEXT.test(label) && LETTER_OR_DIGIT_ENDS.test(label))
  );
}

export type ProfileInput = { name: string; email: string; legal: boolean };
export type ProfileErrors = Partial<Record<keyof ProfileInput, string>>;

/** The form's errors, in the widget's language. */
export const PROFILE_ERRORS = {
  get name() {
    return t("profile.errName");
  },
  get email() {
    return t("profile.errEmail");
  },
  get legal() {
    return t("profile.errLegal");
  },
};

/**
 * Checks the form. `legalRequired`: the notice is on and was not accepted before (an accepted
 * notice shows the 'accepted on' line instead of the checkbox).
 */
export function validateProfile(f: ProfileInput, legalRequired: boolean): { ok: boolean; errors: ProfileErrors } {
  const errors: ProfileErrors = {};
  if (!f.name.trim()) errors.name = PROFILE_ERRORS.name;
  if (!isEmail(f.email)) errors.email = PROFILE_ERRORS.email;
  if (legalRequired && !f.legal) errors.legal = PROFILE_ERRORS.legal;
  return { ok: !Object.keys(errors).length, errors };
}

/** The persona to store and send: trimmed, with the acceptance time kept or set now. */
export function toPersona(
  f: ProfileInput,
  prev: ClientPersona | null,
  ctx: { now: number; url?: string | null; ip?: string | null },
): ClientPersona {
  const accepted = prev && prev.legalNoticeAccepted ? prev.legalNoticeAccepted : f.legal ? ctx.now : 0;
  return {
    name: f.name.trim(),
    email: f.email.trim(),
    ip: ctx.ip ?? prev?.ip ?? null,
    url: ctx.url ?? prev?.url ?? null,
    legalNoticeAccepted: accepted,
  };
}
