// @vitest-environment happy-dom
/// <reference types="node" />
import { afterEach, describe, expect, it } from "vitest";
import { cssImage, GLYPHS, glyph } from "../../src/loader/render/icons";
import { removeButtons, renderButtons } from "../../src/loader/render/index";
import type { Action, ActionType } from "../../src/config/types.gen";
import { gzipSync } from "node:zlib";
import { action, decision, env } from "./fixtures";

afterEach(() => {
  removeButtons(Array.from(document.querySelectorAll<HTMLElement>(".call-now-button")));
  document.body.innerHTML = "";
});

const icon = (over: Partial<Action>) => {
  const root = renderButtons(decision({ type: "SINGLE" }, [action("a", over)]), env())[0];
  return root.querySelector<HTMLElement>(".cnb-i");
};
const d = (el: Element | null) => el!.querySelector("path")!.getAttribute("d");

const TYPES: ActionType[] = [
  "PHONE", "WHATSAPP", "EMAIL", "SMS", "MAP", "LINK", "ANCHOR", "CHAT", "TELEGRAM", "SIGNAL",
  "VIBER", "SKYPE", "LINE", "ZALO", "WECHAT", "FACEBOOK", "IFRAME", "TALLY", "INTERCOM",
];

describe("glyph names", () => {
  it.each([
    ["phone", "phone"], ["call", "phone"], ["CALL", "phone"], ["whatsapp", "whatsapp"], ["email", "email"], ["mail", "email"],
    ["sms", "sms"], ["map", "map"], ["link", "link"], ["anchor", "anchor"], ["chat", "chat"], ["telegram", "telegram"],
    ["signal", "signal"], ["viber", "viber"], ["skype", "skype"], ["line", "line"], ["zalo", "zalo"], ["wechat", "wechat"],
    ["facebook", "facebook"], ["iframe", "iframe"], ["tally", "tally"], ["intercom", "intercom"],
    ["close", "close"], ["dots", "dots"], ["more_vert", "dots"], ["plus", "plus"], ["add", "plus"],
  ])("%s draws the %s glyph", (name, key) => {
    expect(glyph(name, "plus")).toBe(GLYPHS[key]);
  });

  it.each(TYPES)("unknown names on %s fall back to the type's glyph", (type) => {
    const own = GLYPHS[type.toLowerCase()];
    expect(own).toMatch(/^M/);
    expect(glyph("unicorn", type.toLowerCase())).toBe(own);
    expect(glyph("", type.toLowerCase())).toBe(own);
  });

  it("every action type has a glyph of its own", () => {
    expect(new Set(TYPES.map((t) => GLYPHS[t.toLowerCase()])).size).toBe(TYPES.length);
  });

  it("prototype keys are not glyph names", () => {
    for (const n of ["constructor", "toString", "__proto__", "hasOwnProperty"]) expect(glyph(n, "plus")).toBe(GLYPHS.plus);
  });

  it("the glyph set is small: 24×24 path data, ≤ 0.5 KB gzip", () => {
    const all = Object.values(GLYPHS).join("");
    expect(gzipSync(all, { level: 9 }).length).toBeLessThan(512);
    for (const p of Object.values(GLYPHS)) expect(p).toMatch(/^M[\d. a-zA-Z-]+$/);
    // every coordinate within the 24×24 box (absolute commands)
    for (const p of Object.values(GLYPHS)) for (const n of p.match(/[MLHVCSQTA][\d. -]+/g)!.join(" ").match(/-?[\d.]+/g)!) expect(Math.abs(+n)).toBeLessThanOrEqual(24);
  });
});

describe("icons in the DOM", () => {
  it("FONT and FONT_MATERIAL draw the named glyph as inline SVG", () => {
    expect(d(icon({ iconType: "FONT", iconText: "whatsapp" }))).toBe(GLYPHS.whatsapp);
    expect(d(icon({ iconType: "FONT_MATERIAL", iconText: "map" }))).toBe(GLYPHS.map);
    expect(d(icon({ iconText: "mail" }))).toBe(GLYPHS.email);
    expect(d(icon({ iconText: "local_phone" }))).toBe(GLYPHS.phone);
    const svg = icon({})!.querySelector("svg")!;
    expect(svg.getAttribute("viewBox")).toBe("0 0 24 24");
    expect(svg.namespaceURI).toBe("http://www.w3.org/2000/svg");
    expect(svg.firstElementChild!.namespaceURI).toBe("http://www.w3.org/2000/svg");
  });

  it("an unknown name draws the action type's glyph", () => {
    expect(d(icon({ actionType: "EMAIL", actionValue: "a@b.example", iconText: "nope" }))).toBe(GLYPHS.email);
  });

  it("CUSTOM wraps http(s) URLs in url(\"…\") with quotes escaped", () => {
    const bg = icon({ iconType: "CUSTOM", iconBackgroundImage: 'https://cdn.example.com/a "b".png' })!.querySelector<HTMLElement>(".cnb-bg")!;
    expect(bg.style.getPropertyValue("background-image")).toContain("https://cdn.example.com/a%20%22b%22.png");
    expect(bg.style.getPropertyPriority("background-image")).toBe("important");
    expect(cssImage('https://x.example/a"b\\c.png')).toBe('url("https://x.example/a%22b%5Cc.png")');
    expect(cssImage("http://x.example/a.png")).toBe('url("http://x.example/a.png")');
  });

  it("CUSTOM uses CSS images as given and ignores anything else", () => {
    expect(cssImage("linear-gradient(red, blue)")).toBe("linear-gradient(red, blue)");
    expect(cssImage(" url(\"/img/a.png\") ")).toBe('url("/img/a.png")');
    expect(cssImage("image-set(url(a.png) 1x)")).toBe("image-set(url(a.png) 1x)");
    expect(cssImage("javascript:alert(1)")).toBe("");
    expect(cssImage("red; position: static")).toBe("");
    expect(cssImage("url(a.png); color: red")).toBe("");
    expect(cssImage("url(a.png)} .x { color: red")).toBe("");
    expect(cssImage("/img/a.png")).toBe("");
    expect(cssImage("")).toBe("");
    expect(cssImage()).toBe("");
    const i = icon({ iconType: "CUSTOM", iconBackgroundImage: "not an image" })!;
    expect(i.querySelector(".cnb-bg")).toBeNull();
    expect(d(i)).toBe(GLYPHS.phone);
  });

  it("SVG markup becomes an <img> data URI, never live DOM", () => {
    const markup = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><rect width="5" height="5"/></svg>';
    const i = icon({ iconType: "SVG", iconText: markup })!;
    const img = i.querySelector("img")!;
    expect(img.getAttribute("alt")).toBe("");
    expect(img.getAttribute("src")).toBe("data:image/svg+xml," + encodeURIComponent(markup));
    expect(i.querySelector("svg,script,rect")).toBeNull();
  });

  it("SVG without SVG markup falls back to the type's glyph", () => {
    expect(d(icon({ iconType: "SVG", iconText: "<img src=x onerror=alert(1)>" }))).toBe(GLYPHS.phone);
  });

  it("iconEnabled:false leaves the label only; without a label the icon stays", () => {
    const root = renderButtons(decision({ type: "MULTI" }, [action("a", { iconEnabled: false, labelText: "Call" }), action("b", { iconEnabled: false })]), env())[0];
    const [a, b] = Array.from(root.querySelectorAll(".cnb-act"));
    expect(a.querySelector(".cnb-i")).toBeNull();
    expect(a.querySelector(".cnb-l")!.textContent).toBe("Call");
    expect(b.querySelector(".cnb-i")).not.toBeNull();
  });

  it("adds iconClass to the icon element", () => {
    expect(Array.from(icon({ iconClass: "my-icon other" })!.classList)).toEqual(["cnb-i", "cnb-fx", "my-icon", "other"]);
  });
});

describe("colours", () => {
  it("applies owner colours inline; what the browser rejects is not set, so the stylesheet's default stays", () => {
    const ok = icon({ backgroundColor: "#ff0000", iconColor: "rgb(0, 0, 255)", labelText: "Hi", labelTextColor: "#00ff00", labelBackgroundColor: "#000000" })!;
    expect(ok.style.getPropertyValue("background-color")).toMatch(/#ff0000|rgb\(255, 0, 0\)/);
    expect(ok.style.getPropertyValue("color")).toMatch(/rgb\(0, 0, 255\)/);
    const l = ok.parentElement!.querySelector<HTMLElement>(".cnb-l")!;
    expect(l.style.getPropertyValue("color")).toMatch(/#00ff00|rgb\(0, 255, 0\)/);
    expect(l.style.getPropertyValue("background-color")).toMatch(/#000000|rgb\(0, 0, 0\)/);
    document.body.innerHTML = "";

    // One property value: nothing after it can become another declaration.
    const bad = icon({ backgroundColor: "red; display:none", iconColor: "javascript:1", labelText: "Hi", labelTextColor: "red}x{", labelBackgroundColor: "url(x)" })!;
    const bl = bad.parentElement!.querySelector<HTMLElement>(".cnb-l")!;
    expect(bad.style.getPropertyValue("display")).toBe("");
    expect(bad.parentElement!.style.getPropertyValue("display")).toBe("");
    for (const e of [bad, bl]) expect(e.style.getPropertyValue("background-image")).toBe("");
  });

  it("without owner colours no colour is set inline (the stylesheet's white on green)", () => {
    const i = icon({ labelText: "Hi" })!;
    expect(i.style.getPropertyValue("background-color")).toBe("");
    expect(i.style.getPropertyValue("color")).toBe("");
    expect(i.parentElement!.querySelector<HTMLElement>(".cnb-l")!.getAttribute("style")).toBeNull();
  });
});
