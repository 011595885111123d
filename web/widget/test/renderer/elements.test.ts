// @vitest-environment happy-dom
// Elements and their props as the DOM gets them (src/app/runtime/dom.ts, diff.ts).
import { afterEach, describe, expect, it } from "vitest";
import { Fragment, h, mount } from "./helpers";

afterEach(() => {
  document.body.innerHTML = "";
});

describe("elements", () => {
  it("writes className, htmlFor, numbers and the React names HTML lower-cases as attributes", () => {
    const { container, render } = mount();
    render(
      h("form", { className: "bar" }, h("label", { htmlFor: "f1" }, "Name"), h("input", { id: "f1", tabIndex: -1, maxLength: 200, autoComplete: "name" })),
    );
    const form = container.firstElementChild!;
    expect(form.getAttribute("class")).toBe("bar");
    expect(container.querySelector("label")!.getAttribute("for")).toBe("f1");
    const input = container.querySelector("input")!;
    expect(input.getAttribute("tabindex")).toBe("-1");
    expect(input.maxLength).toBe(200);
    expect(input.getAttribute("autocomplete")).toBe("name");
  });

  it("writes true as an empty attribute and removes false, null and undefined; aria-* and data-* get true and false as text", () => {
    const { container, render } = mount();
    const draw = (on: boolean | undefined) =>
      render(h("button", { disabled: on, "aria-expanded": on, "aria-invalid": on ? true : undefined, "data-on": on, required: on ? true : null }, "x"));
    draw(true);
    const b = container.querySelector("button")!;
    expect(b.getAttribute("disabled")).toBe("");
    expect(b.getAttribute("required")).toBe("");
    expect(b.getAttribute("aria-expanded")).toBe("true");
    expect(b.getAttribute("aria-invalid")).toBe("true");
    expect(b.getAttribute("data-on")).toBe("true");
    draw(false);
    expect(container.querySelector("button")).toBe(b);
    expect(b.hasAttribute("disabled")).toBe(false);
    expect(b.hasAttribute("required")).toBe(false);
    expect(b.getAttribute("aria-expanded")).toBe("false");
    expect(b.hasAttribute("aria-invalid")).toBe(false);
    expect(b.getAttribute("data-on")).toBe("false");
    draw(undefined);
    expect(b.hasAttribute("aria-expanded")).toBe(false);
    expect(b.hasAttribute("data-on")).toBe(false);
  });

  it("sets style objects key by key, custom properties included, and clears keys that went away", () => {
    const { container, render } = mount();
    render(h("div", { style: { "--cnb-m-hc": "#009900", "--cnb-m-w": "320px", color: "red" } }));
    const d = container.firstElementChild as HTMLElement;
    expect(d.style.getPropertyValue("--cnb-m-hc")).toBe("#009900");
    expect(d.style.getPropertyValue("--cnb-m-w")).toBe("320px");
    expect(d.style.color).toBe("red");
    render(h("div", { style: { "--cnb-m-hc": "#111111" } }));
    expect(container.firstElementChild).toBe(d);
    expect(d.style.getPropertyValue("--cnb-m-hc")).toBe("#111111");
    expect(d.style.getPropertyValue("--cnb-m-w")).toBe("");
    expect(d.style.color).toBe("");
    render(h("div", null));
    expect(d.style.getPropertyValue("--cnb-m-hc")).toBe("");
  });

  it("creates <svg> and what is inside it in the SVG namespace, with viewBox kept as written", () => {
    const { container, render } = mount();
    render(h("span", null, h("svg", { className: "g", viewBox: "0 0 24 24", "aria-hidden": "true" }, h("path", { d: "M0 0h24v24z" }))));
    const svg = container.querySelector("svg")!;
    expect(svg.namespaceURI).toBe("http://www.w3.org/2000/svg");
    expect(svg.firstElementChild!.namespaceURI).toBe("http://www.w3.org/2000/svg");
    expect(svg.getAttribute("viewBox")).toBe("0 0 24 24");
    expect(svg.getAttribute("class")).toBe("g");
    expect(container.querySelector("span")!.namespaceURI).toBe("http://www.w3.org/1999/xhtml");
  });

  it("renders strings and numbers as text, nested arrays and fragments flat, and nothing for null, undefined and booleans", () => {
    const { container, render } = mount();
    render(h("p", null, "a", 1, null, undefined, true, false, [["b", h("i", null, "c")], 0], h(Fragment, null, "d", h("b", null, "e"))));
    const p = container.querySelector("p")!;
    expect(p.innerHTML).toBe("a1b<i>c</i>0d<b>e</b>");
  });

  it("changes text in place", () => {
    const { container, render } = mount();
    render(h("p", null, "one"));
    const text = container.querySelector("p")!.firstChild;
    render(h("p", null, "two"));
    expect(container.querySelector("p")!.firstChild).toBe(text);
    expect(text!.textContent).toBe("two");
  });

  it("replaces an element whose type changes at the same place, and keeps its siblings", () => {
    const { container, render } = mount();
    render(h("div", null, h("b", null, "1"), h("input", null), h("i", null, "3")));
    const [b, , i] = Array.from(container.firstElementChild!.children);
    render(h("div", null, h("b", null, "1"), h("textarea", null), h("i", null, "3")));
    const now = Array.from(container.firstElementChild!.children);
    expect(now.map((e) => e.tagName)).toEqual(["B", "TEXTAREA", "I"]);
    expect(now[0]).toBe(b);
    expect(now[2]).toBe(i);
  });
});
