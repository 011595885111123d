// What the page-view tests share (the loader's page-view flow with the real decision, renderer and
// extras chunk; only fetch and timers are mocked): the page reset around each test, and configs
// and chunk importers more than one file uses.
import { afterEach, beforeEach, vi } from "vitest";
import type { Config } from "../../../src/config/types.gen";
import { config } from "../fixtures";
import * as extras from "../../../src/loader/extras";
import { mockFetch, resetPage } from "../helpers";

export const w = window as unknown as Record<string, unknown>;

/** A fresh page and fetch for each test of the file, everything mocked undone after it. */
export function pageViewHooks(): void {
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
}

/** A config whose button shows only for visitors from the Netherlands (a geo lookup). */
export const geoConfig = (ip?: string, filterType: "INCLUDE" | "EXCLUDE" = "INCLUDE"): Config => {
  const c = config({
    conditions: [{ id: "c-nl", filterType, conditionType: "GEO", matchType: "COUNTRY_CODE", matchValue: "NL" }],
    options: { apiRoot: "https://beckon.test/api", ip },
  });
  c.buttons[0].conditions = ["c-nl"];
  return c;
};

/** A chunk importer whose extras chunk arrives when arrive() is called (before or after it is asked for). */
export const held = () => {
  let arrive = () => {};
  const chunk = new Promise((r) => (arrive = () => r(extras)));
  return { load: () => chunk, arrive: () => arrive() };
};
