// @vitest-environment happy-dom
// The loader's page-view flow with the real decision, renderer and extras chunk; only fetch and
// timers are mocked. Here: the extras chunk and the statistics it sends.
import { describe, expect, it, vi } from "vitest";
import { config } from "../fixtures";
import { chunk, ids, revealed, mockFetch, settle, styleLoaded, widget } from "../helpers";
import { pageViewHooks, w } from "./setup";

pageViewHooks();

describe("statistics (spec §7), sent by the extras chunk", () => {
  const posts = (f: ReturnType<typeof mockFetch>) => f.mock.calls.filter(([u]) => String(u).endsWith("/v1/stats"));
  /** The spec's page-view events (the per-button ones carry a name). */
  const stats = (f: ReturnType<typeof mockFetch>) => posts(f).filter(([, i]) => !JSON.parse(i!.body as string).payload.name);
  const named = (f: ReturnType<typeof mockFetch>) =>
    posts(f)
      .map(([, i]) => JSON.parse(i!.body as string).payload)
      .filter((p) => p.name);

  it("one event per page view, once the buttons are revealed, with the exact body", async () => {
    const f = mockFetch({ "POST /api/v1/stats": () => ({}) });
    w.CNB_DATA = config({ options: { apiRoot: "https://beckon.test/api", cssLocation: "https://cdn.beckon.test/beckon.css" } });
    const wd = widget();
    await wd.start();
    await settle();
    expect(stats(f)).toEqual([]); // hidden until the stylesheet applies: the chunk is not loaded yet
    styleLoaded();
    document.querySelector("link")!.dispatchEvent(new Event("load"));
    await settle();
    expect(stats(f).length).toBe(1);
    const [url, init] = stats(f)[0];
    expect(url).toBe("https://beckon.test/api/v1/stats");
    expect(init!.method).toBe("POST");
    expect(init!.keepalive).toBe(true);
    expect(init!.body).toBe('{"type":"event","payload":{"website":"beckon","event_name":"dom-1","url":""}}');
    await wd.render();
    await settle();
    expect(stats(f).length).toBe(1);
  });

  it("one view event per page view naming the buttons revealed, and a click event per click, with keepalive", async () => {
    styleLoaded();
    const f = mockFetch({ "POST /api/v1/stats": () => ({}) });
    const c = config({ options: { apiRoot: "https://beckon.test/api" } });
    c.buttons.push({ ...c.buttons[0], id: "btn-2", actions: ["act-2"], options: { placement: "BOTTOM_LEFT", position: "FIXED", displayMode: "ALWAYS" } });
    c.actions!.push({ id: "act-2", actionType: "EMAIL", actionValue: "a@b.test" });
    c.domains[0].properties = { allowMultipleButtons: true };
    w.CNB_DATA = c;
    const wd = widget();
    const roots = await wd.start();
    await settle();
    expect(named(f)).toEqual([{ website: "beckon", event_name: "dom-1", url: "", name: "view", buttons: ["btn-1", "btn-2"] }]);
    expect(posts(f).every(([, i]) => i!.keepalive === true)).toBe(true);
    const act = roots[1].querySelector<HTMLElement>("[data-action-id=act-2]")!;
    act.addEventListener("click", (e) => e.preventDefault()); // the test page stays
    act.click();
    await settle();
    expect(named(f).slice(1)).toEqual([{ website: "beckon", event_name: "dom-1", url: "", name: "click", buttons: ["btn-2"], action: "act-2" }]);
    await wd.render(); // a new render of the same page view: no second view event
    await settle();
    expect(named(f).filter((p) => p.name == "view").length).toBe(1);
    expect(stats(f).length).toBe(1);
  });

  it("no per-button events when reporting is off", async () => {
    styleLoaded();
    const f = mockFetch();
    w.CNB_DATA = config({ options: { apiRoot: "https://beckon.test/api", reportStats: false } });
    const [root] = await widget().start();
    await settle();
    const act = root.querySelector<HTMLElement>("[data-action-id=act-1]")!;
    act.addEventListener("click", (e) => e.preventDefault()); // the test page stays
    act.click();
    await settle();
    expect(posts(f)).toEqual([]);
  });

  it("also when the host matches but no button shows", async () => {
    const f = mockFetch();
    w.CNB_DATA = config({ buttons: [], options: { apiRoot: "https://beckon.test/api" } });
    await widget().start();
    await settle();
    expect(stats(f).length).toBe(1);
  });

  it.each([
    ["reportStats is false", config({ options: { apiRoot: "https://beckon.test/api", reportStats: false } })],
    ["there is no apiRoot", config()],
    ["no domain matches", config({ domains: [{ id: "x", name: "elsewhere.test" }], options: { apiRoot: "https://beckon.test/api" } })],
  ])("not when %s", async (_name, c) => {
    styleLoaded();
    const f = mockFetch();
    w.CNB_DATA = c;
    await widget().start();
    await settle();
    expect(stats(f)).toEqual([]);
  });

  it("a failing stats call is swallowed", async () => {
    styleLoaded();
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("offline"))));
    w.CNB_DATA = config({ options: { apiRoot: "https://beckon.test/api" } });
    expect(ids(await widget().start())).toEqual(["btn-1"]);
    await settle();
  });
});

describe("the extras chunk", () => {
  it("is imported once, only after the buttons are revealed", async () => {
    const load = chunk();
    w.CNB_DATA = config({ options: { cssLocation: "https://cdn.beckon.test/beckon.css" } });
    const wd = widget(load);
    const [root] = await wd.start();
    await settle();
    expect(load.calls).toBe(0);
    styleLoaded();
    document.querySelector("link")!.dispatchEvent(new Event("load"));
    await revealed(root);
    await settle();
    expect(load.calls).toBe(1);
    await wd.render();
    await settle();
    expect(load.calls).toBe(1);
  });

  it("is imported when nothing is to be revealed, in a task of its own", async () => {
    const load = chunk();
    w.CNB_DATA = config({ buttons: [] });
    await widget(load).start();
    expect(load.calls).toBe(0); // the task that rendered ends first
    await settle();
    expect(load.calls).toBe(1);
  });

  it("is imported for startup codes 1 to 3 (it writes the debug line)", async () => {
    const load = chunk();
    await widget(load).start();
    await settle();
    expect(load.calls).toBe(1);
  });

  it("errors caught before it arrives are queued and sent when it does", async () => {
    const f = mockFetch({ "POST /errors": () => ({}) });
    let arrive: () => void = () => {};
    const load = () => new Promise<typeof import("../../../src/loader/extras")>((r) => (arrive = () => r(import("../../../src/loader/extras"))));
    const c = config({ options: { errorReportingUrl: "https://beckon.test/errors" } });
    c.buttons[0].options = { cssClasses: 5 as unknown as string };
    w.CNB_DATA = c;
    await widget(load).start();
    await settle();
    expect(f).not.toHaveBeenCalled();
    arrive();
    await settle();
    expect(f.mock.calls.filter(([u]) => u == "https://beckon.test/errors").length).toBe(1);
  });

  it("when it cannot load, queued errors are dropped silently and the buttons stay", async () => {
    styleLoaded();
    const rejections: unknown[] = [];
    const onRejection = (e: unknown) => rejections.push(e);
    process.on("unhandledRejection", onRejection);
    const f = mockFetch();
    w.CNB_DATA = config({ options: { errorReportingUrl: "https://beckon.test/errors", apiRoot: "https://beckon.test/api" } });
    const wd = widget(() => Promise.reject(new TypeError("Failed to fetch dynamically imported module")));
    expect(ids(await wd.start())).toEqual(["btn-1"]);
    const c = config();
    c.buttons[0].options = { cssClasses: 5 as unknown as string };
    expect(await wd.render(c)).toEqual([]);
    await settle();
    process.off("unhandledRejection", onRejection);
    expect(f).not.toHaveBeenCalled();
    expect(rejections).toEqual([]);
  });
});
