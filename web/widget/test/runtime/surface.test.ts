// @vitest-environment happy-dom
// The loader's base folder: where the extras chunk (and beckon.css by default) are loaded from.
import { afterEach, describe, expect, it } from "vitest";
import { loaderBase, setLoaderBase } from "../../src/loader/surface";

afterEach(() => setLoaderBase(""));

describe("loaderBase", () => {
  it("is the loader script's folder", () => {
    setLoaderBase("https://cdn.beckon.test/static/beckon.js?v=2", "https://elsewhere.test/css/beckon.css");
    expect(loaderBase()).toBe("https://cdn.beckon.test/static/");
  });

  it("is the stylesheet's folder for the hosted embed /d/{domainId}.js, whose folder holds no chunks", () => {
    setLoaderBase("https://beckon.example/d/dom-1.js", "https://beckon.example/static/beckon.css");
    expect(loaderBase()).toBe("https://beckon.example/static/");
    setLoaderBase("https://beckon.example/d/dom-1.js?x=1", "https://beckon.example/static/beckon.css");
    expect(loaderBase()).toBe("https://beckon.example/static/");
  });

  it("is the stylesheet's folder, resolved against the page, when the script URL is unknown", () => {
    setLoaderBase("", "/static/beckon.css");
    expect(loaderBase()).toBe(new URL("/static/", location.href).href);
  });

  it("is empty when nothing usable is known (never the embed's /d/ folder)", () => {
    setLoaderBase("https://beckon.example/d/dom-1.js");
    expect(loaderBase()).toBe("");
    setLoaderBase("", "");
    expect(loaderBase()).toBe("");
    setLoaderBase("");
    expect(loaderBase()).toBe("");
  });
});
