// @vitest-environment happy-dom
// The POST itself; when it is sent (reportStats, apiRoot, matched domain, once per page view) is
// tested through the widget in test/runtime/page-view/extras.test.ts.
import { afterEach, describe, expect, it, vi } from "vitest";
import { sendItemStats, sendStats } from "../../src/loader/calls/stats";

afterEach(() => vi.unstubAllGlobals());

describe("statistics (spec §7)", () => {
  it("POSTs the exact body with keepalive", async () => {
    const f = vi.fn(async (_u: string, _i?: RequestInit) => new Response(null, { status: 204 }));
    vi.stubGlobal("fetch", f);
    await sendStats("https://b.example/api/", "dom-1");
    expect(f).toHaveBeenCalledTimes(1);
    const [url, init] = f.mock.calls[0];
    expect(url).toBe("https://b.example/api/v1/stats");
    expect(init!.method).toBe("POST");
    expect(init!.keepalive).toBe(true);
    expect((init!.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
    expect(init!.body).toBe('{"type":"event","payload":{"website":"beckon","event_name":"dom-1","url":""}}');
  });

  it("the per-button extension: the same body with a name, the buttons and the action clicked", async () => {
    const f = vi.fn(async (_u: string, _i?: RequestInit) => new Response(null, { status: 204 }));
    vi.stubGlobal("fetch", f);
    await sendItemStats("https://b.example/api", "dom-1", "view", ["b1", "b2"]);
    await sendItemStats("https://b.example/api", "dom-1", "click", ["b2"], "a1");
    expect(f.mock.calls.map(([u, i]) => [u, i!.keepalive, i!.body])).toEqual([
      ["https://b.example/api/v1/stats", true, '{"type":"event","payload":{"website":"beckon","event_name":"dom-1","url":"","name":"view","buttons":["b1","b2"]}}'],
      ["https://b.example/api/v1/stats", true, '{"type":"event","payload":{"website":"beckon","event_name":"dom-1","url":"","name":"click","buttons":["b2"],"action":"a1"}}'],
    ]);
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("offline"))));
    await expect(sendItemStats("https://b.example", "d", "view", ["b"])).resolves.toBeUndefined();
  });

  it("swallows failures", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("offline"))));
    await expect(sendStats("https://b.example", "d")).resolves.toBeUndefined();
    vi.stubGlobal("fetch", vi.fn(() => { throw new Error("sync"); }));
    await expect(sendStats("https://b.example", "d")).resolves.toBeUndefined();
  });
});
