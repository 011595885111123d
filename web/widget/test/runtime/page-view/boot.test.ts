// @vitest-environment happy-dom
// The loader's page-view flow with the real decision, renderer and extras chunk; only fetch and
// timers are mocked. Here: the script's start (boot), the debug switches and the warnings.
import { describe, expect, it, vi } from "vitest";
import { boot } from "../../../src/loader/boot";
import { config } from "../fixtures";
import { chunk, flags, ids, isRevealed, revealed, resetPage, roots, settle, styleLoaded, widget } from "../helpers";
import { pageViewHooks, w, held } from "./setup";

pageViewHooks();

describe("boot (script start)", () => {
  it("starts the stylesheet fetch at once, installs window.CNB and renders on ready", async () => {
    w.CNB_DATA = config({ options: { cssLocation: "https://cdn.beckon.test/beckon.css" } });
    boot("https://cdn.beckon.test/static/beckon.js", chunk());
    expect(document.querySelectorAll("link").length).toBe(1);
    expect((w.CNB as { version: string }).version).toBe("1.0.109");
    await vi.waitFor(() => expect(roots().length).toBe(1));
    expect(document.querySelectorAll("link").length).toBe(1);
  });

  it("defaults the stylesheet to beckon.css beside the loader", async () => {
    w.CNB_DATA = config();
    boot("https://cdn.beckon.test/static/beckon.js", chunk());
    expect(document.querySelector("link")!.getAttribute("href")).toBe("https://cdn.beckon.test/static/beckon.css");
    await vi.waitFor(() => expect(roots().length).toBe(1));
  });

  it("waits for DOMContentLoaded while the document is loading", async () => {
    const state = vi.spyOn(document, "readyState", "get").mockReturnValue("loading");
    w.CNB_DATA = config();
    boot("", chunk());
    await new Promise((r) => setTimeout(r, 10));
    expect(roots()).toEqual([]);
    expect("CNB_DATA" in window).toBe(true);
    state.mockReturnValue("interactive");
    document.dispatchEvent(new Event("DOMContentLoaded"));
    await vi.waitFor(() => expect(roots().length).toBe(1));
  });

  it("a second copy of the loader leaves the page to the first", async () => {
    w.CNB_DATA = config();
    boot("", chunk());
    const api = w.CNB;
    boot("", chunk());
    expect(w.CNB).toBe(api);
    await vi.waitFor(() => expect(roots().length).toBe(1));
  });

  it("imports the chunk from the loader's folder; for the hosted embed from the stylesheet's", async () => {
    const { loaderBase } = await import("../../../src/loader/surface");
    w.CNB_DATA = config({ options: { cssLocation: "https://beckon.example/static/beckon.css" } });
    boot("https://beckon.example/d/dom-1.js", chunk());
    expect(loaderBase()).toBe("https://beckon.example/static/");
    await vi.waitFor(() => expect(roots().length).toBe(1));
  });

  it("adopts the hosted embed's stylesheet text (CNB_CSS) instead of fetching it, and reveals at once", async () => {
    w.CNB_DATA = config({ options: { cssLocation: "https://beckon.example/static/beckon.css" } });
    w.CNB_CSS = ".call-now-button { --cnb-loaded: 1 }";
    boot("https://beckon.example/d/dom-1.js", chunk());
    expect("CNB_CSS" in window).toBe(false);
    expect(document.adoptedStyleSheets.length).toBe(1);
    await vi.waitFor(() => expect(roots().length).toBe(1));
    await revealed(roots()[0]);
    expect(document.querySelector("link")).toBeNull();
  });

  it("links the whole stylesheet when the embed's text leaves out a root's part", async () => {
    w.CNB_DATA = config({ options: { cssLocation: "https://beckon.example/static/beckon.css" } });
    w.CNB_CSS = ".cnb-full { --cnb-loaded: 1 }"; // the parts for other types only
    boot("https://beckon.example/d/dom-1.js", chunk());
    await vi.waitFor(() => expect(roots().length).toBe(1));
    const link = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')!;
    expect(link.getAttribute("href")).toBe("https://beckon.example/static/beckon.css");
    expect(isRevealed(roots()[0])).toBe(false);
    styleLoaded();
    link.dispatchEvent(new Event("load"));
    await revealed(roots()[0]);
  });

  it("does not start a stylesheet fetch without data", () => {
    boot("https://cdn.beckon.test/static/beckon.js", chunk());
    expect(document.querySelector("link")).toBeNull();
  });

  it("a getter that throws while deciding or drawing is caught (the config is not copied)", async () => {
    const c = config();
    Object.defineProperty(c.buttons[0], "options", { enumerable: true, get() { throw new Error("boom"); } });
    w.CNB_DATA = c;
    await expect(widget().start()).resolves.toEqual([]);
    await expect(widget().render(c)).resolves.toEqual([]);
  });

  it("hostile data at script start throws nothing into the page", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    flags({ "cnb.debug": "true" });
    w.CNB_DATA = Object.defineProperty({}, "options", { enumerable: true, get() { throw new Error("boom"); } });
    expect(() => boot("", chunk())).not.toThrow();
    await vi.waitFor(() => expect(info).toHaveBeenCalledWith("Beckon:", "startup code", 3));
    w.CNB_DATA = { options: { apiRoot: "x" }, buttons: 5 };
    delete w.CNB;
    expect(() => boot("", chunk())).not.toThrow();
  });
});

describe("the debug switches (spec §9)", () => {
  it("are read from localStorage only when the config has schedules or conditions for them to switch off", async () => {
    // The first read of localStorage is a synchronous load from the browser process.
    const read = vi.spyOn(Storage.prototype, "getItem");
    w.CNB_DATA = config();
    expect(ids(await widget().start())).toEqual(["btn-1"]);
    expect(read.mock.calls.map(([k]) => k).filter((k) => k.startsWith("cnb.disable"))).toEqual([]);

    resetPage();
    const scheduled = config();
    scheduled.actions![0].schedule = { showAlways: false, daysOfWeek: [false, false, false, false, false, false, false] };
    scheduled.conditions = [{ id: "c-nl", filterType: "INCLUDE", conditionType: "GEO", matchType: "COUNTRY_CODE", matchValue: "NL" }];
    scheduled.buttons[0].conditions = ["c-nl"];
    flags({ "cnb.disable-scheduler": "true", "cnb.disable-conditions": "true" });
    w.CNB_DATA = scheduled;
    // Shown although no day is scheduled and no country is known: both switches were read.
    expect(ids(await widget().start())).toEqual(["btn-1"]);
  });
});

describe("warnings (spec §8)", () => {
  it("are written with the spec's text once the extras chunk is there, even outside debug mode", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const c = config({
      actions: [
        { id: "act-1", actionType: "PHONE", actionValue: "+31 20 123 4567" },
        { id: "bad-link", actionType: "LINK", actionValue: "example.com/contact" },
      ],
    });
    c.buttons[0].type = "MULTI";
    c.buttons[0].actions = ["act-1", "bad-link"];
    c.buttons[0].options!.position = "ABSOLUTE";
    c.buttons[0].options!.attachTo = "missing-hero";
    w.CNB_DATA = c;
    styleLoaded();
    const chunk = held();
    const out = await widget(chunk.load).start();
    expect(ids(out)).toEqual(["btn-1"]);
    await settle();
    expect(warn).not.toHaveBeenCalled(); // the texts come with the chunk
    chunk.arrive();
    await vi.waitFor(() =>
      expect(warn.mock.calls).toEqual([
        ["Beckon:", "Error evaluating actionValue (likely an invalid or incomplete URL), excluding this action bad-link"],
        ["Beckon:", "Could not append the button to the element with id missing-hero"],
      ]),
    );
  });
});
