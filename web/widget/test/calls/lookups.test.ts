// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { lookupCountry } from "../../src/loader/calls/geo";
import { lookupAgentsAvailable } from "../../src/loader/calls/availability";
import { TIMEOUT_MS } from "../../src/loader/calls/http";

const json = (body: unknown, status = 200) =>
  vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("geo lookup (spec §7)", () => {
  it("GETs {apiRoot}/v1/geo and returns the country code", async () => {
    const f = json({ ip: "1.2.3.4", country_code: "NL" });
    vi.stubGlobal("fetch", f);
    expect(await lookupCountry("https://beckon.example.com/api/")).toBe("NL");
    expect(f.mock.calls[0][0]).toBe("https://beckon.example.com/api/v1/geo");
  });

  it("passes options.ip", async () => {
    const f = json({ ip: "1.2.3.4", country_code: "de" });
    vi.stubGlobal("fetch", f);
    expect(await lookupCountry("https://b.example", "1.2.3.4")).toBe("DE");
    expect(f.mock.calls[0][0]).toBe("https://b.example/v1/geo?ip=1.2.3.4");
  });

  it("returns null on any failure", async () => {
    vi.stubGlobal("fetch", json({ error: "x" }, 500));
    expect(await lookupCountry("https://b.example")).toBeNull();
    vi.stubGlobal("fetch", json({ ip: "1.2.3.4" }));
    expect(await lookupCountry("https://b.example")).toBeNull();
    vi.stubGlobal("fetch", vi.fn(async () => new Response("not json")));
    expect(await lookupCountry("https://b.example")).toBeNull();
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    expect(await lookupCountry("https://b.example")).toBeNull();
    vi.stubGlobal("fetch", vi.fn(() => { throw new Error("sync"); }));
    expect(await lookupCountry("https://b.example")).toBeNull();
  });

  it("treats a missing apiRoot as failure without a request", async () => {
    const f = json({ country_code: "NL" });
    vi.stubGlobal("fetch", f);
    expect(await lookupCountry(undefined)).toBeNull();
    expect(f).not.toHaveBeenCalled();
  });

  it("gives up after the timeout and aborts the request", async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    vi.stubGlobal("fetch", vi.fn((_u: string, init?: RequestInit) => {
      signal = init?.signal ?? undefined;
      return new Promise(() => {});
    }));
    const p = lookupCountry("https://b.example");
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS);
    expect(await p).toBeNull();
    expect(signal?.aborted).toBe(true);
  });
});

describe("agents-available lookup (spec §7)", () => {
  it("GETs the availability of the domain's channel", async () => {
    const f = json({ agentAvailable: true });
    vi.stubGlobal("fetch", f);
    expect(await lookupAgentsAvailable("https://b.example/api", "dom 1")).toBe(true);
    expect(f.mock.calls[0][0]).toBe("https://b.example/api/v1/chat/public/channels/available/dom%201");
  });

  it("is false for agentAvailable false, odd values and failures", async () => {
    vi.stubGlobal("fetch", json({ agentAvailable: false }));
    expect(await lookupAgentsAvailable("https://b.example", "d")).toBe(false);
    vi.stubGlobal("fetch", json({ agentAvailable: "true" }));
    expect(await lookupAgentsAvailable("https://b.example", "d")).toBe(false);
    vi.stubGlobal("fetch", json(null));
    expect(await lookupAgentsAvailable("https://b.example", "d")).toBe(false);
    vi.stubGlobal("fetch", json({ agentAvailable: true }, 404));
    expect(await lookupAgentsAvailable("https://b.example", "d")).toBe(false);
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("offline"))));
    expect(await lookupAgentsAvailable("https://b.example", "d")).toBe(false);
    expect(await lookupAgentsAvailable("", "d")).toBe(false);
  });

  it("is false after the timeout", async () => {
    vi.useFakeTimers();
    vi.stubGlobal("fetch", vi.fn(() => new Promise(() => {})));
    const p = lookupAgentsAvailable("https://b.example", "d");
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS);
    expect(await p).toBe(false);
  });
});
