// @vitest-environment happy-dom
// The loader's page-view flow with the real decision, renderer and extras chunk; only fetch and
// timers are mocked. Here: startup: reading the config, rendering hidden buttons, revealing them.
import { describe, expect, it, vi } from "vitest";
import { config } from "../fixtures";
import { flags, ids, isRevealed, revealed, mockFetch, roots, settle, styleLoaded, widget } from "../helpers";
import { pageViewHooks, w } from "./setup";

pageViewHooks();

describe("startup (spec §2.1, §4.1)", () => {
  it("reads CNB_DATA, deletes it, renders hidden buttons and reveals them when the stylesheet applies", async () => {
    w.CNB_DATA = config({ options: { cssLocation: "https://cdn.beckon.test/beckon.css" } });
    const out = await widget().start();
    expect("CNB_DATA" in window).toBe(false);
    expect(ids(out)).toEqual(["btn-1"]);
    expect(out[0].isConnected).toBe(true);
    expect(isRevealed(out[0])).toBe(false);
    const link = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')!;
    expect(link.getAttribute("href")).toBe("https://cdn.beckon.test/beckon.css");
    styleLoaded();
    link.dispatchEvent(new Event("load"));
    await revealed(out[0]);
  });

  it("reveals at once when the stylesheet is already applied", async () => {
    styleLoaded();
    w.CNB_DATA = config();
    const out = await widget().start();
    await revealed(out[0]);
  });

  it.each([
    ["no data", 1, () => {}],
    ["no viewport meta", 2, () => {
      w.CNB_DATA = config();
      document.head.innerHTML = "";
    }],
    ["not a config", 3, () => {
      w.CNB_DATA = { userId: 7, buttons: "nope" };
    }],
    ["a hostile object", 3, () => {
      w.CNB_DATA = Object.defineProperty({}, "userId", { enumerable: true, get() { throw new Error("boom"); } });
    }],
  ])("%s: code %i, nothing rendered, logged only in debug mode", async (_name, code, setup) => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    setup();
    expect(await widget().start()).toEqual([]);
    expect(roots()).toEqual([]);
    await settle(); // the extras chunk writes debug lines
    expect(info).not.toHaveBeenCalled();

    setup();
    flags({ "cnb.debug": "true" });
    expect(await widget().start()).toEqual([]);
    expect(roots()).toEqual([]);
    await settle();
    expect(info).toHaveBeenCalledWith("Beckon:", "startup code", code);
  });

  it("debug mode also comes from options.debugMode and the matched domain's debug property", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    document.head.innerHTML = "";
    w.CNB_DATA = config({ options: { debugMode: true } });
    await widget().start();
    await settle();
    expect(info).toHaveBeenLastCalledWith("Beckon:", "startup code", 2);
    info.mockClear();
    w.CNB_DATA = config({ domains: [{ id: "dom-1", name: "localhost", properties: { debug: true } }] });
    await widget().start();
    await settle();
    expect(info).toHaveBeenLastCalledWith("Beckon:", "startup code", 2);
    info.mockClear();
    w.CNB_DATA = config({ domains: [{ id: "dom-1", name: "elsewhere.test", properties: { debug: true } }] });
    await widget().start();
    await settle();
    expect(info).not.toHaveBeenCalled();
  });

  it("logs code 0 in debug mode only", async () => {
    styleLoaded(); // revealed: the chunk is kicked
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    w.CNB_DATA = config();
    await widget().start();
    await settle();
    expect(info).not.toHaveBeenCalled();
    w.CNB_DATA = config();
    flags({ "cnb.debug": "1" });
    await widget().start();
    await settle();
    expect(info).toHaveBeenCalledWith("Beckon:", "startup code", 0);
  });

  it("render() without data after a startup without config renders nothing", async () => {
    const wd = widget();
    expect(await wd.start()).toEqual([]);
    expect(await wd.render()).toEqual([]);
    expect(ids(await wd.render(config()))).toEqual(["btn-1"]);
  });

  it("renders nothing when no button applies", async () => {
    w.CNB_DATA = config({ domains: [{ id: "dom-1", name: "elsewhere.test" }] });
    expect(await widget().start()).toEqual([]);
    expect(roots()).toEqual([]);
    expect(document.querySelector("link")).toBeNull();
  });

  it("an internal error is reported with the marker (through the chunk) and never escapes", async () => {
    const f = mockFetch({ "POST /errors": () => ({}) });
    const c = config({ options: { errorReportingUrl: "https://beckon.test/errors" } });
    c.buttons[0].options = { cssClasses: 5 as unknown as string };
    w.CNB_DATA = c;
    await expect(widget().start()).resolves.toEqual([]);
    await settle();
    const sent = f.mock.calls.find(([u]) => u == "https://beckon.test/errors");
    expect(sent).toBeTruthy();
    const body = JSON.parse(sent![1]!.body as string);
    expect(body).toMatchObject({ release: "1.0.109", environment: "production", userId: "user-1", extra: { cnb: 1 } });
  });

  it("disable-conditions and disable-scheduler come from storage", async () => {
    const c = config({
      conditions: [{ id: "c", filterType: "EXCLUDE", conditionType: "URL", matchType: "SUBSTRING", matchValue: "localhost" }],
      actions: [{ id: "act-1", actionType: "PHONE", actionValue: "1", schedule: { showAlways: false, daysOfWeek: [false, false, false, false, false, false, false] } }],
    });
    c.buttons[0].conditions = ["c"];
    w.CNB_DATA = c;
    expect(await widget().start()).toEqual([]);
    w.CNB_DATA = c;
    flags({ "cnb.disable-conditions": "true" });
    expect(await widget().start()).toEqual([]);
    w.CNB_DATA = c;
    flags({ "cnb.disable-scheduler": "1" });
    const out = await widget().start();
    expect(ids(out)).toEqual(["btn-1"]);
  });
});
