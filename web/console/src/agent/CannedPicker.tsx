// The reply box's "/" list of canned replies. Typing "/" at the start of the box or after a space
// opens it under the caret's query (lib/canned.ts: which replies match, best first); ArrowUp and
// ArrowDown move the choice, Enter or Tab puts the chosen reply in the box with its placeholders
// filled, in place of the "/query", for the agent to edit (it is never sent by itself); Escape
// closes it until the next "/". A click chooses too.
//
// ARIA: the box keeps its textbox role (HTML allows no role on a <textarea>, so it cannot be a
// `combobox`), with what the combobox pattern gives its input: aria-autocomplete="list",
// aria-controls naming the listbox and aria-activedescendant naming the chosen option; the options
// are a `listbox` of `option`s, and a status line says how many match and which keys to use.
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type SyntheticEvent } from "react";
import type { CannedReply } from "../api/types";
import { fillPlaceholders, insertAt, matchCanned, slashQuery, type PlaceholderValues, type SlashQuery } from "../lib/canned";
import { useT } from "../i18n/index";

type Options = {
  replies: CannedReply[];
  values: PlaceholderValues;
  draft: string;
  setDraft: (text: string) => void;
};

export function useCannedPicker({ replies, values, draft, setDraft }: Options) {
  const id = useId();
  const t = useT();
  const [slash, setSlash] = useState<SlashQuery | null>(null);
  const [active, setActive] = useState(0);
  /** The "/" Escape closed the list at (it stays closed until another "/"). */
  const [dismissed, setDismissed] = useState<number | null>(null);
  const caretAfter = useRef<number | null>(null);
  const box = useRef<HTMLTextAreaElement | null>(null);

  const matches = slash ? matchCanned(replies, slash.query) : [];
  const open = slash !== null && dismissed !== slash.start && matches.length > 0;
  const chosen = Math.min(active, matches.length - 1);
  const optionId = (i: number) => `${id}-option-${i}`;

  /** Reads the "/query" at the caret again (after typing, a click, the arrow keys outside the list). */
  const follow = (el: HTMLTextAreaElement) => {
    const next = el.selectionStart === el.selectionEnd ? slashQuery(el.value, el.selectionStart) : null;
    if (next?.start !== slash?.start || next?.query !== slash?.query) setActive(0);
    if (next?.start !== dismissed) setDismissed(null);
    setSlash(next);
  };

  const choose = (reply: CannedReply) => {
    const el = box.current;
    if (!slash || !el) return;
    const { text, caret } = insertAt(draft, slash, el.selectionStart, fillPlaceholders(reply.text, values));
    caretAfter.current = caret;
    setSlash(null);
    setDraft(text);
  };

  // The caret goes after the inserted reply, and the box keeps the focus (a click moved it).
  useLayoutEffect(() => {
    const el = box.current;
    if (caretAfter.current === null || !el) return;
    el.focus();
    el.setSelectionRange(caretAfter.current, caretAfter.current);
    caretAfter.current = null;
  }, [draft]);

  /** Handles the list's keys while it is open; true when the key was the list's. */
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open || e.nativeEvent.isComposing) return false;
    const step = (by: number) => setActive((chosen + by + matches.length) % matches.length);
    if (e.key === "ArrowDown") step(1);
    else if (e.key === "ArrowUp") step(-1);
    else if ((e.key === "Enter" || e.key === "Tab") && !e.shiftKey) choose(matches[chosen]);
    else if (e.key === "Escape") setDismissed(slash.start);
    else return false;
    e.preventDefault();
    e.stopPropagation();
    return true;
  };

  const textareaProps = {
    ref: box,
    "aria-autocomplete": "list" as const,
    "aria-controls": open ? `${id}-list` : undefined,
    "aria-activedescendant": open ? optionId(chosen) : undefined,
    onSelect: (e: SyntheticEvent<HTMLTextAreaElement>) => follow(e.currentTarget),
  };

  const picker = (
    <>
      {open && (
        <ul className="canned-picker" role="listbox" id={`${id}-list`} aria-label={t("cannedPicker.label")}>
          {matches.map((r, i) => (
            <li
              key={r.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === chosen}
              // Keeps the focus in the box, so the reply goes where the caret is.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(r)}
            >
              <strong>/{r.shortcut}</strong>
              <span className="canned-option-text">{r.text}</span>
            </li>
          ))}
        </ul>
      )}
      <span className="visually-hidden" role="status">
        {open ? t("cannedPicker.matches", { count: matches.length }) : ""}
      </span>
    </>
  );

  return { follow, onKeyDown, textareaProps, picker };
}
