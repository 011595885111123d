// @vitest-environment happy-dom
// Multi and dots buttons: the toggle, its open/close state, Esc.
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { removeButtons, renderButtons, setExpanded } from "../../src/loader/render/index";
import { collapseOnEscape } from "../../src/loader/escape";
import { GLYPHS } from "../../src/loader/render/icons";
import type { MultiButtonOptions } from "../../src/config/types.gen";
import { action, decision, env } from "./fixtures";

// Esc is answered by the extras chunk (escape.ts), there once the buttons show.
afterAll(collapseOnEscape(document));

afterEach(() => {
  removeButtons(Array.from(document.querySelectorAll<HTMLElement>(".call-now-button")));
  document.body.innerHTML = "";
});

const render = (type: "MULTI" | "DOTS", n = 3, mbo?: MultiButtonOptions, e = env()) => {
  const acts = Array.from({ length: n }, (_, i) => action("a" + i, { labelText: "Action " + i }));
  const root = renderButtons(decision({ type, multiButtonOptions: mbo }, acts), e)[0];
  const toggle = root.querySelector<HTMLButtonElement>(".cnb-toggle")!;
  return { root, toggle, e, list: root.querySelector<HTMLElement>(".cnb-list")! };
};
const key = (target: EventTarget, k = "Escape") => target.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true }));
const glyph = (el: Element) => el.querySelector(".cnb-i path")!.getAttribute("d");

describe.each(["MULTI", "DOTS"] as const)("%s", (type) => {
  it("has a toggle <button> controlling the list, collapsed by default", () => {
    const { root, toggle, list } = render(type);
    expect(toggle.tagName).toBe("BUTTON");
    expect(toggle.getAttribute("type")).toBe("button");
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(list.id).toBeTruthy();
    expect(toggle.getAttribute("aria-controls")).toBe(list.id);
    expect(document.getElementById(list.id)).toBe(list);
    expect(root.classList.contains("cnb-expand")).toBe(false);
    expect(toggle.getAttribute("aria-label")).toBe("Contact options");
    expect(list.querySelectorAll(".cnb-act")).toHaveLength(3);
    // toggle first, so Tab moves from it into the list
    expect(root.firstElementChild).toBe(toggle);
  });

  it("toggles on click and tells the env", () => {
    const { root, toggle, e } = render(type);
    toggle.click();
    expect(root.classList.contains("cnb-expand")).toBe(true);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(e.onToggle).toHaveBeenLastCalledWith(root, true);
    toggle.click();
    expect(root.classList.contains("cnb-expand")).toBe(false);
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(e.onToggle).toHaveBeenLastCalledWith(root, false);
  });

  it("starts expanded with defaultState OPEN", () => {
    const { root, toggle, e } = render(type, 2, { defaultState: "OPEN" });
    expect(root.classList.contains("cnb-expand")).toBe(true);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(e.onToggle).not.toHaveBeenCalled();
  });

  it("Esc collapses and returns focus to the toggle", () => {
    const { root, toggle, list, e } = render(type, 2, { defaultState: "OPEN" });
    const first = list.querySelector<HTMLElement>(".cnb-act")!;
    first.focus();
    expect(document.activeElement).toBe(first);
    key(first);
    expect(root.classList.contains("cnb-expand")).toBe(false);
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(toggle);
    expect(e.onToggle).toHaveBeenCalledWith(root, false);
  });

  it("Esc elsewhere collapses without taking focus; other keys do nothing", () => {
    const { root, toggle } = render(type, 2, { defaultState: "OPEN" });
    const input = document.createElement("input");
    document.body.appendChild(input);
    input.focus();
    key(input, "Enter");
    expect(root.classList.contains("cnb-expand")).toBe(true);
    key(input);
    expect(root.classList.contains("cnb-expand")).toBe(false);
    expect(document.activeElement).toBe(input);
    expect(document.activeElement).not.toBe(toggle);
  });

  it("setExpanded opens and closes without calling onToggle", () => {
    const { root, toggle, e } = render(type);
    setExpanded(root, true);
    expect(root.classList.contains("cnb-expand")).toBe(true);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    setExpanded(root, false);
    expect(root.classList.contains("cnb-expand")).toBe(false);
    expect(e.onToggle).not.toHaveBeenCalled();
  });

  it("shows each action as a round icon with its label", () => {
    const { list } = render(type);
    const a = list.querySelector(".cnb-act")!;
    expect(a.querySelector(".cnb-i")).not.toBeNull();
    expect(a.querySelector(".cnb-l")!.textContent).toBe("Action 0");
  });

  it("shows the close glyph while expanded", () => {
    const { toggle } = render(type, 2, { defaultState: "OPEN" });
    expect(glyph(toggle)).toBe(GLYPHS.close);
  });
});

describe("multi toggle appearance", () => {
  const mbo: MultiButtonOptions = {
    iconTextOpen: "chat",
    iconTextClose: "close",
    iconColorOpen: "#ffffff",
    iconColorClose: "#ff0000",
    iconBackgroundColorOpen: "#123456",
    iconBackgroundColorClose: "#abcdef",
    labelTextOpen: "Talk to us",
    labelTextClose: "Close",
  };

  it("draws the open state while collapsed and the close state while expanded", () => {
    const { root, toggle } = render("MULTI", 2, mbo);
    const i = () => toggle.querySelector<HTMLElement>(".cnb-i")!;
    expect(glyph(toggle)).toBe(GLYPHS.chat);
    expect(i().style.getPropertyValue("background-color")).toMatch(/#123456|rgb\(18, 52, 86\)/);
    expect(i().style.getPropertyValue("color")).toMatch(/#ffffff|rgb\(255, 255, 255\)/);
    expect(toggle.querySelector(".cnb-l")!.textContent).toBe("Talk to us");
    expect(toggle.hasAttribute("aria-label")).toBe(false);
    setExpanded(root, true);
    expect(glyph(toggle)).toBe(GLYPHS.close);
    expect(i().style.getPropertyValue("background-color")).toMatch(/#abcdef|rgb\(171, 205, 239\)/);
    expect(i().style.getPropertyValue("color")).toMatch(/#ff0000|rgb\(255, 0, 0\)/);
    expect(toggle.querySelector(".cnb-l")!.textContent).toBe("Close");
  });

  it("uses custom images and SVG per state", () => {
    const { root, toggle } = render("MULTI", 1, {
      iconTypeOpen: "CUSTOM",
      iconBackgroundImageOpen: "https://cdn.example.com/open.png",
      iconTypeClose: "SVG",
      iconTextClose: '<svg xmlns="http://www.w3.org/2000/svg"><circle r="5"/></svg>',
    });
    expect(toggle.querySelector<HTMLElement>(".cnb-bg")!.style.getPropertyValue("background-image")).toContain("https://cdn.example.com/open.png");
    setExpanded(root, true);
    expect(toggle.querySelector("img")!.getAttribute("src")).toMatch(/^data:image\/svg\+xml,/);
    expect(toggle.querySelector(".cnb-bg")).toBeNull();
  });

  it("defaults to a plus glyph (multi) and the dots glyph (dots)", () => {
    expect(glyph(render("MULTI").toggle)).toBe(GLYPHS.plus);
    expect(glyph(render("DOTS", 1, { iconTextOpen: "chat" }).toggle)).toBe(GLYPHS.dots);
  });

  it("keeps focus on the toggle across repaints", () => {
    const { toggle } = render("MULTI", 2, mbo);
    toggle.focus();
    toggle.click();
    expect(document.activeElement).toBe(toggle);
  });
});

// The limits per type (single 1, full 5, dots 10, multi all) are the decision's: decide.test.ts.
describe("lists", () => {
  it("dots and multi show every decided action in their list", () => {
    expect(render("DOTS", 10).list.querySelectorAll(".cnb-act")).toHaveLength(10);
    expect(render("MULTI", 12).list.querySelectorAll(".cnb-act")).toHaveLength(12);
  });

  it("a single button is its one action, without toggle or list", () => {
    const root = renderButtons(decision({ type: "SINGLE" }, [action("a")]), env())[0];
    expect(root.querySelectorAll(".cnb-act")).toHaveLength(1);
    expect(root.firstElementChild!.classList.contains("cnb-act")).toBe(true);
    expect(root.querySelector(".cnb-toggle, .cnb-list")).toBeNull();
  });

  it("the dots panel has up to 4 columns", () => {
    expect(render("DOTS", 2).root.style.getPropertyValue("--cnb-n")).toBe("2");
    expect(render("DOTS", 9).root.style.getPropertyValue("--cnb-n")).toBe("4");
  });
});
