// @vitest-environment happy-dom
// window.CNB (docs/architecture.md "Contracts"): render, open, version.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CnbApi } from "../../src/loader/api";
import { boot } from "../../src/loader/boot";
import { config } from "./fixtures";
import { chunk, ids, isRevealed, revealed, mockFetch, resetPage, roots, styleLoaded } from "./helpers";

const w = window as unknown as Record<string, unknown>;
const CNB = () => w.CNB as CnbApi;

beforeEach(async () => {
  resetPage();
  mockFetch();
  w.CNB_DATA = config();
  boot("https://cdn.beckon.test/static/beckon.js", chunk());
  await vi.waitFor(() => expect(roots().length).toBe(1));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetPage();
});

const two = () =>
  config({
    domains: [{ id: "dom-1", name: "localhost", properties: { allowMultipleButtons: true } }],
    buttons: [
      { id: "a", active: true, domainId: "dom-1", type: "SINGLE", actions: ["p"], options: { placement: "BOTTOM_RIGHT" } },
      { id: "b", active: true, domainId: "dom-1", type: "SINGLE", actions: ["p"], options: { placement: "BOTTOM_LEFT" } },
    ],
    actions: [{ id: "p", actionType: "PHONE", actionValue: "2" }],
  });

describe("window.CNB", () => {
  it("has the version", () => {
    expect(CNB().version).toBe("1.0.109");
  });

  it("render(data) replaces the buttons and resolves to the new roots", async () => {
    const before = roots();
    const out = await CNB().render(two());
    expect(ids(out)).toEqual(["a", "b"]);
    expect(roots()).toEqual(out);
    expect(before[0].isConnected).toBe(false);
  });

  it("render(data) accepts JSON text", async () => {
    expect(ids(await CNB().render(JSON.stringify(two())))).toEqual(["a", "b"]);
  });

  it("render() without data renders the startup config again", async () => {
    await CNB().render(two());
    const out = await CNB().render();
    expect(ids(out)).toEqual(["btn-1"]);
    expect(roots()).toEqual(out);
  });

  it("resolves to an empty array when nothing applies, and removes the previous buttons", async () => {
    const c = two();
    c.buttons.forEach((b) => (b.active = false));
    expect(await CNB().render(c)).toEqual([]);
    expect(roots()).toEqual([]);
  });

  it("resolves to an empty array for data that is not a config, keeping the buttons", async () => {
    expect(await CNB().render({ userId: 1 })).toEqual([]);
    expect(await CNB().render("{oops")).toEqual([]);
    expect(ids(roots())).toEqual(["btn-1"]);
  });

  it("never rejects, even on hostile data", async () => {
    const hostile = new Proxy({}, { get() { throw new Error("trap"); }, ownKeys() { throw new Error("trap"); } });
    await expect(CNB().render(hostile)).resolves.toEqual([]);
  });

  it("returns the roots at once, hidden, and reveals them when the stylesheet applies", async () => {
    vi.useFakeTimers();
    const out = await CNB().render(two());
    expect(out.every((r) => !isRevealed(r))).toBe(true);
    styleLoaded();
    await vi.advanceTimersByTimeAsync(200);
    await Promise.all(out.map(revealed));
  });

  it("a later render wins over one still waiting for a lookup", async () => {
    let answer: (v: Response) => void = () => {};
    vi.stubGlobal("fetch", vi.fn(() => new Promise<Response>((r) => (answer = r))));
    const geo = two();
    geo.conditions = [{ id: "g", filterType: "INCLUDE", conditionType: "GEO", matchType: "COUNTRY_CODE", matchValue: "NL" }];
    geo.buttons[0].conditions = ["g"];
    geo.options = { apiRoot: "https://beckon.test/api" };
    const slow = CNB().render(geo);
    const fast = await CNB().render();
    answer(new Response(JSON.stringify({ country_code: "NL" })));
    expect(await slow).toEqual([]);
    expect(ids(fast)).toEqual(["btn-1"]);
    expect(roots()).toEqual(fast);
  });

  it("addObservers=false starts no re-evaluation timer", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-18T16:59:30Z") });
    styleLoaded();
    const c = two();
    c.actions![0].schedule = { showAlways: false, timezone: "UTC", start: "09:00", stop: "17:00" };
    const once = await CNB().render(c, false);
    await vi.advanceTimersByTimeAsync(120000);
    expect(roots()).toEqual(once);
    const watched = await CNB().render(c);
    expect(ids(watched)).toEqual([]); // it is 17:01:30 now
  });

  it("open(actionId) opens a surface of the current config", async () => {
    await CNB().render(config({ actions: [{ id: "act-1", actionType: "CHAT", actionValue: "" }] }));
    const seen: unknown[] = [];
    document.addEventListener("cnb:open", (e) => seen.push((e as CustomEvent).detail));
    expect(CNB().open("act-1")).toBe(true);
    expect(CNB().open("nope")).toBe(false);
    expect(seen).toEqual([{ actionId: "act-1", actionType: "CHAT" }]);
  });
});
