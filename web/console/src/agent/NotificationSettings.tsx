// What this account is told about, by e-mail and by Web Push (GET/PUT /api/v1/agent/notifications):
// e-mail about visitors who wait on or off, and which conversations (every one, only unassigned
// ones, only mine). A dialog from the top bar; each change is saved at once and said so.
import { useEffect, useId, useRef, useState } from "react";
import { api } from "../api/http";
import type { components } from "../api/schema.gen";
import { CONSOLE_LANGUAGES, consoleLanguage, setConsoleLanguage, useT, type ConsoleLang } from "../i18n/index";

type Choices = components["schemas"]["NotificationChoices"];
type About = Choices["about"];

export const ABOUT: { value: About; label: string }[] = [
  { value: "all", label: "Every conversation" },
  { value: "unassigned", label: "Only conversations nobody has taken" },
  { value: "mine", label: "Only my conversations" },
];

export function NotificationSettings() {
  const [open, setOpen] = useState(false);
  const [choices, setChoices] = useState<Choices | null>(null);
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
    api.GET("/api/v1/agent/notifications").then(setChoices, () => setStatus("Could not load your choices. Try again in a moment."));
  }, [open]);
  const save = async (change: { email?: boolean; about?: About }) => {
    // Shown at once; the server's answer (or the old choices, on a failure) follows.
    const before = choices;
    setChoices((c) => c && { ...c, ...change });
    setStatus("Saving…");
    try {
      setChoices(await api.PUT("/api/v1/agent/notifications", { body: change }));
      setStatus("Saved.");
    } catch {
      setChoices(before);
      setStatus("Not saved: the server could not be reached. Try again.");
    }
  };
  return (
    <>
      <button className="subtle" aria-label={t("shell.settingsLabel")} onClick={() => setOpen(true)}>
        {t("shell.settings")}
      </button>
      <dialog ref={dialog} className="dialog" aria-labelledby={`${id}-h`} onClose={() => setOpen(false)}>
        <h3 id={`${id}-h`}>{t("settings.notifications")}</h3>
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
              <span>E-mail me when a visitor waits for an answer ({choices.address})</span>
            </label>
            {!choices.emailAvailable && <p className="muted hint">This server sends no e-mail: its administrator sets --smtp-url (docs/notifications.md).</p>}
            <fieldset className="stack-tight">
              <legend>Tell me about (e-mail and this device's notifications)</legend>
              {ABOUT.map((a) => (
                <label key={a.value} className="check">
                  <input type="radio" name={`${id}-about`} value={a.value} checked={choices.about === a.value} onChange={() => void save({ about: a.value })} />
                  <span>{a.label}</span>
                </label>
              ))}
            </fieldset>
          </div>
        )}
        <p className="muted" role="status">
          {status}
        </p>
        <div className="row dialog-actions">
          <button onClick={() => setOpen(false)}>Close</button>
        </div>
      </dialog>
    </>
  );
}
