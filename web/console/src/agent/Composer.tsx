// The reply box of a chat, in one of two modes: Reply (to the visitor: Enter sends) or Note (a
// private note for the team, lib/notes.ts). The mode is a pair of radio buttons ("Reply" |
// "Note": Tab reaches the chosen one, the arrows switch), and Note mode changes the whole box —
// amber and dashed like the notes in the thread, its own label, "Add note" on the button — so
// nobody sends a note to the visitor by mistake. Typing is told to the visitor in Reply mode only.
// Typing "/" opens the canned replies (CannedPicker.tsx), in either mode; a box holding only a
// "/word" that matches no canned reply is not sent by Enter (a shortcut mistyped, or typed before
// the list could open), and a status line says so; the Send button still sends it. An ended chat takes
// notes only (Reply is there but disabled, so the box still says which mode it is in).
// Files (useUploads.ts: picked with "Attach a file", pasted or dropped) go with replies only; a
// reply may be files alone.
import { useRef, useState, type KeyboardEvent } from "react";
import type { Attachment, CannedReply } from "../api/types";
import { loneShortcut, matchCanned, type PlaceholderValues } from "../lib/canned";
import { fileSize, problemText } from "../lib/files";
import { charactersOver, MAX_MESSAGE_CHARS } from "../lib/messages";
import { useT } from "../i18n/index";
import { consoleLocale } from "../i18n/locale";
import { useCannedPicker } from "./CannedPicker";
import { useUploads } from "./useUploads";

export type ComposerMode = "reply" | "note";

type Props = {
  channelId: string;
  visitorLabel: string;
  /** A reply to send (the conversation shows it on its way), with the files uploaded for it. */
  onReply: (text: string, attachments: Attachment[]) => void;
  /** A note to keep: null when kept, else why not. */
  onNote: (text: string) => Promise<string | null>;
  onTyping: (typing: boolean) => void;
  /** The organisation's canned replies, and what their placeholders stand for in this chat. */
  canned: CannedReply[];
  placeholders: PlaceholderValues;
  /** The chat has ended: notes only (the visitor can no longer be answered here). */
  notesOnly?: boolean;
};

export function Composer({ channelId, visitorLabel, onReply, onNote, onTyping, canned, placeholders, notesOnly = false }: Props) {
  const t = useT();
  const locale = consoleLocale();
  const [chosenMode, setMode] = useState<ComposerMode>("reply");
  const mode: ComposerMode = notesOnly ? "note" : chosenMode;
  const [draft, setDraft] = useState("");
  const [saving, setSaving] = useState(false);
  const [noteError, setNoteError] = useState("");
  /** The "/word" Enter did not send, said until the box changes. */
  const [heldShortcut, setHeldShortcut] = useState<string | null>(null);
  const note = mode === "note";
  const over = charactersOver(draft);
  const files = useUploads(channelId);
  const fileInput = useRef<HTMLInputElement>(null);
  const withFiles = !note && files.ready.length > 0;
  const picker = useCannedPicker({
    replies: canned,
    values: placeholders,
    draft,
    setDraft: (text) => {
      setDraft(text);
      setHeldShortcut(null);
      if (!note) onTyping(text.trim() !== "");
    },
  });

  const submit = async () => {
    const text = draft.trim();
    if ((!text && !withFiles) || over || saving || (!note && files.busy)) return;
    if (!note) {
      const attachments = files.ready;
      files.clear();
      setDraft("");
      onTyping(false);
      onReply(text, attachments);
      return;
    }
    setSaving(true);
    const error = await onNote(text);
    setSaving(false);
    setNoteError(error ?? "");
    // Kept: the box empties; refused: the text stays to try again.
    if (!error) setDraft((d) => (d.trim() === text ? "" : d));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (picker.onKeyDown(e)) return;
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      const shortcut = loneShortcut(draft);
      if (shortcut !== null && matchCanned(canned, shortcut).length === 0) return setHeldShortcut(shortcut);
      submit();
    }
  };

  const choose = (m: ComposerMode) => {
    setMode(m);
    setNoteError("");
    // The visitor was told the agent is typing a reply; a note is none of their business.
    if (m === "note" && draft) onTyping(false);
  };

  const errorId = over ? "reply-too-long" : noteError ? "note-error" : undefined;
  return (
    <form
      className={`composer${note ? " note-mode" : ""}`}
      onDragOver={(e) => !note && e.dataTransfer.types.includes("Files") && e.preventDefault()}
      onDrop={(e) => {
        if (note || !e.dataTransfer.files.length) return;
        e.preventDefault();
        files.add(e.dataTransfer.files);
      }}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <fieldset className="composer-mode">
        <legend className="visually-hidden">{t("composer.mode")}</legend>
        {(["reply", "note"] as const).map((m) => (
          <label key={m} className={mode === m ? "chosen" : undefined}>
            <input type="radio" name="composer-mode" value={m} checked={mode === m} disabled={notesOnly && m === "reply"} onChange={() => choose(m)} />
            {t(`composer.${m}`)}
          </label>
        ))}
        {note && <span className="note-label">{t("composer.noteLabel")}</span>}
      </fieldset>
      <label htmlFor="reply" className="visually-hidden">
        {t(note ? "composer.noteFor" : "composer.replyTo", { name: visitorLabel })}
      </label>
      {picker.picker}
      <textarea
        {...picker.textareaProps}
        id="reply"
        rows={2}
        value={draft}
        aria-invalid={over > 0 || undefined}
        aria-describedby={errorId}
        placeholder={t(note ? "composer.notePlaceholder" : "composer.replyPlaceholder")}
        onChange={(e) => {
          setDraft(e.target.value);
          setHeldShortcut(null);
          picker.follow(e.target);
          if (!note) onTyping(e.target.value.trim() !== "");
        }}
        onKeyDown={onKeyDown}
        onBlur={() => draft && !note && onTyping(false)}
        onPaste={(e) => {
          if (note || !e.clipboardData.files.length) return;
          e.preventDefault();
          files.add(e.clipboardData.files);
        }}
      />
      {!note && (
        <>
          <input
            ref={fileInput}
            type="file"
            multiple
            hidden
            onChange={(e) => {
              if (e.target.files) files.add(e.target.files);
              e.target.value = "";
            }}
          />
          <button type="button" className="attach" aria-label={t("composer.attach")} title={t("composer.attach")} onClick={() => fileInput.current?.click()}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path fill="none" stroke="currentColor" strokeWidth="2" d="M21 11l-8.5 8.5a5 5 0 01-7-7L14 4a3.5 3.5 0 015 5l-8.5 8.5a2 2 0 01-3-3L15 7" />
            </svg>
          </button>
        </>
      )}
      <button type="submit" className="primary" disabled={(!draft.trim() && !withFiles) || over > 0 || saving || (!note && files.busy)}>
        {note ? t("composer.addNote") : t("composer.send")}
      </button>
      {!note && files.uploads.length > 0 && (
        <ul className="uploads" aria-label={t("composer.files")}>
          {files.uploads.map((u) => {
            const failed = u.error || u.problem;
            return (
              <li key={u.key} className={failed ? "upload failed" : "upload"}>
                <span className="upload-name">
                  {u.name} <span className="muted">({fileSize(u.size, t, locale)})</span>
                </span>
                {failed ? (
                  <span className="error" role="alert">
                    {u.problem ? problemText(u.problem, t, locale) : u.error}
                  </span>
                ) : u.attachment ? (
                  <span className="muted">{t("composer.ready")}</span>
                ) : (
                  <progress max={1} value={u.progress} aria-label={t("composer.uploading", { name: u.name })} />
                )}
                <button type="button" className="link" onClick={() => files.remove(u.key)}>
                  {t(u.attachment || failed ? "composer.remove" : "composer.cancel", { name: u.name })}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {over > 0 && (
        <p id="reply-too-long" className="error composer-error" role="status">
          {t("composer.tooLong", { count: over, max: MAX_MESSAGE_CHARS })}
        </p>
      )}
      <p className="composer-hint" role="status">
        {heldShortcut !== null && t("cannedPicker.noMatch", { shortcut: heldShortcut })}
      </p>
      {noteError && (
        <p id="note-error" className="error composer-error" role="alert">
          {t("composer.noteError", { reason: noteError })}
        </p>
      )}
    </form>
  );
}
