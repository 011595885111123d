// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Config } from "../../src/config/types.gen";
import { lookups } from "../../src/loader/calls/lookups";
import { apiBase, getJson, TIMEOUT_MS } from "../../src/loader/calls/http";

const json = (body: unknown, status = 200) =>
  vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const domain = { id: "dom 1", name: "localhost" };
/** A config whose one active button has a condition of this type. */
const needing = (type: "GEO" | "CHAT", options: Config["options"] = { apiRoot: "https://b.example/api/" }): Config => ({
  userId: "u",
  domains: [domain],
  buttons: [{ id: "b", active: true, domainId: "dom 1", type: "SINGLE", actions: [], conditions: ["c"] }],
  conditions: [{ id: "c", filterType: "INCLUDE", conditionType: type, matchType: "COUNTRY_CODE", matchValue: "NL" }],
  options,
});

describe("geo lookup (spec §7)", () => {
  it("GETs {apiRoot}/v1/geo and returns the country code in upper case", async () => {
    const f = json({ ip: "1.2.3.4", country_code: "nl" });
    vi.stubGlobal("fetch", f);
    expect(await lookups(needing("GEO"), domain, true, false)).toEqual({ countryCode: "NL", agentsAvailable: false });
    expect(f.mock.calls[0][0]).toBe("https://b.example/api/v1/geo");
  });

  it("passes options.ip", async () => {
    const f = json({ ip: "1.2.3.4", country_code: "DE" });
    vi.stubGlobal("fetch", f);
    expect((await lookups(needing("GEO", { apiRoot: "https://b.example", ip: "1.2.3.4" }), domain, true, false)).countryCode).toBe("DE");
    expect(f.mock.calls[0][0]).toBe("https://b.example/v1/geo?ip=1.2.3.4");
  });

  it("no country on any failure", async () => {
    const cc = async () => (await lookups(needing("GEO"), domain, true, false)).countryCode;
    vi.stubGlobal("fetch", json({ error: "x" }, 500));
    expect(await cc()).toBeNull();
    vi.stubGlobal("fetch", json({ ip: "1.2.3.4" }));
    expect(await cc()).toBeNull();
    vi.stubGlobal("fetch", json(null));
    expect(await cc()).toBeNull();
    vi.stubGlobal("fetch", json({ country_code: 7 }));
    expect(await cc()).toBeNull();
    vi.stubGlobal("fetch", vi.fn(async () => new Response("not json")));
    expect(await cc()).toBeNull();
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    expect(await cc()).toBeNull();
    vi.stubGlobal("fetch", vi.fn(() => { throw new Error("sync"); }));
    expect(await cc()).toBeNull();
  });

  it("no request without apiRoot, or when the loader asks for none", async () => {
    const f = json({ country_code: "NL" });
    vi.stubGlobal("fetch", f);
    expect((await lookups(needing("GEO", {}), domain, true, true)).countryCode).toBeNull();
    expect(await lookups(needing("GEO"), domain, false, false)).toEqual({ countryCode: null, agentsAvailable: false });
    expect(f).not.toHaveBeenCalled();
  });

  it("both lookups at once when both are asked for", async () => {
    const f = vi.fn(async (url: string) => new Response(JSON.stringify(url.endsWith("/v1/geo") ? { country_code: "be" } : { agentAvailable: true })));
    vi.stubGlobal("fetch", f);
    expect(await lookups(needing("GEO"), domain, true, true)).toEqual({ countryCode: "BE", agentsAvailable: true });
    expect(f).toHaveBeenCalledTimes(2);
  });
});

describe("agents-available lookup (spec §7)", () => {
  it("GETs the availability of the matched domain's channel", async () => {
    const f = json({ agentAvailable: true });
    vi.stubGlobal("fetch", f);
    expect(await lookups(needing("CHAT"), domain, false, true)).toEqual({ countryCode: null, agentsAvailable: true });
    expect(f.mock.calls[0][0]).toBe("https://b.example/api/v1/chat/public/channels/available/dom%201");
  });

  it("is false for agentAvailable false, odd values, failures and no matched domain", async () => {
    const available = async () => (await lookups(needing("CHAT"), domain, false, true)).agentsAvailable;
    vi.stubGlobal("fetch", json({ agentAvailable: false }));
    expect(await available()).toBe(false);
    vi.stubGlobal("fetch", json({ agentAvailable: "true" }));
    expect(await available()).toBe(false);
    vi.stubGlobal("fetch", json(null));
    expect(await available()).toBe(false);
    vi.stubGlobal("fetch", json({ agentAvailable: true }, 404));
    expect(await available()).toBe(false);
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("offline"))));
    expect(await available()).toBe(false);
    const f = json({ agentAvailable: true });
    vi.stubGlobal("fetch", f);
    expect((await lookups(needing("CHAT"), null, false, true)).agentsAvailable).toBe(false);
    expect(f).not.toHaveBeenCalled();
  });
});

describe("getJson", () => {
  it("never waits longer than the timeout, and never rejects", async () => {
    vi.useFakeTimers();
    vi.stubGlobal("fetch", vi.fn(() => new Promise(() => {})));
    let done = false;
    const p = getJson("https://b.example/x").then((v) => ((done = true), v));
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await p).toBeUndefined();
  });

  it("apiBase drops trailing slashes", () => {
    expect(apiBase("https://x/api//")).toBe("https://x/api");
    expect(apiBase(undefined)).toBe("");
  });
});
