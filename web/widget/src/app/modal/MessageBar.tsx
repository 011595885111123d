// The footer message bar of a modal (spec §3.4 messageBar) and the chat's input (spec §5.3): a text
// field (16 px, so mobile browsers do not zoom) and a send button whose icon takes `sendColor`.
// Enter sends (a form submit; in the chat's text area Shift+Enter starts a new line instead); the
// text is trimmed and an empty text is sent only when `allowEmpty`.
//
// Props: onSend(text) · placeholder? (default 'Type your message') · initial? (prefilled text,
// customerMessage) · value?/onChange? (the text kept by the caller instead: the chat, whose End
// Chat clears it) · multiline? (a text area: the chat) · sendColor? · disabled? · label? (the
// field's accessible name, default the placeholder) · sendLabel? ('Send') · allowEmpty? ·
// autoFocus? (marks the field data-autofocus, so the Modal focuses it on open) · keep? (keep the
// text after sending) · maxLength? · className? (extra classes on the form).
import { useState, type KeyboardEvent } from "react";
import { Glyph } from "../glyphs";
import { cssVars } from "../vars";
import { DEFAULT_PLACEHOLDER } from "../options";

export type MessageBarProps = {
  onSend: (text: string) => void;
  placeholder?: string;
  initial?: string;
  value?: string;
  onChange?: (value: string) => void;
  multiline?: boolean;
  sendColor?: string;
  disabled?: boolean;
  label?: string;
  sendLabel?: string;
  allowEmpty?: boolean;
  autoFocus?: boolean;
  keep?: boolean;
  maxLength?: number;
  className?: string;
};

export function MessageBar(p: MessageBarProps) {
  const [own, setOwn] = useState(p.initial || "");
  const text = p.value ?? own;
  const set = (v: string) => (p.onChange ? p.onChange(v) : setOwn(v));
  const placeholder = p.placeholder || DEFAULT_PLACEHOLDER;
  const off = p.disabled || (!text.trim() && !p.allowEmpty);
  const send = () => {
    if (off) return;
    p.onSend(text.trim());
    if (!p.keep && !p.onChange) setOwn("");
  };
  const field = {
    className: "cnb-m-in",
    value: text,
    placeholder,
    "aria-label": p.label || placeholder,
    disabled: p.disabled,
    maxLength: p.maxLength,
    "data-autofocus": p.autoFocus ? "" : undefined,
    onChange: (e: { target: { value: string } }) => set(e.target.value),
  };
  const key = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // IME composition: Enter picks a word.
    if (e.key != "Enter" || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    send();
  };
  return (
    <form
      className={"cnb-m-bar" + (p.className ? " " + p.className : "")}
      style={cssVars({ "--cnb-m-sc": p.sendColor })}
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      {p.multiline ? (
        <textarea {...field} className="cnb-m-in cnb-c-in" rows={1} onKeyDown={key} />
      ) : (
        <input {...field} type="text" autoComplete="off" />
      )}
      <button type="submit" className="cnb-m-send" aria-label={p.sendLabel || "Send"} disabled={off}>
        <Glyph name="send" />
      </button>
    </form>
  );
}
