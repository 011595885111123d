// @vitest-environment happy-dom
// Consent first in the extras chunk (loader/extras.ts): on a domain that waits for consent, no
// statistics, error report or click analytics leave the page until consent; then they do, and
// taking consent back stops them again. The page's fetch is the observed boundary.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import extras from "../../src/loader/extras";
import type { Ctx } from "../../src/loader/contract";

const domain = { id: "d1", name: "shop.example", properties: { waitForConsent: true, trackGA: true } };
const action = { id: "call", actionType: "PHONE", actionValue: "+15550100" } as never;

let fetched: string[];
beforeEach(() => {
  fetched = [];
  vi.stubGlobal("fetch", vi.fn(async (u: string) => (fetched.push(u), new Response(null, { status: 204 }))));
  (window as { gtag?: unknown }).gtag = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

function chunk() {
  const config = { userId: "u1", domains: [domain], buttons: [], actions: [action], options: { apiRoot: "https://b.example/api", errorReportingUrl: "https://errors.example/r" } };
  const ctx: Ctx = {
    roots: [],
    config: config as never,
    decision: { domain: domain as never, buttons: [], warnings: [] },
    decideAgain: () => ctx.decision!,
    show: () => {},
    stopWatching: () => {},
    unwatchScroll: () => {},
  };
  return { ctx, x: extras(ctx), config };
}

const tick = () => new Promise((r) => setTimeout(r));

describe("consent first in the extras chunk", () => {
  it("nothing leaves before consent; statistics and reports after; nothing again once taken back", async () => {
    const { ctx, x, config } = chunk();
    x.stats(config as never, domain as never);
    x.report(Error("boom"));
    x.click(domain as never, action);
    await tick();
    expect(fetched).toEqual([]);
    expect((window as { gtag?: ReturnType<typeof vi.fn> }).gtag).not.toHaveBeenCalled();

    ctx.given = true;
    x.consent();
    x.report(Error("boom"));
    await tick();
    expect(fetched).toEqual(["https://b.example/api/v1/stats", "https://errors.example/r"]);

    ctx.given = false;
    x.consent();
    x.report(Error("again"));
    x.click(domain as never, action);
    await tick();
    expect(fetched.length).toBe(2);
  });
});
