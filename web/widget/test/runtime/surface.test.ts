// @vitest-environment happy-dom
// The loader's base folder: where the extras chunk (and beckon.css by default) are loaded from;
// and what a surface button does when the app chunk cannot be loaded.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Action } from "../../src/config/types.gen";
import type { Ctx } from "../../src/loader/contract";
import { loaderBase, openSurface, setLoaderBase } from "../../src/loader/surface";

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

describe("openSurface when the app chunk cannot load (spec §8)", () => {
  it("opens the action's plain link in a new tab and rejects with a ChunkLoadError, which the loader reports", async () => {
    setLoaderBase("https://nowhere.invalid/static/beckon.js");
    const opened = vi.spyOn(window, "open").mockImplementation(() => null);
    const action = { id: "wa", actionType: "WHATSAPP", actionValue: "+31 6 1234 5678", properties: { "whatsapp-dialog-type": "popout", message: "Hi" } } as Action;
    const failed = await openSurface(action, null, { roots: [] } as unknown as Ctx).then(
      () => null,
      (e: Error) => e,
    );
    expect(failed?.name).toBe("ChunkLoadError");
    expect(opened).toHaveBeenCalledWith("https://wa.me/31612345678?text=Hi");
    opened.mockRestore();
  });
});
