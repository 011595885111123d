// The chat's legal notice (domain properties chat-legal-*, spec §3.3) as an owner writes it: on or
// off, the sentence with {link1}…{link3} where the links go, each link as its text and address,
// and the sentence as visitors will see it, built by the widget's own code (app/chat/core/profile.ts).
import { DEFAULT_LEGAL_TEXT, legalNotice, type PropertyValue } from "@beckon/widget";
import { getAt } from "../lib/paths";
import { TextField, useEditor } from "./fields";
import { useT } from "../i18n/index";

type Props = Record<string, PropertyValue | undefined>;

export function LegalNoticeFields() {
  const t = useT();
  const { value, set } = useEditor();
  const props = (getAt(value, "properties") ?? {}) as Props;
  const on = props["chat-legal-enabled"] === "true";
  const notice = legalNotice({ ...props, "chat-legal-enabled": "true" });
  return (
    <fieldset className="stack">
      <legend>{t("legal.title")}</legend>
      <label className="check">
        <input type="checkbox" checked={on} onChange={(e) => set("properties.chat-legal-enabled", e.target.checked ? "true" : undefined)} />
        <span>{t("legal.on")}</span>
      </label>
      {on && (
        <>
          <TextField path="properties.chat-legal-notice" label={t("legal.sentence")} placeholder={DEFAULT_LEGAL_TEXT} hint={t("legal.sentenceHint")} />
          <div className="grid-fields">
            {[1, 2, 3].map((n) => (
              <LinkFields key={n} n={n} props={props} set={set} />
            ))}
          </div>
          <p className="legal-preview">
            <span className="muted">{t("legal.visitorsSee")} </span>
            <span data-testid="legal-preview">
              {notice?.parts.map((p, i) =>
                "href" in p ? (
                  <a key={i} href={p.href} target="_blank" rel="noreferrer">
                    {p.text}
                  </a>
                ) : (
                  <span key={i}>{p.text}</span>
                ),
              )}
            </span>
          </p>
        </>
      )}
    </fieldset>
  );
}

/** One link: its text and address, saved as the {link, text} the widget reads. */
function LinkFields({ n, props, set }: { n: number; props: Props; set: (path: string, v: unknown) => void }) {
  const t = useT();
  const key = `chat-legal-link${n}`;
  // What the owner typed, even an address that is not a link yet (the widget would drop it).
  const { link, text } = typedLink(props[key]);
  const write = (next: { link: string; text: string }) => set(`properties.${key}`, next.link || next.text ? JSON.stringify(next) : undefined);
  return (
    <div className="stack-tight">
      <label>
        <span>{t("legal.linkText", { n })}</span>
        <input value={text} placeholder={n === 1 ? t("legal.linkPlaceholder") : ""} onChange={(e) => write({ link, text: e.target.value })} />
      </label>
      <label>
        <span>{t("legal.linkAddress", { n })}</span>
        <input type="url" value={link} placeholder="https://yourshop.com/privacy" onChange={(e) => write({ link: e.target.value, text })} />
      </label>
    </div>
  );
}

/** The text and address of a stored link: `{link, text}`, that as a JSON string, or a bare URL. */
function typedLink(raw: PropertyValue | undefined): { link: string; text: string } {
  let o: unknown = raw;
  if (typeof raw === "string") {
    if (!raw.trim().startsWith("{")) return { link: raw, text: "" };
    try {
      o = JSON.parse(raw);
    } catch {
      return { link: "", text: "" };
    }
  }
  const r = (o && typeof o === "object" ? o : {}) as { link?: unknown; url?: unknown; text?: unknown };
  const str = (v: unknown) => (typeof v === "string" ? v : "");
  return { link: str(r.link ?? r.url), text: str(r.text) };
}
