// @vitest-environment happy-dom
// The stylesheet link and its marker; the reveal timing (load event, 200 ms polls, give-up) is
// tested through the widget in page-view/reveal.test.ts.
import { afterEach, describe, expect, it } from "vitest";
import { cssHref, ensureStylesheet, isStyled } from "../../src/loader/stylesheet";
import { setLoaderBase } from "../../src/loader/surface";

afterEach(() => {
  document.head.innerHTML = "";
  document.body.innerHTML = "";
  setLoaderBase("");
});

describe("ensureStylesheet", () => {
  it("injects one link and reuses it", () => {
    const a = ensureStylesheet("https://cdn.example.com/beckon.css");
    const b = ensureStylesheet("https://cdn.example.com/beckon.css");
    expect(a).toBe(b);
    expect(document.querySelectorAll("link").length).toBe(1);
    expect(a.rel).toBe("stylesheet");
    expect(a.parentNode).toBe(document.head);
  });

  it("reuses a link the page already has", () => {
    const l = document.createElement("link");
    l.rel = "stylesheet";
    l.setAttribute("href", "/static/beckon.css");
    document.head.appendChild(l);
    expect(ensureStylesheet("/static/beckon.css")).toBe(l);
    expect(document.querySelectorAll("link").length).toBe(1);
  });

  it("takes any href as text", () => {
    const href = 'https://cdn.example.com/a"b].css';
    expect(ensureStylesheet(href)).toBe(ensureStylesheet(href));
    expect(document.querySelectorAll("link").length).toBe(1);
  });
});

describe("isStyled", () => {
  it("reads the --cnb-loaded marker", () => {
    const r = document.createElement("div");
    r.className = "call-now-button";
    document.body.appendChild(r);
    expect(isStyled(r)).toBe(false);
    const s = document.createElement("style");
    s.textContent = ".call-now-button { --cnb-loaded: 1 }";
    document.head.appendChild(s);
    expect(isStyled(r)).toBe(true);
  });
});

describe("cssHref", () => {
  it("is cssLocation, else beckon.css beside the loader, else empty", () => {
    expect(cssHref("https://a.test/x.css")).toBe("https://a.test/x.css");
    expect(cssHref("")).toBe("");
    setLoaderBase("https://cdn.beckon.test/static/beckon.js");
    expect(cssHref(undefined)).toBe("https://cdn.beckon.test/static/beckon.css");
  });
});
