// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
// Click analytics (analytics.ts, in the extras chunk); the click's events and the queueing of
// clicks before the chunk arrives are tested with the whole loader in page-view/clicks.test.ts.
import type { Action, Domain } from "../../src/config/types.gen";
import { track } from "../../src/loader/analytics";

const action: Action = { id: "act-1", actionType: "PHONE", actionValue: "+31201234567" };
const domain = (p: Domain["properties"]): Domain => ({ id: "dom-1", name: "localhost", properties: p });
const w = window as unknown as Record<string, unknown>;

afterEach(() => {
  delete w.gtag;
  delete w.dataLayer;
  delete w.gtag_report_conversion;
});

/** The page's analytics as the host page defines them. */
const page = (fns: Record<string, unknown>) => Object.assign(w, fns);
const click = (d: Domain | null, a = action) => track(d, a);

describe("analytics per domain properties (spec §7)", () => {
  it("trackGA calls gtag with the Beckon category and the action as label", () => {
    const p = page({ gtag: vi.fn(), dataLayer: { push: vi.fn() } });
    click(domain({ trackGA: true }));
    expect(p.gtag).toHaveBeenCalledExactlyOnceWith("event", "click", {
      event_category: "Beckon Button",
      event_label: "PHONE +31201234567",
    });
    expect((p.dataLayer as { push: () => void }).push).not.toHaveBeenCalled();
  });

  it("trackGA pushes to dataLayer when there is no gtag", () => {
    const p = page({ dataLayer: [] as unknown[] });
    click(domain({ trackGA: true }));
    expect(p.dataLayer).toEqual([{ event: "click", event_category: "Beckon Button", event_label: "PHONE +31201234567" }]);
  });

  it("nothing without trackGA / trackConversion, or without a matched domain", () => {
    const p = page({ gtag: vi.fn(), gtag_report_conversion: vi.fn(), dataLayer: [] as unknown[] });
    click(domain({}));
    click({ id: "d", name: "x" });
    click(null);
    expect(p.gtag).not.toHaveBeenCalled();
    expect(p.gtag_report_conversion).not.toHaveBeenCalled();
    expect(p.dataLayer).toEqual([]);
  });

  it("trackConversion prefers the page's gtag_report_conversion", () => {
    const p = page({ gtag: vi.fn(), gtag_report_conversion: vi.fn() });
    click(domain({ trackConversion: true }));
    expect(p.gtag_report_conversion).toHaveBeenCalledExactlyOnceWith();
    expect(p.gtag).not.toHaveBeenCalled();
  });

  it("trackConversion falls back to gtag('event', 'conversion')", () => {
    const p = page({ gtag: vi.fn() });
    click(domain({ trackConversion: true }));
    expect(p.gtag).toHaveBeenCalledExactlyOnceWith("event", "conversion");
  });

  it("both together, and a page function that throws does not stop the other", () => {
    const p = page({
      gtag: vi.fn(() => {
        throw new Error("ga broken");
      }),
      gtag_report_conversion: vi.fn(),
    });
    expect(() => click(domain({ trackGA: true, trackConversion: true }))).not.toThrow();
    expect(p.gtag).toHaveBeenCalledTimes(1);
    expect(p.gtag_report_conversion).toHaveBeenCalledTimes(1);
  });

  it("without any analytics on the page: nothing thrown, nothing loaded", () => {
    const before = document.querySelectorAll("script").length;
    expect(() => click(domain({ trackGA: true, trackConversion: true }))).not.toThrow();
    expect(document.querySelectorAll("script").length).toBe(before);
  });
});
