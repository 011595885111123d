// The footer message bar of a modal (spec §3.4 messageBar): a text input (16 px, so mobile
// browsers do not zoom) and a send button whose icon takes `sendColor`. Enter sends (a form
// submit); the text is trimmed and an empty text is sent only when `allowEmpty`.
//
// Props: onSend(text) · placeholder? (default 'Type your message') · initial? (prefilled text,
// customerMessage) · sendColor? · disabled? · label? (the input's accessible name, default the
// placeholder) · sendLabel? ('Send') · allowEmpty? · autoFocus? (marks the input data-autofocus,
// so the Modal focuses it on open) · keep? (keep the text after sending).
import { useState } from "react";
import { Glyph } from "../glyphs";
import { cssVars } from "../vars";

export const DEFAULT_PLACEHOLDER = "Type your message";

export type MessageBarProps = {
  onSend: (text: string) => void;
  placeholder?: string;
  initial?: string;
  sendColor?: string;
  disabled?: boolean;
  label?: string;
  sendLabel?: string;
  allowEmpty?: boolean;
  autoFocus?: boolean;
  keep?: boolean;
};

export function MessageBar(p: MessageBarProps) {
  const [text, setText] = useState(p.initial || "");
  const placeholder = p.placeholder || DEFAULT_PLACEHOLDER;
  const empty = !text.trim();
  return (
    <form
      className="cnb-m-bar"
      style={cssVars({ "--cnb-m-sc": p.sendColor })}
      onSubmit={(e) => {
        e.preventDefault();
        if (p.disabled || (empty && !p.allowEmpty)) return;
        p.onSend(text.trim());
        if (!p.keep) setText("");
      }}
    >
      <input
        className="cnb-m-in"
        type="text"
        value={text}
        placeholder={placeholder}
        aria-label={p.label || placeholder}
        disabled={p.disabled}
        data-autofocus={p.autoFocus ? "" : undefined}
        autoComplete="off"
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" className="cnb-m-send" aria-label={p.sendLabel || "Send"} disabled={p.disabled || (empty && !p.allowEmpty)}>
        <Glyph name="send" />
      </button>
    </form>
  );
}
