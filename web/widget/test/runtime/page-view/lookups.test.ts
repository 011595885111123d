// @vitest-environment happy-dom
// The loader's page-view flow with the real decision, renderer and extras chunk; only fetch and
// timers are mocked. Here: the lookups a decision waits for (geo).
import { describe, expect, it, vi } from "vitest";
import { config } from "../fixtures";
import { ids, mockFetch, resetPage, widget } from "../helpers";
import { pageViewHooks, w, geoConfig } from "./setup";

pageViewHooks();

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
