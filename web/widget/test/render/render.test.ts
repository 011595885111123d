// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { actionLink } from "../../src/loader/actions/links";
import { warningText, type Warning } from "../../src/loader/messages";
import { removeButtons, renderButtons, revealButtons } from "../../src/loader/render/index";
import extras from "../../src/loader/extras";
import type { Ctx } from "../../src/loader/contract";
import { collapseOnEscape } from "../../src/loader/escape";
import type { ActionType, Placement } from "../../src/config/types.gen";
import { action, decision, env, isHidden } from "./fixtures";

afterEach(() => {
  removeButtons(Array.from(document.querySelectorAll<HTMLElement>(".call-now-button")));
  document.body.innerHTML = "";
  document.documentElement.removeAttribute("dir");
});

const one = (d: Parameters<typeof renderButtons>[0], e = env()) => {
  const roots = renderButtons(d, e);
  expect(roots).toHaveLength(1);
  return roots[0];
};
const acts = (root: HTMLElement) => Array.from(root.querySelectorAll<HTMLElement>(".cnb-act"));

describe("DOM contract", () => {
  it("renders a single button root into the body, hidden until revealed", () => {
    const root = one(decision({ id: "b-7", type: "SINGLE" }, [action("a1")]));
    expect(root.parentElement).toBe(document.body);
    expect(root.tagName).toBe("DIV");
    expect(Array.from(root.classList)).toEqual(expect.arrayContaining(["call-now-button", "cnb-single", "cnb-bottom-right"]));
    expect(root.getAttribute("data-button-id")).toBe("b-7");
    expect(isHidden(root)).toBe(true);
    revealButtons([root]);
    expect(root.style.getPropertyValue("display")).toBe("");
  });

  it.each([
    ["SINGLE", "cnb-single"],
    ["FULL", "cnb-full"],
    ["MULTI", "cnb-multi"],
    ["DOTS", "cnb-dots"],
  ] as const)("type %s has class %s", (type, cls) => {
    const root = one(decision({ type }, [action("a1")]));
    expect(root.classList.contains(cls)).toBe(true);
  });

  it.each([
    ["BOTTOM_RIGHT", "cnb-bottom-right"],
    ["BOTTOM_CENTER", "cnb-bottom-center"],
    ["BOTTOM_LEFT", "cnb-bottom-left"],
    ["MIDDLE_LEFT", "cnb-middle-left"],
    ["MIDDLE_RIGHT", "cnb-middle-right"],
    ["TOP_CENTER", "cnb-top-center"],
    ["TOP_LEFT", "cnb-top-left"],
    ["TOP_RIGHT", "cnb-top-right"],
  ] as const)("placement %s has class %s", (placement, cls) => {
    for (const type of ["SINGLE", "FULL", "MULTI"] as const) {
      const root = one(decision({ type, options: { placement } }, [action("a1")]));
      expect(root.className.split(" ").filter((c) => /^cnb-(bottom|middle|top)-/.test(c))).toEqual([cls]);
      removeButtons([root]);
    }
  });

  it("adds one class per axis, which the stylesheet places by", () => {
    const root = one(decision({ options: { placement: "MIDDLE_LEFT" } }, [action("a1")]));
    expect(root.classList.contains("cnb-middle")).toBe(true);
    expect(root.classList.contains("cnb-left")).toBe(true);
    removeButtons([root]);
    const top = one(decision({ type: "FULL", options: { placement: "TOP_CENTER" } }, [action("a1")]));
    expect(["cnb-top", "cnb-center", "cnb-top-center"].every((c) => top.classList.contains(c))).toBe(true);
  });

  it("falls back to bottom right for a missing or unknown placement", () => {
    expect(one(decision({ options: {} }, [action("a1")])).classList.contains("cnb-bottom-right")).toBe(true);
    const odd = one(decision({ options: { placement: "MIDDLE_CENTER" as Placement } }, [action("a2")]));
    expect(odd.classList.contains("cnb-bottom-right")).toBe(true);
  });

  it("adds the owner's cssClasses to the root", () => {
    const root = one(decision({ options: { cssClasses: "promo  big-one" } }, [action("a1")]));
    expect(root.classList.contains("promo")).toBe(true);
    expect(root.classList.contains("big-one")).toBe(true);
    expect(root.classList.contains("call-now-button")).toBe(true);
  });

  it("renders one root per decided button, in order", () => {
    const d = decision({ id: "x" }, [action("a1")]);
    const d2 = decision({ id: "y", options: { placement: "BOTTOM_LEFT" } }, [action("a2")]);
    const roots = renderButtons({ ...d, buttons: [...d.buttons, ...d2.buttons] }, env());
    expect(roots.map((r) => r.getAttribute("data-button-id"))).toEqual(["x", "y"]);
    expect(Array.from(document.querySelectorAll(".call-now-button"))).toEqual(roots);
  });

  it("marks each action with its type and id", () => {
    const root = one(decision({ type: "MULTI" }, [action("a1"), action("a2", { actionType: "EMAIL", actionValue: "hi@example.com" })]));
    expect(acts(root).map((a) => [a.tagName, a.getAttribute("data-action-type"), a.getAttribute("data-action-id")])).toEqual([
      ["A", "PHONE", "a1"],
      ["A", "EMAIL", "a2"],
    ]);
  });
});

/** Accessible names of unlabelled actions (docs/architecture.md: every action has one). */
const ACTION_NAMES: Record<ActionType, string> = {
  PHONE: "Call",
  WHATSAPP: "WhatsApp",
  EMAIL: "Email",
  SMS: "Text message",
  MAP: "Directions",
  LINK: "Open link",
  ANCHOR: "Go to section",
  CHAT: "Chat",
  TELEGRAM: "Telegram",
  SIGNAL: "Signal",
  VIBER: "Viber",
  SKYPE: "Skype",
  LINE: "LINE",
  ZALO: "Zalo",
  WECHAT: "WeChat",
  FACEBOOK: "Messenger",
  IFRAME: "Open",
  TALLY: "Form",
  INTERCOM: "Chat",
};
const BRANDING = "Powered by Beckon";

describe("accessible names", () => {
  it("uses the visible label as the name", () => {
    const root = one(decision({}, [action("a1", { labelText: "Call us now" })]));
    const a = acts(root)[0];
    expect(a.hasAttribute("aria-label")).toBe(false);
    expect(a.querySelector(".cnb-l")!.textContent).toBe("Call us now");
  });

  it.each(Object.entries(ACTION_NAMES))("names an unlabelled %s action %s", (type, name) => {
    const values: Partial<Record<string, string>> = { LINK: "https://example.com/", IFRAME: "https://example.com/f", ANCHOR: "top" };
    const root = one(decision({}, [action("a1", { actionType: type as ActionType, actionValue: values[type] || "123" })]));
    expect(acts(root)[0].getAttribute("aria-label")).toBe(name);
  });

  it("hides icons from assistive technology", () => {
    const root = one(decision({}, [action("a1")]));
    const i = root.querySelector(".cnb-i")!;
    expect(i.getAttribute("aria-hidden")).toBe("true");
    expect(i.querySelector("svg")).not.toBeNull();
  });

  it("a label of spaces is no label", () => {
    const root = one(decision({}, [action("a1", { labelText: "   " })]));
    expect(acts(root)[0].getAttribute("aria-label")).toBe("Call");
    expect(root.querySelector(".cnb-l")).toBeNull();
  });
});

describe("actions", () => {
  it("links follow actionLink", () => {
    const list = [
      action("p"),
      action("e", { actionType: "EMAIL", actionValue: "a@b.example", properties: { subject: "Hi" } }),
      action("w", { actionType: "WHATSAPP", actionValue: "0612345678" }),
      action("m", { actionType: "MAP", actionValue: "Dam 1, Amsterdam" }),
    ];
    const root = one(decision({ type: "MULTI" }, list));
    acts(root).forEach((a, i) => {
      const l = actionLink(list[i]);
      expect(l.kind).toBe("href");
      expect(a.getAttribute("href")).toBe(l.kind == "href" ? l.href : "");
    });
  });

  it("LINK sets target and download; _blank gets rel=noopener", () => {
    const root = one(
      decision({ type: "MULTI" }, [
        action("l1", { actionType: "LINK", actionValue: "https://example.com/a", properties: { "link-target": "_blank" } }),
        action("l2", { actionType: "LINK", actionValue: "https://example.com/b.pdf", properties: { "link-download": "b.pdf" } }),
      ]),
    );
    const [a, b] = acts(root);
    expect(a.getAttribute("target")).toBe("_blank");
    expect(a.getAttribute("rel")).toBe("noopener");
    expect(a.hasAttribute("download")).toBe(false);
    expect(b.getAttribute("download")).toBe("b.pdf");
    expect(b.getAttribute("rel")).toBeNull();
  });

  it("a surface action is a <button type=button> whose default is prevented; the env opens it", () => {
    const e = env();
    const a = action("c", { actionType: "CHAT", actionValue: "" });
    const root = one(decision({}, [a]), e);
    const el = acts(root)[0] as HTMLButtonElement;
    expect(actionLink(a).kind).toBe("surface");
    expect(el.tagName).toBe("BUTTON");
    expect(el.getAttribute("type")).toBe("button");
    const ev = new MouseEvent("click", { bubbles: true, cancelable: true });
    el.dispatchEvent(ev);
    expect(ev.defaultPrevented).toBe(true);
    expect(e.onAction).toHaveBeenCalledTimes(1);
    expect(e.onAction.mock.calls[0].slice(0, 3)).toEqual([a, actionLink(a), el]);
    expect(e.onAction.mock.calls[0][3]).toBe(ev);
  });

  it("a link click reaches the env first and keeps its default", () => {
    const e = env();
    let prevented: boolean | null = null;
    e.onAction.mockImplementation((_a, _l, _el, ev: MouseEvent) => (prevented = ev.defaultPrevented));
    const root = one(decision({}, [action("p")]), e);
    const ev = new MouseEvent("click", { bubbles: true, cancelable: true });
    acts(root)[0].addEventListener("click", (x) => x.preventDefault()); // keep happy-dom from navigating
    acts(root)[0].dispatchEvent(ev);
    expect(e.onAction).toHaveBeenCalledTimes(1);
    expect(prevented).toBe(false);
  });

  it("ANCHOR (a #id link) scrolls smoothly to its element once the chunk is there, instantly when reduced motion is asked", () => {
    extras({ r: [] } as unknown as Ctx); // the chunk adds one delegated click listener
    const target = document.createElement("section");
    target.id = "prices";
    document.body.appendChild(target);
    const spy = vi.fn();
    target.scrollIntoView = spy;
    const root = one(decision({}, [action("an", { actionType: "ANCHOR", actionValue: "#prices" })]));
    const a = acts(root)[0];
    expect(a.getAttribute("href")).toBe("#prices");
    const ev = new MouseEvent("click", { bubbles: true, cancelable: true });
    a.dispatchEvent(ev);
    expect(ev.defaultPrevented).toBe(true);
    expect(spy).toHaveBeenCalledWith(expect.objectContaining({ behavior: "smooth" }));

    const mm = vi.spyOn(window, "matchMedia").mockImplementation(
      (q: string) => ({ matches: q.includes("reduce"), media: q }) as MediaQueryList,
    );
    a.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
    expect(spy).toHaveBeenLastCalledWith(expect.objectContaining({ behavior: "auto" }));
    mm.mockRestore();
  });

  it("does not render unusable actions and warns; a button left without actions is not rendered", () => {
    const e = env();
    const bad = action("bad", { actionType: "LINK", actionValue: "example.com" });
    expect(actionLink(bad).kind).toBe("invalid");
    const root = one(decision({ type: "MULTI" }, [action("ok"), bad]), e);
    expect(acts(root).map((a) => a.getAttribute("data-action-id"))).toEqual(["ok"]);
    expect(e.warn).toHaveBeenCalledTimes(1);
    expect(renderButtons(decision({}, [bad]), e)).toEqual([]);
    expect(document.querySelectorAll(".call-now-button")).toHaveLength(1);
  });
});

describe("full bar", () => {
  const five = (n: number) => Array.from({ length: n }, (_, i) => action("a" + i, { labelText: "L" + i, backgroundColor: "#0000" + (10 + i) }));

  // The decision cuts a bar to 5 actions (decide.test.ts); the renderer shows what it gets.
  it("shows its actions side by side, each with its background colour", () => {
    const root = one(decision({ type: "FULL", options: { placement: "BOTTOM_CENTER" } }, five(5)));
    const list = root.querySelector(".cnb-list")!;
    expect(acts(root)).toHaveLength(5);
    expect(acts(root).every((a) => a.parentElement === list)).toBe(true);
    expect(acts(root)[2].style.getPropertyValue("background-color")).toMatch(/#000012|rgb\(0, 0, 18\)/);
    // icon over label
    expect(Array.from(acts(root)[0].children).map((c) => c.className.trim())).toEqual(["cnb-i cnb-fx", "cnb-l"]);
  });

  it("a label's own text colour is set on it; otherwise it takes the action's (the stylesheet's white)", () => {
    const root = one(
      decision({ type: "FULL" }, [
        action("plain", { labelText: "Plain", backgroundColor: "#ffee00" }),
        action("own", { labelText: "Own", backgroundColor: "#ffee00", labelTextColor: "#0000ff" }),
      ]),
    );
    const [p, o] = acts(root);
    expect(p.style.getPropertyValue("color")).toBe("");
    expect(p.querySelector<HTMLElement>(".cnb-l")!.style.getPropertyValue("color")).toBe("");
    expect(o.querySelector<HTMLElement>(".cnb-l")!.style.getPropertyValue("color")).toMatch(/#0000ff|rgb\(0, 0, 255\)/);
  });

  it("the owner's label background is the bubble's beside a circle (single, multi), never behind a full bar's or a dots panel's caption", () => {
    const colours = { labelText: "Call us", labelTextColor: "#ffffff", labelBackgroundColor: "#333333" };
    const label = (type: "SINGLE" | "MULTI" | "FULL" | "DOTS") => {
      const root = one(decision({ type, id: type }, [action("a-" + type, colours)]));
      const l = root.querySelector<HTMLElement>(".cnb-l")!.style;
      return [l.getPropertyValue("background-color"), l.getPropertyValue("color")].map((c) => (c ? "set" : "")).join("|");
    };
    expect(label("SINGLE")).toBe("set|set");
    expect(label("MULTI")).toBe("set|set");
    expect(label("FULL")).toBe("|set"); // white text on the action's own colour
    expect(label("DOTS")).toBe("|"); // the panel's dark text on white
  });

});

describe("branding", () => {
  const brand = (root: HTMLElement) => root.querySelector(".cnb-brand");

  it.each(["FREE", "STARTER", "UNKNOWN", undefined] as const)("full, multi and dots show it for domain type %s", (t) => {
    for (const type of ["FULL", "MULTI", "DOTS"] as const) {
      const root = one(decision({ type }, [action("a1")], { type: t }));
      const b = brand(root)!;
      expect(b.textContent).toBe(BRANDING);
      expect(b.tagName).toBe("DIV");
      expect(b.querySelector("a,button,[tabindex]")).toBeNull();
      if (type != "FULL") expect(b.parentElement!.classList.contains("cnb-list")).toBe(true);
      removeButtons([root]);
    }
  });

  it("PRO domains show none", () => {
    for (const type of ["FULL", "MULTI", "DOTS", "SINGLE"] as const) {
      expect(brand(one(decision({ type }, [action("a1")], { type: "PRO" })))).toBeNull();
    }
  });

  it("single buttons show none", () => {
    expect(brand(one(decision({ type: "SINGLE" }, [action("a1")], { type: "FREE" })))).toBeNull();
  });
});

describe("z-index and scale", () => {
  const z = (r: HTMLElement) => [r.style.getPropertyValue("z-index"), r.style.getPropertyPriority("z-index")];

  it("leaves the default (the maximum, 2147483647) to the stylesheet; nonsense is ignored", () => {
    expect(z(one(decision({}, [action("a")])))).toEqual(["", ""]);
    document.body.innerHTML = "";
    expect(z(one(decision({ options: { zindex: NaN } }, [action("a")])))).toEqual(["", ""]);
    document.body.innerHTML = "";
    expect(z(one(decision({ options: { zindex: "12" as unknown as number } }, [action("a")])))).toEqual(["", ""]);
    document.body.innerHTML = "";
    expect(z(one(decision({ options: { zindex: 7.6 } }, [action("a")])))).toEqual(["8", "important"]);
  });
  it("takes the button's zindex, else the domain's; auto allowed", () => {
    expect(z(one(decision({ options: { zindex: 10 } }, [action("a")], { properties: { zindex: 5 } })))[0]).toBe("10");
    document.body.innerHTML = "";
    expect(z(one(decision({ options: {} }, [action("a")], { properties: { zindex: 5 } })))[0]).toBe("5");
    document.body.innerHTML = "";
    expect(z(one(decision({ options: { zindex: "auto" } }, [action("a")])))[0]).toBe("auto");
  });

  it.each([
    ["BOTTOM_RIGHT", "right bottom"],
    ["BOTTOM_LEFT", "left bottom"],
    ["BOTTOM_CENTER", "center bottom"],
    ["MIDDLE_LEFT", "left center"],
    ["MIDDLE_RIGHT", "right center"],
    ["TOP_CENTER", "center top"],
    ["TOP_LEFT", "left top"],
    ["TOP_RIGHT", "right top"],
  ] as const)("scales %s from %s", (placement, origin) => {
    const root = one(decision({ options: { placement, scale: 1.5 } }, [action("a")]));
    expect(root.style.getPropertyValue("transform")).toBe("scale(1.5)");
    expect(root.style.getPropertyValue("transform-origin")).toBe(origin);
  });

  it("falls back to the domain's scale; 1 or nonsense means none", () => {
    expect(one(decision({ options: {} }, [action("a")], { properties: { scale: 0.8 } })).style.getPropertyValue("transform")).toBe("scale(0.8)");
    document.body.innerHTML = "";
    expect(one(decision({ options: { scale: 1 } }, [action("a")])).style.getPropertyValue("transform")).toBe("");
    document.body.innerHTML = "";
    expect(one(decision({ options: { scale: -2 } }, [action("a")])).style.getPropertyValue("transform")).toBe("");
  });

  it("a scaled top/bottom bar keeps the container's width", () => {
    const root = one(decision({ type: "FULL", options: { placement: "BOTTOM_CENTER", scale: 2 } }, [action("a")]));
    expect(root.style.getPropertyValue("transform-origin")).toBe("left bottom");
    expect(root.style.getPropertyValue("width")).toBe("50%");
  });
});

describe("position", () => {
  it("ABSOLUTE attaches to the attachTo element, made relative when static", () => {
    const host = document.createElement("div");
    host.id = "hero";
    document.body.appendChild(host);
    const root = one(decision({ options: { position: "ABSOLUTE", attachTo: "hero" } }, [action("a")]));
    expect(root.parentElement).toBe(host);
    expect(host.style.position).toBe("relative");
    expect(root.style.getPropertyValue("position")).toBe("absolute");
    expect(root.style.getPropertyPriority("position")).toBe("important");
  });

  it("leaves an already positioned element alone", () => {
    const host = document.createElement("div");
    host.id = "hero";
    host.style.position = "sticky";
    document.body.appendChild(host);
    one(decision({ options: { position: "ABSOLUTE", attachTo: "hero" } }, [action("a")]));
    expect(host.style.position).toBe("sticky");
  });

  it("warns and falls back to fixed on the body when the element is missing", () => {
    const e = env();
    const root = one(decision({ options: { position: "ABSOLUTE", attachTo: "nope" } }, [action("a")]), e);
    expect(e.warn.mock.calls.map(([w]: [Warning]) => warningText(w))).toEqual(["Could not append the button to the element with id nope"]);
    expect(root.parentElement).toBe(document.body);
    expect(root.style.getPropertyValue("position")).toBe("");
  });

  it("FIXED ignores attachTo", () => {
    const host = document.createElement("div");
    host.id = "hero";
    document.body.appendChild(host);
    const root = one(decision({ options: { position: "FIXED", attachTo: "hero" } }, [action("a")]));
    expect(root.parentElement).toBe(document.body);
  });
});

describe("right-to-left pages", () => {
  it("marks roots cnb-rtl, keeps the configured placement class and mirrors the scale origin", () => {
    document.documentElement.setAttribute("dir", "rtl");
    const root = one(decision({ options: { placement: "BOTTOM_LEFT", scale: 2 } }, [action("a", { labelText: "Bel ons" })]));
    expect(root.classList.contains("cnb-rtl")).toBe(true);
    expect(root.classList.contains("cnb-bottom-left")).toBe(true);
    expect(root.style.getPropertyValue("transform-origin")).toBe("right bottom");
  });

  it("reads dir from <body> when <html> has none", () => {
    document.body.setAttribute("dir", "rtl");
    const root = one(decision({}, [action("a")]));
    document.body.removeAttribute("dir");
    expect(root.classList.contains("cnb-rtl")).toBe(true);
  });

  it("ltr pages are not marked", () => {
    const root = one(decision({ options: { placement: "BOTTOM_LEFT", scale: 2 } }, [action("a")]));
    expect(root.classList.contains("cnb-rtl")).toBe(false);
    expect(root.style.getPropertyValue("transform-origin")).toBe("left bottom");
  });
});

describe("animation", () => {
  it.each([
    ["SHAKE", "cnb-anim-shake"],
    ["TADA", "cnb-anim-tada"],
    ["SONAR_LIGHT", "cnb-anim-sonar-light"],
    ["SONAR_DARK", "cnb-anim-sonar-dark"],
  ] as const)("%s adds %s; the main circle carries cnb-fx", (animation, cls) => {
    const root = one(decision({ options: { animation } }, [action("a")]));
    expect(root.classList.contains(cls)).toBe(true);
    expect(root.querySelector(".cnb-fx")).toBe(root.querySelector(".cnb-i"));
  });

  it("NONE adds nothing", () => {
    const root = one(decision({ options: { animation: "NONE" } }, [action("a")]));
    expect(root.className).not.toMatch(/cnb-anim/);
  });
});

describe("removeButtons", () => {
  it("removes the roots, which Esc (escape.ts) then no longer collapses; the renderer adds no document listener", () => {
    const add = vi.spyOn(document, "addEventListener");
    const stop = collapseOnEscape(document);
    const e = env();
    const roots = renderButtons(decision({ type: "MULTI", multiButtonOptions: { defaultState: "OPEN" } }, [action("a")]), e);
    renderButtons(decision({ type: "DOTS", id: "d" }, [action("b")]), e);
    expect(add.mock.calls.filter((c) => c[0] == "keydown")).toHaveLength(1); // escape.ts's
    removeButtons(roots);
    expect(roots[0].isConnected).toBe(false);
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" }));
    expect(e.onToggle).not.toHaveBeenCalled();
    expect(roots[0].classList.contains("cnb-expand")).toBe(true);
    stop();
    add.mockRestore();
  });
});
