// What this account is told about, by e-mail and by Web Push (GET/PUT /api/v1/agent/notifications):
// e-mail about visitors who wait on or off, and which conversations (every one, only unassigned
// ones, only mine). The top bar's Settings dialog (with the console's language); each change is saved
// at once and said so.
import { useEffect, useId, useRef, useState } from "react";
import { api } from "../api/http";
import type { NotificationChoices } from "../api/types";
import { CONSOLE_LANGUAGES, consoleLanguage, setConsoleLanguage, useT, type ConsoleLang } from "../i18n/index";

type About = NotificationChoices["about"];

/** The choices of what to be told about; each is named by notifications.<value>. */
export const ABOUT: About[] = ["all", "unassigned", "mine"];

/** Where the text puts the server's flag, which is shown whole (a line break at its hyphens would misquote it). */
const FLAG_AT = "\u0000";
const withFlag = (text: string) => {
  const [before, after] = text.split(FLAG_AT);
  return (
    <>
      {before}
      <code className="nowrap">--smtp-url</code>
      {after}
    </>
  );
};

export function NotificationSettings() {
  const [open, setOpen] = useState(false);
  const [choices, setChoices] = useState<NotificationChoices | null>(null);
  /** The key of what the status line says (worded at render: the language may change meanwhile). */
  const [status, setStatus] = useState("");
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const t = useT();
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    else if (!open && d.open) d.close();
  }, [open]);
  useEffect(() => {
    if (!open) return;
    setStatus("");
    api.GET("/api/v1/agent/notifications").then(setChoices, () => setStatus("notifications.loadFailed"));
  }, [open]);
  const save = async (change: { email?: boolean; about?: About }) => {
    // Shown at once; the server's answer (or the old choices, on a failure) follows.
    const before = choices;
    setChoices((c) => c && { ...c, ...change });
    setStatus("notifications.saving");
    try {
      setChoices(await api.PUT("/api/v1/agent/notifications", { body: change }));
      setStatus("notifications.saved");
    } catch {
      setChoices(before);
      setStatus("notifications.notSaved");
    }
  };
  return (
    <>
      <button className="subtle" onClick={() => setOpen(true)}>
        {t("shell.settings")}
      </button>
      <dialog ref={dialog} className="dialog" aria-labelledby={`${id}-h`} onClose={() => setOpen(false)}>
        <h3 id={`${id}-h`}>{t("settings.title")}</h3>
        {/* The console's language, remembered in this browser (i18n/index.ts). */}
        <label className="stack">
          <span>{t("settings.language")}</span>
          <select value={consoleLanguage()} onChange={(e) => setConsoleLanguage(e.target.value as ConsoleLang)}>
            {Object.entries(CONSOLE_LANGUAGES).map(([l, name]) => (
              <option key={l} value={l} lang={l}>
                {name}
              </option>
            ))}
          </select>
        </label>
        {choices && (
          <div className="stack">
            <label className="check">
              <input type="checkbox" checked={choices.email} disabled={!choices.emailAvailable} onChange={(e) => void save({ email: e.target.checked })} />
              <span>{t("notifications.email", { address: choices.address })}</span>
            </label>
            {!choices.emailAvailable && <p className="muted hint">{withFlag(t("notifications.noEmail", { flag: FLAG_AT }))}</p>}
            <fieldset className="stack-tight">
              <legend>{t("notifications.about")}</legend>
              {ABOUT.map((a) => (
                <label key={a} className="check">
                  <input type="radio" name={`${id}-about`} value={a} checked={choices.about === a} onChange={() => void save({ about: a })} />
                  <span>{t(`notifications.${a}`)}</span>
                </label>
              ))}
            </fieldset>
          </div>
        )}
        <p className="muted" role="status">
          {status && t(status)}
        </p>
        <div className="row dialog-actions">
          <button onClick={() => setOpen(false)}>{t("notifications.close")}</button>
        </div>
      </dialog>
    </>
  );
}
