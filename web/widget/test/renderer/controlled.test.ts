// @vitest-environment happy-dom
// Controlled fields (src/app/runtime/dom.ts): value and checked follow the state; typing re-renders
// without touching the field, so it keeps the focus and the caret.
import { afterEach, describe, expect, it } from "vitest";
import { h, mount, rendered, useState } from "./helpers";

afterEach(() => {
  document.body.innerHTML = "";
});

/** Types `text` at the caret, as a keystroke does: the field's value changes, then an input event. */
function type(field: HTMLInputElement | HTMLTextAreaElement, text: string): void {
  const at = field.selectionStart!;
  field.value = field.value.slice(0, at) + text + field.value.slice(field.selectionEnd!);
  field.setSelectionRange(at + text.length, at + text.length);
  field.dispatchEvent(new Event("input", { bubbles: true }));
}

describe("controlled fields", () => {
  it("keeps the field, its focus and its caret while typing in the middle re-renders it", async () => {
    const { container, render } = mount();
    let renders = 0;
    function Bar() {
      const [text, setText] = useState("helo");
      renders++;
      return h(
        "form",
        { className: text.length > 4 ? "long" : "short" },
        h("textarea", { className: "in", value: text, rows: 1, onChange: (e: Event) => setText((e.target as HTMLTextAreaElement).value) }),
        h("button", { disabled: !text.trim() }, "Send"),
      );
    }
    render(h(Bar, null));
    const field = container.querySelector("textarea")!;
    expect(field.value).toBe("helo");
    field.focus();
    field.setSelectionRange(3, 3);
    type(field, "l");
    await rendered();
    expect(renders).toBe(2);
    expect(container.querySelector("form")!.className).toBe("long"); // re-rendered
    expect(container.querySelector("textarea")).toBe(field);
    expect(document.activeElement).toBe(field);
    expect(field.value).toBe("hello");
    expect([field.selectionStart, field.selectionEnd]).toEqual([4, 4]);
  });

  it("writes the state into the field when the state changes otherwise (sent: cleared), and checked into a checkbox", async () => {
    const { container, render } = mount();
    function Form() {
      const [text, setText] = useState("");
      const [ok, setOk] = useState(false);
      return h(
        "form",
        { onSubmit: (e: Event) => (e.preventDefault(), setText("")) },
        h("input", { value: text, onChange: (e: Event) => setText((e.target as HTMLInputElement).value.toUpperCase()) }),
        h("input", { type: "checkbox", checked: ok, onChange: (e: Event) => setOk((e.target as HTMLInputElement).checked) }),
      );
    }
    render(h(Form, null));
    const [input, box] = Array.from(container.querySelectorAll("input"));
    input.focus();
    type(input, "hi");
    await rendered();
    expect(input.value).toBe("HI"); // the state's, not what was typed
    container.querySelector("form")!.dispatchEvent(new Event("submit", { cancelable: true }));
    await rendered();
    expect(input.value).toBe("");
    expect(document.activeElement).toBe(input);
    box.click();
    await rendered();
    expect(box.checked).toBe(true);
    box.click();
    await rendered();
    expect(box.checked).toBe(false);
  });
});
