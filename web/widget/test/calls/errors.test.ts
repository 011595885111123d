// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Config } from "../../src/config/types.gen";
import { BACKOFF_MAX_MS, createReporter, MAX_EVENTS } from "../../src/loader/calls/errors";

let status = 200;
let fetchMock: ReturnType<typeof vi.fn>;
let clock = 0;
const now = () => clock;
const flush = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  status = 200;
  clock = 1_000_000;
  fetchMock = vi.fn(async (_u: string, _i?: RequestInit) => new Response(null, { status }));
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

/** The reporter for a config with this errorReportingUrl and userId. */
const reporter = (url?: string, userId?: string) =>
  createReporter(() => ({ userId, domains: [], buttons: [], options: { errorReportingUrl: url } }) as unknown as Config, now);

const body = (i = 0) => JSON.parse(fetchMock.mock.calls[i][1].body as string);

describe("error reporting (spec §7)", () => {
  it("sends only events carrying the { cnb: 1 } marker", async () => {
    const report = reporter("https://errors.example/e", "u1");
    report(new Error("host error"));
    report(new Error("host error"), { cnb: 0 });
    report(new Error("host error"), { other: 1 });
    expect(fetchMock).not.toHaveBeenCalled();
    const err = new Error("beckon broke");
    report(err, { cnb: 1, where: "render" });
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe("https://errors.example/e");
    expect(fetchMock.mock.calls[0][1].method).toBe("POST");
    expect(body()).toEqual({
      message: "beckon broke",
      stack: err.stack,
      release: "1.0.109",
      environment: "production",
      userId: "u1",
      url: location.href,
      extra: { cnb: 1, where: "render" },
    });
  });

  it("sends nothing without an errorReportingUrl", () => {
    reporter(undefined, "u1")(new Error("x"), { cnb: 1 });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("reports non-Error values; an unserialisable extra is dropped without throwing", async () => {
    const report = reporter("https://errors.example/e", "u1");
    report("plain string", { cnb: 1 });
    await flush();
    expect(body().message).toBe("plain string");
    const cyclic: Record<string, unknown> = { cnb: 1 };
    cyclic.self = cyclic;
    clock += 1;
    expect(() => report(new Error("x"), cyclic)).not.toThrow();
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("sends at most 10 events per page view", async () => {
    const report = reporter("https://errors.example/e");
    for (let i = 0; i < 25; i++) report(new Error("e" + i), { cnb: 1 });
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(MAX_EVENTS);
  });

  it("backs off after a 429: 1 s, doubling, dropping events meanwhile", async () => {
    const report = reporter("https://errors.example/e");
    status = 429;
    report(new Error("a"), { cnb: 1 });
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    clock += 999;
    report(new Error("dropped"), { cnb: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    clock += 1;
    report(new Error("b"), { cnb: 1 }); // sent, 429 again → 2 s
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    clock += 1999;
    report(new Error("dropped"), { cnb: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    clock += 1;
    status = 200;
    report(new Error("c"), { cnb: 1 }); // succeeds → back-off reset
    await flush();
    report(new Error("d"), { cnb: 1 });
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it("backs off after network failures, doubling each time", async () => {
    fetchMock.mockImplementation(async () => Promise.reject(new TypeError("offline")));
    const report = reporter("https://errors.example/e");
    let delay = 1000;
    for (let i = 0; i < MAX_EVENTS; i++) {
      report(new Error("x"), { cnb: 1 });
      await flush();
      expect(fetchMock).toHaveBeenCalledTimes(i + 1);
      clock += delay - 1;
      report(new Error("dropped"), { cnb: 1 });
      expect(fetchMock).toHaveBeenCalledTimes(i + 1);
      clock += 1;
      delay = Math.min(delay * 2, BACKOFF_MAX_MS);
    }
  });

  it("uses the config current at each report: nothing before there is one", async () => {
    let config: Config | undefined;
    const report = createReporter(() => config, now);
    report(new Error("early"), { cnb: 1 });
    expect(fetchMock).not.toHaveBeenCalled();
    config = { userId: "u2", domains: [], buttons: [], options: { errorReportingUrl: "https://errors.example/e" } };
    report(new Error("late"), { cnb: 1 });
    await flush();
    expect(body().userId).toBe("u2");
  });
});
