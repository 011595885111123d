// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Action, Domain } from "../../src/config/types.gen";
import { GA_CATEGORY, handleAction, trackClick } from "../../src/loader/clicks";

const action: Action = { id: "act-1", actionType: "PHONE", actionValue: "+31201234567" };
const domain = (p: Domain["properties"]): Domain => ({ id: "dom-1", name: "localhost", properties: p });

afterEach(() => {
  document.body.innerHTML = "";
});

describe("analytics per domain properties (spec §7)", () => {
  it("trackGA calls gtag with the Beckon category and the action as label", () => {
    const win = { gtag: vi.fn(), dataLayer: { push: vi.fn() } };
    trackClick(win, domain({ trackGA: true }), action);
    expect(win.gtag).toHaveBeenCalledExactlyOnceWith("event", "click", {
      event_category: GA_CATEGORY,
      event_label: "PHONE +31201234567",
    });
    expect(win.dataLayer.push).not.toHaveBeenCalled();
    expect(GA_CATEGORY).toBe("Beckon Button");
  });

  it("trackGA pushes to dataLayer when there is no gtag", () => {
    const win = { dataLayer: [] as unknown[] };
    trackClick(win, domain({ trackGA: true }), action);
    expect(win.dataLayer).toEqual([{ event: "click", event_category: "Beckon Button", event_label: "PHONE +31201234567" }]);
  });

  it("nothing without trackGA / trackConversion, or without a matched domain", () => {
    const win = { gtag: vi.fn(), gtag_report_conversion: vi.fn(), dataLayer: [] as unknown[] };
    trackClick(win, domain({}), action);
    trackClick(win, { id: "d", name: "x" }, action);
    trackClick(win, null, action);
    expect(win.gtag).not.toHaveBeenCalled();
    expect(win.gtag_report_conversion).not.toHaveBeenCalled();
    expect(win.dataLayer).toEqual([]);
  });

  it("trackConversion prefers the page's gtag_report_conversion", () => {
    const win = { gtag: vi.fn(), gtag_report_conversion: vi.fn() };
    trackClick(win, domain({ trackConversion: true }), action);
    expect(win.gtag_report_conversion).toHaveBeenCalledExactlyOnceWith();
    expect(win.gtag).not.toHaveBeenCalled();
  });

  it("trackConversion falls back to gtag('event', 'conversion')", () => {
    const win = { gtag: vi.fn() };
    trackClick(win, domain({ trackConversion: true }), action);
    expect(win.gtag).toHaveBeenCalledExactlyOnceWith("event", "conversion");
  });

  it("both together, and a page function that throws does not stop the other", () => {
    const win = {
      gtag: vi.fn(() => {
        throw new Error("ga broken");
      }),
      gtag_report_conversion: vi.fn(),
    };
    expect(() => trackClick(win, domain({ trackGA: true, trackConversion: true }), action)).not.toThrow();
    expect(win.gtag).toHaveBeenCalledTimes(1);
    expect(win.gtag_report_conversion).toHaveBeenCalledTimes(1);
  });

  it("loads nothing", () => {
    const before = document.querySelectorAll("script").length;
    trackClick({}, domain({ trackGA: true, trackConversion: true }), action);
    expect(document.querySelectorAll("script").length).toBe(before);
  });
});

describe("handleAction events", () => {
  const setup = () => {
    const root = document.createElement("div");
    root.setAttribute("data-button-id", "btn-1");
    const a = document.createElement("a");
    root.appendChild(a);
    document.body.appendChild(root);
    const seen: Array<[string, unknown]> = [];
    const on = (e: Event) => seen.push([e.type, (e as CustomEvent).detail]);
    document.addEventListener("cnb:click", on);
    document.addEventListener("cnb:open", on);
    return {
      a,
      seen,
      off: () => {
        document.removeEventListener("cnb:click", on);
        document.removeEventListener("cnb:open", on);
      },
    };
  };

  it("dispatches cnb:click for every click", () => {
    const { a, seen, off } = setup();
    handleAction({}, document, null, action, { kind: "href", href: "tel:+31201234567" }, a);
    off();
    expect(seen).toEqual([["cnb:click", { actionId: "act-1", actionType: "PHONE", buttonId: "btn-1" }]]);
  });

  it("opens a surface (cnb:open) for surface links, then cnb:click", () => {
    const { a, seen, off } = setup();
    const chat: Action = { id: "act-2", actionType: "CHAT", actionValue: "" };
    handleAction({}, document, null, chat, { kind: "surface" }, a);
    off();
    expect(seen).toEqual([
      ["cnb:open", { actionId: "act-2", actionType: "CHAT" }],
      ["cnb:click", { actionId: "act-2", actionType: "CHAT", buttonId: "btn-1" }],
    ]);
  });
});
