import { expect, it } from "vitest";
import type { Action } from "../../src/config/types.gen";
import { tallyEmbedUrl, tallyId } from "../../src/shared/tally";

const tally = (actionValue: string, properties?: Record<string, string>): Action => ({
  id: "t", actionType: "TALLY", actionValue, properties,
});

it("embeds with all flags on", () => {
  expect(
    tallyEmbedUrl(tally("wMxYz1", { "tally-hide-title": "1", "tally-transparent-background": "1", "tally-align-left": "1" })),
  ).toBe("https://tally.so/embed/wMxYz1?hideTitle=1&transparentBackground=1&alignLeft=1");
});

it("defaults: title hidden and left aligned, default background", () => {
  expect(tallyEmbedUrl(tally("wMxYz1"))).toBe("https://tally.so/embed/wMxYz1?hideTitle=1&alignLeft=1");
});

it("flags switched off", () => {
  expect(
    tallyEmbedUrl(tally("wMxYz1", { "tally-hide-title": "", "tally-transparent-background": "true", "tally-align-left": "0" })),
  ).toBe("https://tally.so/embed/wMxYz1?transparentBackground=1");
  expect(tallyEmbedUrl(tally("wMxYz1", { "tally-hide-title": "", "tally-align-left": "" }))).toBe(
    "https://tally.so/embed/wMxYz1",
  );
});

it("takes the form id from a tally.so URL", () => {
  expect(tallyId("https://tally.so/r/wMxYz1")).toBe("wMxYz1");
  expect(tallyId("https://tally.so/embed/wMxYz1?alignLeft=1")).toBe("wMxYz1");
  expect(tallyId(" https://tally.so/r/wMxYz1/ ")).toBe("wMxYz1");
  expect(tallyEmbedUrl(tally("https://tally.so/r/wMxYz1", { "tally-hide-title": "0", "tally-align-left": "0" }))).toBe(
    "https://tally.so/embed/wMxYz1",
  );
});
