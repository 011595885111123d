import { describe, expect, it } from "vitest";
import type { Action, Button, ButtonType, Config } from "../../src/config/types.gen";
import { decide } from "../../src/loader/decide/decide";
import { warningText } from "../../src/loader/messages";
import { action, button, cond, config, domain, params, shown } from "./helpers";

const WARN = "Error evaluating actionValue (likely an invalid or incomplete URL), excluding this action";
const multi = (over: Partial<Config>) =>
  config({ domains: [domain({ properties: { allowMultipleButtons: true } })], ...over });
const actions = (n: number): Action[] => Array.from({ length: n }, (_, i) => action("a" + (i + 1)));
const ids = (n: number) => actions(n).map((a) => a.id);

describe("buttons", () => {
  it("shows an active button on its domain", () => {
    const d = decide(config(), params());
    expect(shown(d)).toEqual(["b1:a1"]);
    expect(d.domain!.id).toBe("d1");
    expect(d.buttons[0].domain.id).toBe("d1");
    expect(d.warnings).toEqual([]);
  });
  it("skips inactive buttons", () => {
    expect(shown(decide(config({ buttons: [button("b1", { active: false })] }), params()))).toEqual([]);
  });
  it("skips buttons whose domain does not match the host", () => {
    expect(shown(decide(config(), params({ domain: "example.org" })))).toEqual([]);
    expect(shown(decide(config(), params({ domain: "shop.example.com" })))).toEqual([]);
  });
  it("matches the host ignoring www., port and case, and by alias", () => {
    expect(shown(decide(config(), params({ domain: "EXAMPLE.com:8080" })))).toEqual(["b1:a1"]);
    const c = config({ domains: [domain({ aliases: ["shop.example.com"] })] });
    expect(shown(decide(c, params({ domain: "shop.example.com" })))).toEqual(["b1:a1"]);
  });
  it("skips buttons of another domain or an unknown domain id", () => {
    const c = multi({
      domains: [domain({ properties: { allowMultipleButtons: true } }), domain({ id: "d2", name: "other.com" })],
      buttons: [button("b1", { domainId: "d2" }), button("b2", { domainId: "nope" })],
    });
    expect(shown(decide(c, params()))).toEqual([]);
  });
  it("Decision.domain is the first configured domain matching the host", () => {
    const c = config({
      domains: [domain({ id: "x", name: "other.com" }), domain({ id: "d1" }), domain({ id: "d3", aliases: ["example.com"] })],
    });
    expect(decide(c, params()).domain!.id).toBe("d1");
    expect(decide(c, params({ domain: "nowhere.net" })).domain).toBeNull();
  });
});

describe("display modes", () => {
  const c = (displayMode: "ALWAYS" | "DESKTOP_ONLY" | "MOBILE_ONLY") =>
    config({ buttons: [button("b1", { options: { displayMode } })] });
  // Which viewports are desktop ones: display.test.ts.
  const desktop = params({ desktop: true });
  const phone = params({ desktop: false });
  it("ALWAYS everywhere", () => {
    for (const p of [desktop, phone]) expect(shown(decide(c("ALWAYS"), p))).toEqual(["b1:a1"]);
  });
  it("DESKTOP_ONLY on desktop viewports", () => {
    expect(shown(decide(c("DESKTOP_ONLY"), desktop))).toEqual(["b1:a1"]);
    expect(shown(decide(c("DESKTOP_ONLY"), phone))).toEqual([]);
  });
  it("MOBILE_ONLY on the others", () => {
    expect(shown(decide(c("MOBILE_ONLY"), phone))).toEqual(["b1:a1"]);
    expect(shown(decide(c("MOBILE_ONLY"), desktop))).toEqual([]);
  });
});

describe("conditions", () => {
  const c = config({
    buttons: [button("b1", { conditions: ["inc", "exc", "missing"] })],
    conditions: [
      cond("inc", { matchType: "SIMPLE", matchValue: "/shop" }),
      cond("exc", { filterType: "EXCLUDE", matchType: "SUBSTRING", matchValue: "checkout" }),
      cond("geo", { conditionType: "GEO", matchType: "COUNTRY_CODE", matchValue: "NL" }),
    ],
  });
  it("INCLUDE and EXCLUDE decide on the page URL (unknown ids ignored, unreferenced ones unused)", () => {
    expect(shown(decide(c, params({ url: "https://example.com/shop/shoes" })))).toEqual(["b1:a1"]);
    expect(shown(decide(c, params({ url: "https://example.com/blog" })))).toEqual([]);
    expect(shown(decide(c, params({ url: "https://example.com/shop/checkout" })))).toEqual([]);
  });
  it("GEO and CHAT use the lookups", () => {
    const g = config({
      buttons: [button("b1", { conditions: ["geo", "chat"] })],
      conditions: [
        cond("geo", { conditionType: "GEO", matchType: "COUNTRY_CODE", matchValue: "NL" }),
        cond("chat", { conditionType: "CHAT", matchType: "AGENTS_AVAILABLE" }),
      ],
    });
    expect(shown(decide(g, params({ countryCode: "nl", agentsAvailable: true })))).toEqual(["b1:a1"]);
    expect(shown(decide(g, params({ countryCode: "BE", agentsAvailable: true })))).toEqual([]);
    expect(shown(decide(g, params({ countryCode: null, agentsAvailable: true })))).toEqual([]);
    expect(shown(decide(g, params({ countryCode: "NL", agentsAvailable: false })))).toEqual([]);
  });
  it("disableConditions skips the checks", () => {
    expect(shown(decide(c, params({ url: "https://example.com/blog", disableConditions: true })))).toEqual(["b1:a1"]);
  });
});

describe("actions", () => {
  it("keeps the button's order and skips missing ids", () => {
    const c = config({ buttons: [button("b1", { type: "MULTI", actions: ["a3", "gone", "a1", "a2"] })], actions: actions(3) });
    expect(shown(decide(c, params()))).toEqual(["b1:a3,a1,a2"]);
  });
  it("excludes actions scheduled for another time", () => {
    const closed = { showAlways: false, timezone: "UTC", daysOfWeek: [true, true, true, true, true, true, true], start: "01:00", stop: "02:00" };
    const c = config({
      buttons: [button("b1", { type: "MULTI", actions: ["a1", "a2"] })],
      actions: [action("a1", { schedule: closed }), action("a2", { schedule: { showAlways: true } })],
    });
    expect(shown(decide(c, params({ now: new Date("2025-01-06T12:00:00Z") })))).toEqual(["b1:a2"]);
    expect(shown(decide(c, params({ now: new Date("2025-01-06T01:30:00Z") })))).toEqual(["b1:a1,a2"]);
    expect(shown(decide(c, params({ now: new Date("2025-01-06T12:00:00Z"), disableScheduler: true })))).toEqual(["b1:a1,a2"]);
  });
  it("excludes LINK and IFRAME actions with an invalid URL, with a warning naming the action", () => {
    const c = config({
      buttons: [button("b1", { type: "MULTI", actions: ["ok", "bad", "frame", "phone", "good-frame"] })],
      actions: [
        action("ok", { actionType: "LINK", actionValue: "https://example.com/contact" }),
        action("bad", { actionType: "LINK", actionValue: "example.com/contact" }),
        action("frame", { actionType: "IFRAME", actionValue: "/form" }),
        action("phone", { actionType: "PHONE", actionValue: "not a url, fine" }),
        action("good-frame", { actionType: "IFRAME", actionValue: "http://forms.example.com/" }),
      ],
    });
    const d = decide(c, params());
    expect(shown(d)).toEqual(["b1:ok,phone,good-frame"]);
    expect(d.warnings.map(warningText)).toEqual([WARN + " bad", WARN + " frame"]);
  });
  it("drops a button without surviving actions", () => {
    const c = config({
      buttons: [button("b1", { actions: ["bad", "gone"] })],
      actions: [action("bad", { actionType: "LINK", actionValue: "ftp://x" })],
    });
    expect(shown(decide(c, params()))).toEqual([]);
    expect(shown(decide(config({ buttons: [button("b1", { actions: [] })] }), params()))).toEqual([]);
  });
  it("cuts to the type's limit after exclusions", () => {
    const c = (type: ButtonType, n: number) => config({ buttons: [button("b1", { type, actions: ids(n) })], actions: actions(n) });
    expect(decide(c("FULL", 7), params()).buttons[0].actions.map((a) => a.id)).toEqual(ids(5));
    expect(decide(c("DOTS", 12), params()).buttons[0].actions.map((a) => a.id)).toEqual(ids(10));
    expect(decide(c("SINGLE", 3), params()).buttons[0].actions.map((a) => a.id)).toEqual(["a1"]);
    expect(decide(c("MULTI", 15), params()).buttons[0].actions).toHaveLength(15);
    const s = config({
      buttons: [button("b1", { type: "SINGLE", actions: ["a1", "a2"] })],
      actions: [action("a1", { actionType: "LINK", actionValue: "nope" }), action("a2")],
    });
    expect(shown(decide(s, params()))).toEqual(["b1:a2"]);
  });
  it("an unknown button type yields no actions and a warning", () => {
    const c = config({ buttons: [button("b1", { type: "CAROUSEL" as ButtonType })] });
    const d = decide(c, params());
    expect(shown(d)).toEqual([]);
    expect(d.warnings.map(warningText)).toEqual(["Unknown button type CAROUSEL"]);
  });
});

describe("same placement", () => {
  const b = (id: string, options: Button["options"]) => button(id, { options });
  it("drops a later button on an occupied placement", () => {
    const c = multi({ buttons: [b("b1", { placement: "BOTTOM_RIGHT" }), b("b2", { placement: "BOTTOM_RIGHT" }), b("b3", { placement: "BOTTOM_LEFT" })] });
    expect(shown(decide(c, params()))).toEqual(["b1:a1", "b3:a1"]);
  });
  it("buttons without placement share the default one", () => {
    const c = multi({ buttons: [button("b1"), button("b2")] });
    expect(shown(decide(c, params()))).toEqual(["b1:a1"]);
  });
  it("allows it when the earlier button has scroll rules", () => {
    for (const scroll of [{ revealAtHeight: 200 }, { hideAtHeight: 500 }, { revealAtHeight: 0, hideAtHeight: 1 }, { revealAfterFirstScreen: true }]) {
      const c = multi({ buttons: [b("b1", { placement: "BOTTOM_RIGHT", scroll }), b("b2", { placement: "BOTTOM_RIGHT" })] });
      expect(shown(decide(c, params())), JSON.stringify(scroll)).toEqual(["b1:a1", "b2:a1"]);
    }
  });
  it("zero heights or neverHide alone are not scroll rules", () => {
    for (const scroll of [{ revealAtHeight: 0, hideAtHeight: 0 }, { neverHide: true }]) {
      const c = multi({ buttons: [b("b1", { placement: "TOP_CENTER", scroll }), b("b2", { placement: "TOP_CENTER" })] });
      expect(shown(decide(c, params()))).toEqual(["b1:a1"]);
    }
  });
  it("only the earlier button's scroll rules count", () => {
    const c = multi({ buttons: [b("b1", { placement: "BOTTOM_RIGHT" }), b("b2", { placement: "BOTTOM_RIGHT", scroll: { revealAtHeight: 100 } })] });
    expect(shown(decide(c, params()))).toEqual(["b1:a1"]);
  });
  it("ABSOLUTE buttons attached to different elements do not collide", () => {
    const abs = (id: string, attachTo: string) => b(id, { placement: "BOTTOM_RIGHT", position: "ABSOLUTE", attachTo });
    expect(shown(decide(multi({ buttons: [abs("b1", "hero"), abs("b2", "footer")] }), params()))).toEqual(["b1:a1", "b2:a1"]);
    expect(shown(decide(multi({ buttons: [abs("b1", "hero"), abs("b2", "hero")] }), params()))).toEqual(["b1:a1"]);
    expect(shown(decide(multi({ buttons: [abs("b1", "hero"), b("b2", { placement: "BOTTOM_RIGHT" })] }), params()))).toEqual(["b1:a1"]);
  });
  it("a dropped or skipped button does not occupy its placement", () => {
    const c = multi({
      buttons: [b("b1", { placement: "BOTTOM_RIGHT", displayMode: "MOBILE_ONLY" }), b("b2", { placement: "BOTTOM_RIGHT" })],
    });
    expect(shown(decide(c, params()))).toEqual(["b2:a1"]);
  });
});

describe("allowMultipleButtons", () => {
  const three = [
    button("b1", { options: { placement: "BOTTOM_RIGHT" } }),
    button("b2", { options: { placement: "BOTTOM_LEFT" } }),
    button("b3", { options: { placement: "TOP_CENTER" } }),
  ];
  it("without it only the first kept button shows", () => {
    expect(shown(decide(config({ buttons: three }), params()))).toEqual(["b1:a1"]);
    const off = config({ buttons: three, domains: [domain({ properties: { allowMultipleButtons: false } })] });
    expect(shown(decide(off, params()))).toEqual(["b1:a1"]);
  });
  it("with it on the first domain all fitting buttons show", () => {
    expect(shown(decide(multi({ buttons: three }), params()))).toEqual(["b1:a1", "b2:a1", "b3:a1"]);
  });
  it("only the first domain in config.domains counts", () => {
    const c = config({
      domains: [domain({ id: "d0", name: "other.com" }), domain({ properties: { allowMultipleButtons: true } })],
      buttons: three,
    });
    expect(shown(decide(c, params()))).toEqual(["b1:a1"]);
    const c2 = config({
      domains: [domain({ id: "d0", name: "other.com", properties: { allowMultipleButtons: true } }), domain()],
      buttons: three,
    });
    expect(shown(decide(c2, params()))).toEqual(["b1:a1", "b2:a1", "b3:a1"]);
  });
  it("the first KEPT button counts, not the first configured", () => {
    const c = config({ buttons: [button("b0", { active: false }), ...three] });
    expect(shown(decide(c, params()))).toEqual(["b1:a1"]);
  });
});

describe("schedule time zone", () => {
  // Window 09:00–10:00 every day; 2025-01-06T14:30Z is 09:30 in New York, 20:00 in Kolkata, 03:30 (Tue) in Auckland.
  const win = { showAlways: false, daysOfWeek: [true, true, true, true, true, true, true], start: "09:00", stop: "10:00" };
  const now = new Date("2025-01-06T14:30:00Z");
  const c = (actionTz?: string, domainTz?: string) =>
    config({ domains: [domain({ timezone: domainTz })], actions: [action("a1", { schedule: { ...win, timezone: actionTz } })] });
  it("the action's zone first", () => {
    expect(shown(decide(c("America/New_York", "Asia/Kolkata"), params({ now, browserTimeZone: "Pacific/Auckland" })))).toEqual(["b1:a1"]);
    expect(shown(decide(c("Asia/Kolkata", "America/New_York"), params({ now })))).toEqual([]);
  });
  it("then the button's domain zone", () => {
    expect(shown(decide(c(undefined, "America/New_York"), params({ now, browserTimeZone: "Asia/Kolkata" })))).toEqual(["b1:a1"]);
    expect(shown(decide(c("", "Asia/Kolkata"), params({ now, browserTimeZone: "America/New_York" })))).toEqual([]);
  });
  it("then the browser's zone", () => {
    expect(shown(decide(c(undefined, undefined), params({ now, browserTimeZone: "America/New_York" })))).toEqual(["b1:a1"]);
    expect(shown(decide(c(undefined, undefined), params({ now, browserTimeZone: "Pacific/Auckland" })))).toEqual([]);
  });
  it("an invalid zone shows the action", () => {
    expect(shown(decide(c("Nowhere/Special"), params({ now: new Date("2025-01-06T02:00:00Z") })))).toEqual(["b1:a1"]);
  });
});

it("is pure: no mutation, same result for the same input", () => {
  const deepFreeze = <T>(o: T): T => {
    if (o && typeof o == "object") {
      Object.values(o).forEach(deepFreeze);
      Object.freeze(o);
    }
    return o;
  };
  const c = deepFreeze(
    multi({
      buttons: [button("b1", { type: "FULL", actions: ids(7) }), button("b2", { options: { placement: "TOP_LEFT" } })],
      actions: actions(7),
    }),
  );
  const p = params();
  const a = decide(c, p), b = decide(c, p);
  expect(a).toEqual(b);
  expect(shown(a)).toEqual(["b1:a1,a2,a3,a4,a5", "b2:a1"]);
});
