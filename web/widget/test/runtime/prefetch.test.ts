// When the extras chunk fetches the app ahead of a tap (chat-resume.ts); the fetch itself, after the
// page's load event on a touch-emulated page, is checked in a real browser (e2e tests/chunks.test.mjs).
import { describe, expect, it } from "vitest";
import { continuationToken, prefetchesOnTouch } from "../../src/loader/chat-resume";

describe("prefetching the app on a touch screen", () => {
  it("happens on a screen without hover, whatever the connection says when it says nothing", () => {
    expect(prefetchesOnTouch(true, undefined)).toBe(true);
    expect(prefetchesOnTouch(true, {})).toBe(true);
    expect(prefetchesOnTouch(true, { saveData: false, effectiveType: "4g" })).toBe(true);
    expect(prefetchesOnTouch(true, { effectiveType: "3g" })).toBe(true);
  });

  it("not where a pointer hovers first (the hover prefetches then)", () => {
    expect(prefetchesOnTouch(false, { effectiveType: "4g" })).toBe(false);
  });

  it("not with Save-Data on, nor on a 2G connection", () => {
    expect(prefetchesOnTouch(true, { saveData: true, effectiveType: "4g" })).toBe(false);
    expect(prefetchesOnTouch(true, { effectiveType: "2g" })).toBe(false);
    expect(prefetchesOnTouch(true, { effectiveType: "slow-2g" })).toBe(false);
  });
});

describe("a continuation link's fragment", () => {
  it("gives the token, whatever else the fragment holds", () => {
    expect(continuationToken("#cnb-continue=c1.eyJj.sig-_x")).toBe("c1.eyJj.sig-_x");
    expect(continuationToken("#top&cnb-continue=c1.a.b")).toBe("c1.a.b");
    expect(continuationToken("#cnb-continued=x")).toBe("");
    expect(continuationToken("")).toBe("");
    expect(continuationToken("#cnb-continue=<img src=x>")).toBe("");
  });
});
