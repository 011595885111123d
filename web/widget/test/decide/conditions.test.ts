import { describe, expect, it } from "vitest";
import type { Condition } from "../../src/config/types.gen";
import { conditionMatches, conditionsPass } from "../../src/loader/decide/conditions";
import { cond, params } from "./helpers";

const url = (u: string) => params({ url: u });
const m = (c: Partial<Condition>, u: string) => conditionMatches(cond("c", c), url(u));

describe("URL EXACT", () => {
  const ex = (v: string, u: string) => m({ matchType: "EXACT", matchValue: v }, u);
  it("matches the whole URL", () => {
    expect(ex("https://example.com/contact", "https://example.com/contact")).toBe(true);
    expect(ex("https://example.com/contact", "https://example.com/contact-us")).toBe(false);
    expect(ex("https://example.com/contact", "https://example.com/")).toBe(false);
    expect(ex("https://example.com/contact", "http://example.com/contact")).toBe(false);
  });
  it("ignores one trailing slash of the path, on either side", () => {
    expect(ex("https://example.com/contact/", "https://example.com/contact")).toBe(true);
    expect(ex("https://example.com/contact", "https://example.com/contact/")).toBe(true);
    expect(ex("https://example.com", "https://example.com/")).toBe(true);
    expect(ex("https://example.com/a/?x=1", "https://example.com/a?x=1")).toBe(true);
  });
  it("compares the query but ignores the fragment", () => {
    expect(ex("https://example.com/a?x=1", "https://example.com/a?x=2")).toBe(false);
    expect(ex("https://example.com/a?x=1", "https://example.com/a")).toBe(false);
    expect(ex("https://example.com/a", "https://example.com/a#top")).toBe(true);
  });
});

describe("URL REGEX", () => {
  const re = (v: string, u: string) => m({ matchType: "REGEX", matchValue: v }, u);
  it("tests a JavaScript RegExp against the URL", () => {
    expect(re("/products/\\d+$", "https://example.com/products/42")).toBe(true);
    expect(re("/products/\\d+$", "https://example.com/products/42/reviews")).toBe(false);
    expect(re("^https://example\\.com/(nl|be)/", "https://example.com/be/x")).toBe(true);
  });
  it("an invalid pattern never matches and never throws", () => {
    expect(() => re("([", "https://example.com/([")).not.toThrow();
    expect(re("([", "https://example.com/([")).toBe(false);
    expect(re("*", "https://example.com/")).toBe(false);
  });
});

describe("URL SIMPLE (path prefix)", () => {
  const si = (v: string, u: string) => m({ matchType: "SIMPLE", matchValue: v }, u);
  it("matches paths that start with the value", () => {
    expect(si("/blog", "https://example.com/blog")).toBe(true);
    expect(si("/blog", "https://example.com/blog/post-1?x=1")).toBe(true);
    expect(si("/blog", "https://example.com/shop/blog")).toBe(false);
    expect(si("/blog", "https://example.com/")).toBe(false);
  });
  it("accepts the value as a full URL (host not compared)", () => {
    expect(si("https://example.com/blog", "https://www.example.com/blog/post")).toBe(true);
    expect(si("https://example.com/", "https://example.com/anything")).toBe(true);
    expect(si("https://example.com/blog", "https://example.com/shop")).toBe(false);
  });
  it("adds a missing leading slash", () => {
    expect(si("blog", "https://example.com/blog/x")).toBe(true);
  });
  it("does not look at the fragment", () => {
    expect(si("/blog", "https://example.com/#/blog")).toBe(false);
  });
});

describe("URL SUBSTRING", () => {
  it("matches when the URL contains the value", () => {
    expect(m({ matchType: "SUBSTRING", matchValue: "utm_source=ads" }, "https://example.com/?utm_source=ads")).toBe(true);
    expect(m({ matchType: "SUBSTRING", matchValue: "checkout" }, "https://example.com/cart")).toBe(false);
  });
});

describe("GEO COUNTRY_CODE", () => {
  const geo = (v: string, cc: string | null | undefined) =>
    conditionMatches(cond("g", { conditionType: "GEO", matchType: "COUNTRY_CODE", matchValue: v }), params({ countryCode: cc }));
  it("compares case-insensitively", () => {
    expect(geo("NL", "nl")).toBe(true);
    expect(geo("nl", "NL")).toBe(true);
    expect(geo("NL", "BE")).toBe(false);
  });
  it("accepts a list of codes", () => {
    expect(geo("NL, BE,LU", "be")).toBe(true);
    expect(geo("NL BE", "DE")).toBe(false);
  });
  it("an unknown country matches nothing", () => {
    expect(geo("NL", null)).toBe(false);
    expect(geo("NL", undefined)).toBe(false);
    expect(geo("", "")).toBe(false);
  });
});

describe("CHAT AGENTS_AVAILABLE", () => {
  const chat = (a?: boolean) =>
    conditionMatches(cond("c", { conditionType: "CHAT", matchType: "AGENTS_AVAILABLE", matchValue: "true" }), params({ agentsAvailable: a }));
  it("matches when agents are available", () => {
    expect(chat(true)).toBe(true);
    expect(chat(false)).toBe(false);
    expect(chat(undefined)).toBe(false);
  });
});

describe("filter combinations", () => {
  const incUrl = (v: string) => cond("iu" + v, { matchValue: v });
  const excUrl = (v: string) => cond("eu" + v, { filterType: "EXCLUDE", matchValue: v });
  const incGeo = (v: string) => cond("ig" + v, { conditionType: "GEO", matchType: "COUNTRY_CODE", matchValue: v });
  const excGeo = (v: string) => cond("eg" + v, { conditionType: "GEO", matchType: "COUNTRY_CODE", matchValue: v, filterType: "EXCLUDE" });
  const incChat = cond("ic", { conditionType: "CHAT", matchType: "AGENTS_AVAILABLE" });
  const excChat = cond("ec", { conditionType: "CHAT", matchType: "AGENTS_AVAILABLE", filterType: "EXCLUDE" });
  const p = params({ url: "https://example.com/shop/cart", countryCode: "NL", agentsAvailable: true });

  it("no conditions pass", () => expect(conditionsPass([], p)).toBe(true));
  it("one INCLUDE of a type must match", () => {
    expect(conditionsPass([incUrl("/shop")], p)).toBe(true);
    expect(conditionsPass([incUrl("/blog")], p)).toBe(false);
    expect(conditionsPass([incUrl("/blog"), incUrl("/shop")], p)).toBe(true);
  });
  it("a matching EXCLUDE fails, whatever the INCLUDEs say", () => {
    expect(conditionsPass([excUrl("cart")], p)).toBe(false);
    expect(conditionsPass([excUrl("blog")], p)).toBe(true);
    expect(conditionsPass([incUrl("/shop"), excUrl("cart")], p)).toBe(false);
    expect(conditionsPass([incGeo("NL"), excUrl("cart")], p)).toBe(false);
  });
  it("every type with INCLUDEs must pass", () => {
    expect(conditionsPass([incUrl("/shop"), incGeo("NL"), incChat], p)).toBe(true);
    expect(conditionsPass([incUrl("/shop"), incGeo("BE")], p)).toBe(false);
    expect(conditionsPass([incUrl("/blog"), incGeo("NL")], p)).toBe(false);
    expect(conditionsPass([incUrl("/shop"), incGeo("NL"), incChat], { ...p, agentsAvailable: false })).toBe(false);
  });
  it("an INCLUDE of one type does not need INCLUDEs of the others to match", () => {
    expect(conditionsPass([incGeo("NL"), excUrl("blog")], p)).toBe(true);
  });
  it("GEO EXCLUDE fails the button for that country only", () => {
    expect(conditionsPass([excGeo("NL")], p)).toBe(false);
    expect(conditionsPass([excGeo("BE")], p)).toBe(true);
  });
  it("unknown country: GEO INCLUDE fails, GEO EXCLUDE does not match", () => {
    const q = { ...p, countryCode: null };
    expect(conditionsPass([incGeo("NL")], q)).toBe(false);
    expect(conditionsPass([excGeo("NL")], q)).toBe(true);
  });
  it("CHAT INCLUDE needs agents; CHAT EXCLUDE hides while agents are online", () => {
    expect(conditionsPass([incChat], p)).toBe(true);
    expect(conditionsPass([incChat], { ...p, agentsAvailable: false })).toBe(false);
    expect(conditionsPass([excChat], p)).toBe(false);
    expect(conditionsPass([excChat], { ...p, agentsAvailable: false })).toBe(true);
  });
});
