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
// text after sending) · problem? (what is wrong with the text, e.g. too long: shown under the
// field, which it describes, and nothing is sent until it is fixed) · fieldRef? (the field
// element, to focus it) · className? (extra classes on the form) · extra? (controls before the send
// button: the chat's attach button) · onFiles? (files pasted into or dropped on the bar).
import { useId, useState, type KeyboardEvent, type ReactNode, type Ref } from "react";
import { Glyph } from "../glyphs";
import { cssVars } from "../vars";
import { t } from "../i18n/index";

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
  problem?: string;
  fieldRef?: Ref<HTMLTextAreaElement & HTMLInputElement>;
  className?: string;
  extra?: ReactNode;
  onFiles?: (files: FileList) => void;
};

export function MessageBar(p: MessageBarProps) {
  const problemId = "cnb-m-p" + useId();
  const [own, setOwn] = useState(p.initial || "");
  const text = p.value ?? own;
  const set = (v: string) => (p.onChange ? p.onChange(v) : setOwn(v));
  const placeholder = p.placeholder || t("modal.placeholder");
  const off = p.disabled || !!p.problem || (!text.trim() && !p.allowEmpty);
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
    ref: p.fieldRef,
    "aria-invalid": p.problem ? true : undefined,
    "aria-describedby": p.problem ? problemId : undefined,
    "data-autofocus": p.autoFocus ? "" : undefined,
    onChange: (e: { target: { value: string } }) => set(e.target.value),
    onPaste: (e: { clipboardData: DataTransfer | null; preventDefault(): void }) => files(e.clipboardData, e),
  };
  function files(d: DataTransfer | null, e: { preventDefault(): void }) {
    if (p.onFiles && d && d.files.length) {
      e.preventDefault();
      p.onFiles(d.files);
    }
  }
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
      onDragOver={(e) => p.onFiles && e.preventDefault()}
      onDrop={(e) => files(e.dataTransfer, e)}
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
      {p.extra}
      <button type="submit" className="cnb-m-send" aria-label={p.sendLabel || t("modal.send")} disabled={off}>
        <Glyph name="send" />
      </button>
      {p.problem ? (
        <p className="cnb-m-prob" id={problemId} role="status">
          {p.problem}
        </p>
      ) : null}
    </form>
  );
}
