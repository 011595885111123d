// The chat's input (spec §5.3): a text area (16 px, so mobile browsers do not zoom) and a send
// button. Enter sends, Shift+Enter starts a new line; the text is trimmed and an empty text is
// not sent. The value lives with the caller (End Chat clears it).
import type { KeyboardEvent } from "react";
import { Glyph } from "../glyphs";
import { cssVars } from "../vars";

export type ComposerProps = {
  value: string;
  onChange(value: string): void;
  onSend(text: string): void;
  placeholder: string;
  disabled: boolean;
  sendColor?: string;
};

export function Composer(p: ComposerProps) {
  const empty = !p.value.trim();
  const send = () => {
    if (p.disabled || empty) return;
    p.onSend(p.value.trim());
  };
  const key = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // IME composition: Enter picks a word. React wraps the DOM event (nativeEvent); Preact passes it as is.
    if (e.key != "Enter" || e.shiftKey || ((e.nativeEvent || e) as unknown as { isComposing?: boolean }).isComposing) return;
    e.preventDefault();
    send();
  };
  return (
    <form
      className="cnb-m-bar cnb-c-bar"
      style={cssVars({ "--cnb-m-sc": p.sendColor })}
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <textarea
        className="cnb-m-in cnb-c-in"
        rows={1}
        value={p.value}
        placeholder={p.placeholder}
        aria-label="Message"
        disabled={p.disabled}
        maxLength={4000}
        onChange={(e) => p.onChange(e.target.value)}
        onKeyDown={key}
      />
      <button type="submit" className="cnb-m-send" aria-label="Send" disabled={p.disabled || empty}>
        <Glyph name="send" />
      </button>
    </form>
  );
}
