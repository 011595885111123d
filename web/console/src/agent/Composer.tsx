// The reply box of a chat, in one of two modes: Reply (to the visitor: Enter sends) or Note (a
// private note for the team, lib/notes.ts). The mode is a pair of radio buttons ("Reply" |
// "Note": Tab reaches the chosen one, the arrows switch), and Note mode changes the whole box —
// amber and dashed like the notes in the thread, its own label, "Add note" on the button — so
// nobody sends a note to the visitor by mistake. Typing is told to the visitor in Reply mode only.
// Typing "/" opens the canned replies (CannedPicker.tsx), in either mode. An ended chat takes
// notes only (Reply is there but disabled, so the box still says which mode it is in).
import { useState, type KeyboardEvent } from "react";
import type { CannedReply } from "../api/types";
import type { PlaceholderValues } from "../lib/canned";
import { charactersOver, tooLongText } from "../lib/messages";
import { useCannedPicker } from "./CannedPicker";

export type ComposerMode = "reply" | "note";

type Props = {
  visitorLabel: string;
  /** A reply to send (the conversation shows it on its way). */
  onReply: (text: string) => void;
  /** A note to keep: null when kept, else why not. */
  onNote: (text: string) => Promise<string | null>;
  onTyping: (typing: boolean) => void;
  /** The organisation's canned replies, and what their placeholders stand for in this chat. */
  canned: CannedReply[];
  placeholders: PlaceholderValues;
  /** The chat has ended: notes only (the visitor can no longer be answered here). */
  notesOnly?: boolean;
};

export function Composer({ visitorLabel, onReply, onNote, onTyping, canned, placeholders, notesOnly = false }: Props) {
  const [chosenMode, setMode] = useState<ComposerMode>("reply");
  const mode: ComposerMode = notesOnly ? "note" : chosenMode;
  const [draft, setDraft] = useState("");
  const [saving, setSaving] = useState(false);
  const [noteError, setNoteError] = useState("");
  const note = mode === "note";
  const over = charactersOver(draft);
  const picker = useCannedPicker({
    replies: canned,
    values: placeholders,
    draft,
    setDraft: (text) => {
      setDraft(text);
      if (!note) onTyping(text.trim() !== "");
    },
  });

  const submit = async () => {
    const text = draft.trim();
    if (!text || over || saving) return;
    if (!note) {
      setDraft("");
      onTyping(false);
      onReply(text);
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
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <fieldset className="composer-mode">
        <legend className="visually-hidden">What to write</legend>
        {(["reply", "note"] as const).map((m) => (
          <label key={m} className={mode === m ? "chosen" : undefined}>
            <input type="radio" name="composer-mode" value={m} checked={mode === m} disabled={notesOnly && m === "reply"} onChange={() => choose(m)} />
            {m === "reply" ? "Reply" : "Note"}
          </label>
        ))}
        {note && <span className="note-label">Private note — only agents see this</span>}
      </fieldset>
      <label htmlFor="reply" className="visually-hidden">
        {note ? `Private note on the chat with ${visitorLabel} (only agents see it)` : `Reply to ${visitorLabel}`}
      </label>
      {picker.picker}
      <textarea
        {...picker.textareaProps}
        id="reply"
        rows={2}
        value={draft}
        aria-invalid={over > 0 || undefined}
        aria-describedby={errorId}
        placeholder={note ? "Write a note for your team — Enter adds it, the visitor never sees it" : "Write a reply — Enter sends, Shift+Enter for a new line, / for canned replies"}
        onChange={(e) => {
          setDraft(e.target.value);
          picker.follow(e.target);
          if (!note) onTyping(e.target.value.trim() !== "");
        }}
        onKeyDown={onKeyDown}
        onBlur={() => draft && !note && onTyping(false)}
      />
      <button type="submit" className="primary" disabled={!draft.trim() || over > 0 || saving}>
        {note ? "Add note" : "Send"}
      </button>
      {over > 0 && (
        <p id="reply-too-long" className="error composer-error" role="status">
          {tooLongText(over)}
        </p>
      )}
      {noteError && (
        <p id="note-error" className="error composer-error" role="alert">
          Note not added: {noteError}
        </p>
      )}
    </form>
  );
}
