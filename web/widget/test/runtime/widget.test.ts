// @vitest-environment happy-dom
// The loader's page-view flow with the real decision, renderer and extras chunk; only fetch and
// timers are mocked.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Config } from "../../src/config/types.gen";
import { boot } from "../../src/loader/boot";
import { config } from "./fixtures";
import * as extras from "../../src/loader/extras";
import { chunk, flags, ids, isRevealed, revealed, mockFetch, resetPage, roots, settle, styleLoaded, widget } from "./helpers";

const w = window as unknown as Record<string, unknown>;

/** A config whose button shows only for visitors from the Netherlands (a geo lookup). */
const geoConfig = (ip?: string, filterType: "INCLUDE" | "EXCLUDE" = "INCLUDE"): Config => {
  const c = config({
    conditions: [{ id: "c-nl", filterType, conditionType: "GEO", matchType: "COUNTRY_CODE", matchValue: "NL" }],
    options: { apiRoot: "https://beckon.test/api", ip },
  });
  c.buttons[0].conditions = ["c-nl"];
  return c;
};

/** A chunk importer whose extras chunk arrives when arrive() is called (before or after it is asked for). */
const held = () => {
  let arrive = () => {};
  const chunk = new Promise((r) => (arrive = () => r(extras)));
  return { load: () => chunk, arrive: () => arrive() };
};

beforeEach(() => {
  resetPage();
  mockFetch();
});
afterEach(() => {
  window.scrollTo(0, 0);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetPage();
});

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

describe("re-evaluation of schedules (spec §4.2)", () => {
  it("the 60 s re-check follows each day's own hours: Saturday's window closes at 14:00, the weekdays' at 18:00", async () => {
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"] });
    styleLoaded();
    const win = (start: string, stop: string) => ({ start, stop });
    const hours = [...Array(5).fill(win("09:00", "18:00")), win("10:00", "14:00"), null];
    const c = config({ actions: [{ id: "act-1", actionType: "PHONE", actionValue: "1", schedule: { showAlways: false, timezone: "UTC", hours } }] });
    vi.setSystemTime(new Date("2025-01-11T13:59:30Z")); // a Saturday
    w.CNB_DATA = c;
    const out = await widget().start();
    expect(ids(out)).toEqual(["btn-1"]);
    await revealed(out[0]);
    await vi.waitFor(() => expect(vi.getTimerCount()).toBeGreaterThan(0)); // the chunk's timer is set
    vi.advanceTimersByTime(60000); // 14:00:30
    await vi.waitFor(() => expect(roots()).toEqual([]));
    vi.setSystemTime(new Date("2025-01-10T17:59:30Z")); // a Friday: still open
    w.CNB_DATA = c;
    const friday = await widget().start();
    expect(ids(friday)).toEqual(["btn-1"]);
  });
});

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
    const { loaderBase } = await import("../../src/loader/surface");
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

describe("lookups before deciding (spec §7)", () => {
  it("a lookup is made only when an active button needs one and apiRoot is set", async () => {
    const f = mockFetch({ "GET /api/v1/geo": () => ({ country_code: "NL" }) });
    w.CNB_DATA = geoConfig();
    expect(ids(await widget().start())).toEqual(["btn-1"]);
    expect(f.mock.calls.filter((c) => /\/v1\/geo/.test(c[0])).length).toBe(1);
    const noApi = geoConfig();
    noApi.options = {};
    const inactive = geoConfig();
    inactive.buttons.push({ ...inactive.buttons[0], id: "btn-2", conditions: [] });
    inactive.buttons[0].active = false;
    for (const c of [noApi, inactive, config({ options: { apiRoot: "https://beckon.test/api", reportStats: false } })]) {
      f.mockClear();
      resetPage();
      w.CNB_DATA = c;
      await widget().start();
      expect(f.mock.calls.filter((c) => /\/v1\/(geo|chat)/.test(c[0]))).toEqual([]);
    }
  });

  it("no lookup when no active button needs one", async () => {
    const f = mockFetch();
    w.CNB_DATA = config({ options: { apiRoot: "https://beckon.test/api", reportStats: false } });
    await widget().start();
    expect(f).not.toHaveBeenCalled();
  });

  it("GEO: the button shows for its country only", async () => {
    let country = "NL";
    const f = mockFetch({ "GET /api/v1/geo": () => ({ ip: "203.0.113.9", country_code: country }) });
    w.CNB_DATA = geoConfig("203.0.113.9");
    expect(ids(await widget().start())).toEqual(["btn-1"]);
    expect(f.mock.calls[0][0]).toBe("https://beckon.test/api/v1/geo?ip=203.0.113.9");
    resetPage();
    country = "BE";
    w.CNB_DATA = geoConfig();
    expect(await widget().start()).toEqual([]);
  });

  it("GEO: a failed lookup counts as no country", async () => {
    mockFetch();
    w.CNB_DATA = geoConfig();
    expect(await widget().start()).toEqual([]);
  });

  it("CHAT: the button shows only while agents are available", async () => {
    let agents = true;
    const f = mockFetch({ "GET /api/v1/chat/public/channels/available/dom-1": () => ({ agentAvailable: agents }) });
    const chat = () => {
      const c = config({
        conditions: [{ id: "c", filterType: "INCLUDE", conditionType: "CHAT", matchType: "AGENTS_AVAILABLE", matchValue: "" }],
        options: { apiRoot: "https://beckon.test/api", reportStats: false },
      });
      c.buttons[0].conditions = ["c"];
      return c;
    };
    w.CNB_DATA = chat();
    expect(ids(await widget().start())).toEqual(["btn-1"]);
    expect(f).toHaveBeenCalledTimes(1);
    resetPage();
    agents = false;
    w.CNB_DATA = chat();
    expect(await widget().start()).toEqual([]);
  });

  it("buttons do not wait more than 3 s for a hanging lookup", async () => {
    vi.useFakeTimers();
    vi.stubGlobal("fetch", vi.fn(() => new Promise(() => {})));
    w.CNB_DATA = geoConfig();
    const p = widget().start();
    await vi.advanceTimersByTimeAsync(3000);
    await expect(p).resolves.toEqual([]);
  });
});

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
    const load = () => new Promise<typeof import("../../src/loader/extras")>((r) => (arrive = () => r(import("../../src/loader/extras"))));
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

describe("re-evaluation (spec §4.2), started by the chunk after reveal", () => {
  beforeEach(() => styleLoaded());

  const timed = (multi = false): Config => {
    const c = config({
      actions: [
        { id: "act-1", actionType: "PHONE", actionValue: "1", schedule: { showAlways: false, timezone: "UTC", start: "09:00", stop: "17:00" } },
      ],
    });
    if (multi) {
      c.buttons[0].type = "MULTI";
      c.buttons[0].multiButtonOptions = { defaultState: "OPEN" };
    }
    return c;
  };

  it("every 60 s re-renders only when the decision changed", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-18T16:58:10Z") });
    w.CNB_DATA = timed();
    const first = await widget().start();
    expect(ids(first)).toEqual(["btn-1"]);
    await vi.advanceTimersByTimeAsync(60000); // 16:59:10 — same decision: the same element stays
    expect(roots()).toEqual(first);
    await vi.advanceTimersByTimeAsync(60000); // 17:00:10 — closed
    expect(roots()).toEqual([]);
  });

  it("a timer tick that shows buttons again reveals them", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-18T08:59:30Z") });
    w.CNB_DATA = timed();
    expect(await widget().start()).toEqual([]);
    await vi.advanceTimersByTimeAsync(60000); // 09:00:30 — open
    expect(ids(roots())).toEqual(["btn-1"]);
    await revealed(roots()[0]);
  });

  it("the timer does not re-render while a button is expanded", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-18T16:59:30Z") });
    w.CNB_DATA = timed(true);
    const [root] = await widget().start();
    expect(root.classList.contains("cnb-expand")).toBe(true);
    await vi.advanceTimersByTimeAsync(60000);
    expect(roots()).toEqual([root]);
    (root.querySelector(".cnb-toggle") as HTMLElement).click();
    expect(root.classList.contains("cnb-expand")).toBe(false);
    await vi.advanceTimersByTimeAsync(60000);
    expect(roots()).toEqual([]);
  });

  it("no timer without a timed schedule", async () => {
    const every = vi.spyOn(window, "setInterval");
    w.CNB_DATA = config();
    await widget().start();
    await settle();
    expect(every).not.toHaveBeenCalled();
    w.CNB_DATA = timed();
    await widget().start();
    await settle();
    expect(every).toHaveBeenCalledWith(expect.any(Function), 60000);
  });

  it("a later render stops the previous one's timer", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-18T16:58:10Z") });
    w.CNB_DATA = timed();
    const wd = widget();
    await wd.start();
    await vi.advanceTimersByTimeAsync(0);
    const once = await wd.render(timed(), false);
    await vi.advanceTimersByTimeAsync(180000); // closed by now, but nothing re-evaluates
    expect(roots()).toEqual(once);
  });

  it("a body resize re-renders a viewport-dependent button when the decision changes", async () => {
    const viewport = (width: number, height: number) =>
      (window as unknown as { happyDOM: { setViewport(v: object): void } }).happyDOM.setViewport({ width, height });
    let fire: () => void = () => {};
    let observed: Element | null = null;
    // The body's observer (collision avoidance has observers of its own, for other elements).
    vi.stubGlobal(
      "ResizeObserver",
      class {
        constructor(private cb: () => void) {}
        observe(el: Element) {
          if (el != document.body) return;
          observed = el;
          fire = this.cb;
        }
        unobserve() {}
        disconnect() {}
      },
    );
    const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    const c = config();
    c.buttons[0].options = { displayMode: "DESKTOP_ONLY" };
    w.CNB_DATA = c;
    viewport(1200, 800);
    const [root] = await widget().start();
    await settle();
    expect(observed).toBe(document.body);
    fire();
    await frame();
    expect(roots()).toEqual([root]); // unchanged decision: not re-rendered
    viewport(700, 500);
    fire();
    fire();
    await frame();
    expect(roots()).toEqual([]);
    viewport(1200, 800);
    fire();
    await frame();
    expect(ids(roots())).toEqual(["btn-1"]);
  });
});

describe("stylesheet reveal (spec §2.1, §4.2)", () => {
  beforeEach(() => vi.useFakeTimers());
  const start = async () => {
    w.CNB_DATA = config({ options: { cssLocation: "https://cdn.beckon.test/beckon.css" } });
    const [root] = await widget().start();
    return root;
  };

  it("reveals on the link's load event", async () => {
    const root = await start();
    expect(isRevealed(root)).toBe(false);
    styleLoaded();
    document.querySelector("link")!.dispatchEvent(new Event("load"));
    await revealed(root);
  });

  it("polls every 200 ms when no load event comes", async () => {
    const root = await start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(isRevealed(root)).toBe(false);
    styleLoaded();
    await vi.advanceTimersByTimeAsync(199);
    expect(isRevealed(root)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await revealed(root);
  });

  it("gives up after 100 attempts, logging in debug mode", async () => {
    flags({ "cnb.debug": "true" });
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const root = await start();
    await vi.advanceTimersByTimeAsync(200 * 99);
    expect(info).not.toHaveBeenCalledWith("Beckon:", "stylesheet not applied:", expect.anything());
    await vi.advanceTimersByTimeAsync(200);
    await vi.advanceTimersByTimeAsync(1); // the chunk, which writes the line, is imported in a task of its own
    expect(info).toHaveBeenCalledWith("Beckon:", "stylesheet not applied:", "https://cdn.beckon.test/beckon.css");
    expect(vi.getTimerCount()).toBe(0);
    styleLoaded();
    await vi.advanceTimersByTimeAsync(200 * 10);
    expect(isRevealed(root)).toBe(false);
  });

  it("a later render ends the wait of the earlier one", async () => {
    const c = config({ options: { cssLocation: "https://cdn.beckon.test/beckon.css" } });
    w.CNB_DATA = c;
    const wd = widget();
    const [first] = await wd.start();
    const [second] = await wd.render(c);
    const reads = vi.spyOn(window, "getComputedStyle");
    await vi.advanceTimersByTimeAsync(400);
    // Only the later render polls. (Reads of the page's other elements are the collision watchers'
    // of earlier tests here, whose widgets are never stopped: not the stylesheet's poll.)
    const roots = reads.mock.calls.map(([el]) => el).filter((el) => el.classList.contains("call-now-button"));
    expect(roots).toEqual([second, second]);
    styleLoaded();
    await vi.advanceTimersByTimeAsync(200);
    await revealed(second);
    expect(isRevealed(first)).toBe(false);
    expect(first.isConnected).toBe(false);
  });
});

describe("clicks (spec §7)", () => {
  const events = () => {
    const seen: Array<[string, unknown]> = [];
    for (const t of ["cnb:click", "cnb:open", "cnb:expand", "cnb:collapse"])
      document.addEventListener(t, (e) => seen.push([t, (e as CustomEvent).detail]));
    return seen;
  };

  const tracked = () => config({ domains: [{ id: "dom-1", name: "localhost", properties: { trackGA: true, trackConversion: true } }] });

  it("analytics per domain properties (at once: the chunk is there) and a cnb:click event", async () => {
    styleLoaded();
    const gtag = vi.fn();
    w.gtag = gtag;
    w.gtag_report_conversion = vi.fn();
    w.CNB_DATA = tracked();
    const [root] = await widget().start();
    await settle();
    const seen = events();
    const a = root.querySelector<HTMLAnchorElement>("[data-action-id=act-1]")!;
    a.addEventListener("click", (e) => e.preventDefault()); // no navigation in the test page
    a.click();
    expect(gtag).toHaveBeenCalledWith("event", "click", { event_category: "Beckon Button", event_label: "PHONE +31 20 123 4567" });
    expect(w.gtag_report_conversion).toHaveBeenCalledTimes(1);
    expect(seen).toContainEqual(["cnb:click", { actionId: "act-1", actionType: "PHONE", buttonId: "btn-1" }]);
  });

  it("a click that opens a surface is tracked a task later, after the surface has started opening", async () => {
    styleLoaded();
    const gtag = vi.fn();
    w.gtag = gtag;
    const c = tracked();
    c.actions = [{ id: "act-1", actionType: "CHAT", actionValue: "" }];
    w.CNB_DATA = c;
    const [root] = await widget().start();
    await settle();
    const seen = events();
    root.querySelector<HTMLElement>("[data-action-id=act-1]")!.click();
    expect(seen.map(([name]) => name)).toEqual(["cnb:open", "cnb:click"]);
    expect(gtag).not.toHaveBeenCalled();
    await settle();
    expect(gtag).toHaveBeenCalledWith("event", "click", { event_category: "Beckon Button", event_label: "CHAT " });
  });

  it("a click before the chunk arrives is tracked when it arrives; its event does not wait", async () => {
    styleLoaded();
    const gtag = vi.fn();
    w.gtag = gtag;
    w.CNB_DATA = tracked();
    const h = held();
    const [root] = await widget(h.load).start();
    const seen = events();
    const a = root.querySelector<HTMLAnchorElement>("[data-action-id=act-1]")!;
    a.addEventListener("click", (e) => e.preventDefault());
    a.click();
    expect(seen).toEqual([["cnb:click", { actionId: "act-1", actionType: "PHONE", buttonId: "btn-1" }]]);
    await settle();
    expect(gtag).not.toHaveBeenCalled();
    h.arrive();
    await settle();
    expect(gtag).toHaveBeenCalledWith("event", "click", { event_category: "Beckon Button", event_label: "PHONE +31 20 123 4567" });
    expect(gtag).toHaveBeenCalledWith("event", "conversion");
  });

  it("no analytics when the domain does not ask for it", async () => {
    styleLoaded();
    const gtag = vi.fn();
    w.gtag = gtag;
    w.CNB_DATA = config();
    const [root] = await widget().start();
    await settle();
    const a = root.querySelector<HTMLAnchorElement>("a")!;
    a.addEventListener("click", (e) => e.preventDefault());
    a.click();
    await settle();
    expect(gtag).not.toHaveBeenCalled();
  });

  it("a surface action dispatches cnb:open then cnb:click", async () => {
    w.CNB_DATA = config({ actions: [{ id: "act-1", actionType: "CHAT", actionValue: "" }] });
    const [root] = await widget().start();
    const seen = events();
    root.querySelector<HTMLElement>("[data-action-id=act-1]")!.click();
    expect(seen).toEqual([
      ["cnb:open", { actionId: "act-1", actionType: "CHAT" }],
      ["cnb:click", { actionId: "act-1", actionType: "CHAT", buttonId: "btn-1" }],
    ]);
  });

  it("toggling a multi button dispatches cnb:expand and cnb:collapse", async () => {
    const c = config();
    c.buttons[0].type = "MULTI";
    w.CNB_DATA = c;
    const [root] = await widget().start();
    const seen = events();
    const t = root.querySelector<HTMLElement>(".cnb-toggle")!;
    t.click();
    t.click();
    expect(seen).toEqual([
      ["cnb:expand", { buttonId: "btn-1" }],
      ["cnb:collapse", { buttonId: "btn-1" }],
    ]);
  });
});

describe("scroll rules, watched by the chunk after reveal (spec §2.3)", () => {
  beforeEach(() => styleLoaded());
  const scrolled = (rule: object) => {
    const c = config();
    c.buttons[0].options = { scroll: rule };
    return c;
  };
  const scrollTo = async (y: number) => {
    window.scrollTo(0, y);
    window.dispatchEvent(new Event("scroll"));
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  };

  it("a button shown from revealAtHeight on; a later render drops its rule and listener", async () => {
    const add = vi.spyOn(window, "addEventListener");
    const rem = vi.spyOn(window, "removeEventListener");
    const scrolls = (spy: typeof add) => spy.mock.calls.filter(([t]) => t == "scroll");
    w.CNB_DATA = scrolled({ revealAtHeight: 300, hideAtHeight: 1500 });
    const wd = widget();
    const [root] = await wd.start();
    expect(isRevealed(root)).toBe(false);
    await settle();
    expect(scrolls(add)).toHaveLength(1);
    await scrollTo(400);
    await revealed(root);
    await scrollTo(1600);
    expect(isRevealed(root)).toBe(false);
    await wd.render(config());
    expect(scrolls(rem)).toHaveLength(1);
    expect(scrolls(rem)[0][1]).toBe(scrolls(add)[0][1]);
  });

  it("a button with a rule stays hidden until the chunk applies the rule; one without shows at once", async () => {
    const h = held();
    w.CNB_DATA = scrolled({ hideAtHeight: 500 });
    const [root] = await widget(h.load).start();
    expect(isRevealed(root)).toBe(false);
    h.arrive();
    await revealed(root);
    resetPage();
    styleLoaded();
    w.CNB_DATA = scrolled({ revealAtHeight: 0, hideAtHeight: 0 });
    const [plain] = await widget(held().load).start();
    await revealed(plain);
  });

  it("a render replaced before the chunk arrives hands it nothing", async () => {
    const h = held();
    w.CNB_DATA = scrolled({ revealAtHeight: 300 });
    const wd = widget(h.load);
    const [first] = await wd.start();
    const [second] = await wd.render(scrolled({ revealAtHeight: 300 }));
    h.arrive();
    await settle();
    await scrollTo(400);
    expect(first.isConnected).toBe(false);
    expect(isRevealed(first)).toBe(false);
    await revealed(second);
  });
});

describe("the animation stylesheet, loaded by the chunk after reveal", () => {
  const anims = () => Array.from(document.querySelectorAll("link"), (l) => l.getAttribute("href")).filter((h) => /anim/.test(h!));
  const animated = (options: Config["options"] = {}) => {
    const c = config({ options });
    c.buttons[0].options = { animation: "SHAKE" };
    return c;
  };

  it("comes once from the stylesheet's folder when a shown button is animated", async () => {
    const c = animated({ cssLocation: "https://cdn.beckon.test/css/beckon.css?v=2" });
    w.CNB_DATA = c;
    const wd = widget();
    await wd.start();
    await settle();
    expect(anims()).toEqual([]); // not before the buttons show
    styleLoaded();
    document.querySelector("link")!.dispatchEvent(new Event("load"));
    await settle();
    expect(anims()).toEqual(["https://cdn.beckon.test/css/beckon-anim.css"]);
    await wd.render(c);
    await settle();
    expect(anims()).toHaveLength(1);
  });

  it("beside the loader by default; not for buttons without animation", async () => {
    styleLoaded();
    w.CNB_DATA = config();
    boot("https://cdn.beckon.test/static/beckon.js", chunk());
    await vi.waitFor(() => expect(roots().length).toBe(1));
    await settle();
    expect(anims()).toEqual([]);
    await (w.CNB as { render(d: unknown): Promise<unknown> }).render(animated());
    await settle();
    expect(anims()).toEqual(["https://cdn.beckon.test/static/beckon-anim.css"]);
  });
});
