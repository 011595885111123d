// @vitest-environment happy-dom
// Event props (src/app/runtime/dom.ts): onX listens to the DOM event x with the handler of the
// last render; onChange of a text field fires on every keystroke (React's), a checkbox's on change.
import { afterEach, describe, expect, it, vi } from "vitest";
import { h, mount } from "./helpers";

afterEach(() => {
  document.body.innerHTML = "";
});

describe("events", () => {
  it("calls the handler of the last render, once per event, and none once it is gone", () => {
    const { container, render } = mount();
    const first = vi.fn();
    const second = vi.fn();
    render(h("button", { onClick: first }, "go"));
    const b = container.querySelector("button")!;
    b.click();
    render(h("button", { onClick: second }, "go"));
    b.click();
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
    expect(second.mock.calls[0][0].type).toBe("click");
    render(h("button", null, "go"));
    b.click();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it("maps onChange of text inputs and text areas to input events, and keeps change for checkboxes", () => {
    const { container, render } = mount();
    const text = vi.fn();
    const area = vi.fn();
    const box = vi.fn();
    render(
      h(
        "form",
        null,
        h("input", { type: "email", onChange: text }),
        h("textarea", { onChange: area }),
        h("input", { type: "checkbox", onChange: box }),
      ),
    );
    const [email, checkbox] = Array.from(container.querySelectorAll("input"));
    const textarea = container.querySelector("textarea")!;
    email.dispatchEvent(new Event("input", { bubbles: true }));
    textarea.dispatchEvent(new Event("input", { bubbles: true }));
    email.dispatchEvent(new Event("change", { bubbles: true }));
    expect(text).toHaveBeenCalledTimes(1);
    expect(area).toHaveBeenCalledTimes(1);
    checkbox.dispatchEvent(new Event("input", { bubbles: true }));
    expect(box).not.toHaveBeenCalled();
    checkbox.dispatchEvent(new Event("change", { bubbles: true }));
    expect(box).toHaveBeenCalledTimes(1);
  });

  it("passes keydown and submit events as they are (key, preventDefault, currentTarget)", () => {
    const { container, render } = mount();
    const keys: string[] = [];
    let form: EventTarget | null = null;
    render(
      h(
        "form",
        { onSubmit: (e: Event) => (e.preventDefault(), (form = e.currentTarget)) },
        h("textarea", { onKeyDown: (e: KeyboardEvent) => keys.push(e.key + (e.shiftKey ? "+shift" : "")) }),
      ),
    );
    const t = container.querySelector("textarea")!;
    t.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", shiftKey: true, bubbles: true }));
    expect(keys).toEqual(["Enter+shift"]);
    const submit = new Event("submit", { bubbles: true, cancelable: true });
    container.querySelector("form")!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(form).toBe(container.querySelector("form"));
  });

  it("fires onFocus of an element when a descendant gets the focus, as React's bubbling focus events", () => {
    const { container, render } = mount();
    const focus = vi.fn();
    const blur = vi.fn();
    render(h("div", { onFocus: focus, onBlur: blur }, h("button", null, "in")), );
    container.querySelector("button")!.focus();
    expect(focus).toHaveBeenCalledTimes(1);
    expect(focus.mock.calls[0][0].target).toBe(container.querySelector("button"));
    container.querySelector("button")!.blur();
    expect(blur).toHaveBeenCalledTimes(1);
  });
});
