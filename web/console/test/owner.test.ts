import { describe, expect, it } from "vitest";
import type { Config } from "@beckon/widget/config";
import { breakdownCounts, clickThrough, daysBetween, eventLabel, itemNames, niceTicks, percent, sameLines, seriesLabel, seriesStyle, toSeries } from "../src/lib/chart";
import { getAt, joinPath, parsePath, setAt } from "../src/lib/paths";
import { fieldId, problemsAt, problemsUnder } from "../src/lib/problems";
import { actualSizeScroll, MIN_PHONE_HEIGHT, previewConfig, previewPath, previewSize, zonedTimeToIso } from "../src/lib/preview";
import { hostedFreshness, hostedSnippet, inlineSnippet } from "../src/lib/snippet";
import { translate, type Vars } from "../src/i18n/index";
import { freshId, MATCH_TYPES, ACTION_TYPES, newAction } from "../src/owner/catalogue";
import { limitedSchedule, scheduleDays } from "../src/owner/schedule";

const t = (key: string, vars?: Vars) => translate("en", key, vars);

describe("config paths (as the server names problems)", () => {
  const cfg = { buttons: [{ id: "b", options: { scale: 1 } }] };

  it("parses and joins the server's path syntax", () => {
    expect(parsePath("buttons[0].options.scale")).toEqual(["buttons", 0, "options", "scale"]);
    expect(joinPath("actions", 2, "properties", "link-target")).toBe("actions[2].properties.link-target");
  });

  it("reads and writes without touching the original", () => {
    expect(getAt(cfg, "buttons[0].options.scale")).toBe(1);
    expect(getAt(cfg, "buttons[3].options.scale")).toBeUndefined();
    const next = setAt(cfg, "buttons[0].options.scroll.revealAtHeight", 300);
    expect(getAt(next, "buttons[0].options.scroll.revealAtHeight")).toBe(300);
    expect(cfg.buttons[0].options).toEqual({ scale: 1 });
  });

  it("removes an optional field set to undefined", () => {
    const next = setAt(cfg, "buttons[0].options.scale", undefined);
    expect(next.buttons[0].options).toEqual({});
  });
});

describe("problems next to their fields", () => {
  const problems = [
    { path: "buttons[0].options.scale", message: "must be greater than 0, found -3" },
    { path: "buttons[0].options.zindex", message: "bad" },
    { path: "buttons[10].id", message: "duplicate" },
  ];
  it("finds a field's own problems and counts a part's", () => {
    expect(problemsAt(problems, "buttons[0].options.scale")).toEqual(["must be greater than 0, found -3"]);
    expect(problemsUnder(problems, "buttons[0]")).toBe(2);
    expect(problemsUnder(problems, "buttons[1]")).toBe(0);
  });
  it("gives every path a usable element id", () => {
    expect(fieldId("actions[1].properties.link-target")).toBe("field-actions_1__properties_link-target");
  });
});

describe("statistics chart", () => {
  it("lists every day of the period, across a month end", () => {
    expect(daysBetween("2026-10-30", "2026-11-02")).toEqual(["2026-10-30", "2026-10-31", "2026-11-01", "2026-11-02"]);
  });
  it("makes one series per event, zero on days without counts, biggest first", () => {
    const days = ["2026-11-01", "2026-11-02"];
    const s = toSeries(
      [
        { day: "2026-11-02", event: "pageview", count: 5 },
        { day: "2026-11-01", event: "whatsapp-1", count: 1 },
        { day: "2026-11-01", event: "pageview", count: 2 },
      ],
      days,
    );
    expect(s).toEqual([
      { event: "pageview", points: [2, 5], total: 7 },
      { event: "whatsapp-1", points: [1, 0], total: 1 },
    ]);
  });
  it("rounds the axis to 1-2-5 steps", () => {
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(120).at(-1)).toBeGreaterThanOrEqual(120);
  });
  it("names events for owners", () => {
    expect(eventLabel("pageview", {}, t)).toBe("Page views");
    expect(eventLabel("wa", { wa: "WhatsApp" }, t)).toBe("WhatsApp (wa)");
  });
  it("breaks views and clicks down per button and per action", () => {
    const counts = [{ day: "2026-11-01", event: "pageview", count: 4 }];
    const items = [
      { day: "2026-11-01", event: "view", buttonId: "b1", actionId: null, count: 4 },
      { day: "2026-11-01", event: "view", buttonId: "b2", actionId: null, count: 3 },
      { day: "2026-11-01", event: "click", buttonId: "b1", actionId: "wa", count: 2 },
      { day: "2026-11-02", event: "click", buttonId: "b2", actionId: "wa", count: 1 },
    ];
    const days = ["2026-11-01", "2026-11-02"];
    const totals = (by: Parameters<typeof breakdownCounts>[2]) =>
      Object.fromEntries(toSeries(breakdownCounts(counts, items, by), days).map((s) => [s.event, s.points]));
    expect(totals("overview")).toEqual({ pageview: [4, 0], views: [7, 0], clicks: [2, 1] });
    expect(totals("button-views")).toEqual({ "view:b1": [4, 0], "view:b2": [3, 0] });
    expect(totals("button-clicks")).toEqual({ "click:b1": [2, 0], "click:b2": [0, 1] });
    expect(totals("action-clicks")).toEqual({ "action:wa": [2, 1] });
  });
  it("styles a series by what it is, not by its rank, and tells equal lines apart", () => {
    const config = { buttons: [{ id: "b1" }, { id: "b2" }], actions: [{ id: "wa" }, { id: "tel" }] } as unknown as Config;
    expect(seriesStyle("pageview", null)).toEqual(seriesStyle("pageview", config));
    const overview = ["pageview", "views", "clicks"].map((k) => seriesStyle(k, config));
    expect(new Set(overview.map((s) => s.colour)).size).toBe(3);
    expect(new Set(overview.map((s) => s.marker)).size).toBe(3);
    expect(seriesStyle("action:wa", config)).not.toEqual(seriesStyle("action:tel", config));
    expect(seriesStyle("view:b2", config)).toEqual(seriesStyle("click:b2", config));
    expect(sameLines([
      { label: "Page views", points: [2, 0] },
      { label: "Clicks", points: [2, 0] },
      { label: "Views", points: [3, 0] },
    ])).toEqual([null, "Page views", null]);
  });
  it("works out each action's click-through from the views of the buttons that hold it", () => {
    const config = {
      buttons: [
        { id: "b1", actions: ["wa", "tel"] },
        { id: "b2", actions: ["wa"] },
      ],
      actions: [{ id: "wa" }, { id: "tel" }, { id: "mail" }],
    } as unknown as Config;
    const items = [
      { day: "d", event: "view", buttonId: "b1", actionId: null, count: 6 },
      { day: "d", event: "view", buttonId: "b2", actionId: null, count: 2 },
      { day: "d", event: "click", buttonId: "b1", actionId: "wa", count: 1 },
      { day: "d", event: "click", buttonId: "b2", actionId: "wa", count: 1 },
      { day: "d", event: "click", buttonId: "b1", actionId: "tel", count: 3 },
      { day: "d", event: "click", buttonId: "b9", actionId: "old", count: 1 },
    ];
    expect(clickThrough(items, config)).toEqual([
      { actionId: "wa", views: 8, clicks: 2, rate: 0.25 },
      { actionId: "tel", views: 6, clicks: 3, rate: 0.5 },
      { actionId: "mail", views: 0, clicks: 0, rate: null },
      { actionId: "old", views: 0, clicks: 1, rate: null },
    ]);
    expect([percent(0.25, "en"), percent(0.025, "en"), percent(1 / 3, "en"), percent(null, "en")]).toEqual(["25 %", "2.5 %", "33 %", "—"]);
    expect(percent(0.025, "de")).toBe("2,5 %");
  });
  it("names buttons and actions from the config, and ids it no longer has", () => {
    const names = itemNames({
      userId: "u",
      domains: [],
      buttons: [{ id: "b1", active: true, domainId: "d", type: "MULTI", actions: ["wa", "tel"] }],
      actions: [
        { id: "wa", actionType: "WHATSAPP", actionValue: "+31", labelText: "WhatsApp us" },
        { id: "tel", actionType: "PHONE", actionValue: "+31 20" },
      ],
    } as Config, t);
    expect(seriesLabel("view:b1", names, t)).toBe("Views of Multi button: WhatsApp us, phone +31 20");
    expect(seriesLabel("action:wa", names, t)).toBe("Clicks on WhatsApp us");
    expect(seriesLabel("click:b9", names, t)).toBe("Clicks on removed (b9)");
    expect(seriesLabel("pageview", names, t)).toBe("Page views");
    expect(seriesLabel("clicks", names, t)).toBe("Clicks (all actions)");
    const de = (key: string, vars?: Vars) => translate("de", key, vars);
    expect(seriesLabel("view:b1", itemNames({ buttons: [{ id: "b1", type: "SINGLE", actions: [] }], actions: [] } as unknown as Config, de), de)).toBe("Einblendungen von „Einzel-Button“");
  });
});

describe("live preview", () => {
  const config: Config = {
    userId: "u",
    domains: [{ id: "d", name: "shop.example.com", aliases: ["shop.example.net"], timezone: "Asia/Tokyo" }],
    buttons: [],
    actions: [],
    conditions: [
      { id: "c1", filterType: "INCLUDE", conditionType: "URL", matchType: "EXACT", matchValue: "https://shop.example.com/pricing" },
      { id: "c2", filterType: "INCLUDE", conditionType: "URL", matchType: "SIMPLE", matchValue: "/pricing" },
    ],
  };
  const controls = { localTime: "2026-11-22T23:00", timezone: "Asia/Tokyo", url: "https://shop.example.com/pricing?x=1", country: "JP", agentsAvailable: false };

  it("turns 23:00 in Tokyo into the right instant (and respects summer time elsewhere)", () => {
    expect(zonedTimeToIso("2026-11-22T23:00", "Asia/Tokyo")).toBe("2026-11-22T14:00:00.000Z");
    expect(zonedTimeToIso("2026-07-01T09:30", "Europe/Amsterdam")).toBe("2026-07-01T07:30:00.000Z");
    expect(zonedTimeToIso("2026-01-01T09:30", "Europe/Amsterdam")).toBe("2026-01-01T08:30:00.000Z");
    expect(zonedTimeToIso("yesterday", "UTC")).toBeNull();
    expect(zonedTimeToIso("2026-01-01T09:30", "Not/AZone")).toBeNull();
  });

  it("makes the config apply on the preview page as on the site", () => {
    const p = previewConfig(config, controls, "http://127.0.0.1:8080");
    expect(p.domains[0]).toMatchObject({ name: "127.0.0.1", aliases: [] });
    expect(p.conditions?.[0].matchValue).toBe("http://127.0.0.1:8080/pricing");
    expect(p.conditions?.[1].matchValue).toBe("/pricing");
    expect(p.options).toMatchObject({ apiRoot: "http://127.0.0.1:8080/api", reportStats: false, date: "2026-11-22T14:00:00.000Z" });
    expect(config.domains[0].name).toBe("shop.example.com");
  });

  it("shows the phone at its real size where there is room, as tall as the room allows", () => {
    // A 1280 px window's preview column: 390 px wide at 100 %, 620 px of a phone's height.
    expect(previewSize("mobile", "fit", { width: 600, height: 620 })).toEqual({ viewport: { width: 390, height: 620 }, scale: 1, box: { width: 390, height: 620 } });
    // Room for a whole phone: never taller than one, never scaled up.
    expect(previewSize("mobile", "fit", { width: 1000, height: Infinity })).toMatchObject({ viewport: { width: 390, height: 844 }, scale: 1 });
    // Narrower than a phone (the console on a phone): scaled to the width.
    const narrow = previewSize("mobile", "fit", { width: 351, height: 700 });
    expect(narrow.scale).toBeCloseTo(0.9, 6);
    expect(narrow.box.width).toBeCloseTo(351, 6);
    expect(narrow.viewport.height).toBe(778);
    // Too low for MIN_PHONE_HEIGHT: the phone is scaled down rather than cut lower.
    const low = previewSize("mobile", "fit", { width: 600, height: MIN_PHONE_HEIGHT / 2 });
    expect(low).toEqual({ viewport: { width: 390, height: MIN_PHONE_HEIGHT }, scale: 0.5, box: { width: 195, height: MIN_PHONE_HEIGHT / 2 } });
  });
  it("fits the whole desktop into the box, never up, or shows it at 100 % in a box that scrolls", () => {
    expect(previewSize("desktop", "fit", { width: 640, height: 1000 })).toEqual({ viewport: { width: 1280, height: 800 }, scale: 0.5, box: { width: 640, height: 400 } });
    expect(previewSize("desktop", "fit", { width: 5000, height: 5000 }).scale).toBe(1);
    expect(previewSize("desktop", "actual", { width: 600, height: 620 })).toEqual({ viewport: { width: 1280, height: 800 }, scale: 1, box: { width: 600, height: 620 } });
  });
  it("starts a desktop at 100 % scrolled to the corner where the button is", () => {
    const v = { width: 1280, height: 800 };
    const box = { width: 600, height: 600 };
    expect(actualSizeScroll("BOTTOM_RIGHT", v, box)).toEqual({ left: 680, top: 200 });
    expect(actualSizeScroll("TOP_LEFT", v, box)).toEqual({ left: 0, top: 0 });
    expect(actualSizeScroll("BOTTOM_CENTER", v, box)).toEqual({ left: 340, top: 200 });
    expect(actualSizeScroll("MIDDLE_LEFT", v, box)).toEqual({ left: 0, top: 100 });
  });
  it("keeps the page path, query and hash of the chosen URL", () => {
    expect(previewPath("https://shop.example.com/pricing?x=1#top")).toBe("/pricing?x=1#top");
    expect(previewPath("/contact")).toBe("/contact");
    expect(previewPath("not a url")).toBe("/");
  });
});

describe("embed snippets", () => {
  it("says when a publication reaches visitors, from the server's embed max-age", () => {
    expect(hostedFreshness(0, "en")).toMatch(/their next page view/);
    expect(hostedFreshness(60, "en")).toMatch(/within 60 seconds/);
    expect(hostedFreshness(300, "en")).toMatch(/within 5 minutes/);
    expect(hostedFreshness(300, "de")).toMatch(/innerhalb von 5 Minuten/);
  });
  it("hosted: one async script", () => {
    expect(hostedSnippet("https://b.example/d/d1.js")).toBe('<script async src="https://b.example/d/d1.js"></script>');
  });
  it("inline: the config with this server's API, safe inside a script element", () => {
    const s = inlineSnippet("https://b.example", { userId: "u", buttons: [], domains: [], actions: [{ labelText: "</script><b>" }] });
    expect(s).toContain('"apiRoot":"https://b.example/api"');
    expect(s).not.toContain("</script><b>");
    expect(s.endsWith('<script async src="https://b.example/static/beckon.js"></script>')).toBe(true);
  });
});

describe("editor catalogue", () => {
  it("covers all 19 action types and each condition kind's match types", () => {
    expect(Object.keys(ACTION_TYPES)).toHaveLength(19);
    expect(MATCH_TYPES.GEO.map((m) => m.value)).toEqual(["COUNTRY_CODE"]);
    expect(MATCH_TYPES.CHAT.map((m) => m.value)).toEqual(["AGENTS_AVAILABLE"]);
  });
  it("gives a new channel action its brand colour (darkened just enough for its white icon), and no texts the widget has in every language", () => {
    expect(newAction("a", "WHATSAPP").backgroundColor).toBe("#008069");
    expect(newAction("a", "FACEBOOK").backgroundColor).toBe("#0972eb");
    expect(newAction("a", "TELEGRAM").backgroundColor).toBe("#1b7eae");
    expect(newAction("a", "PHONE").backgroundColor).toBeUndefined();
    // Left empty: the widget's welcome and placeholder in the visitor's language (the builder shows
    // them as defaults); its status line only while someone is online.
    expect(newAction("a", "CHAT").properties).toBeUndefined();
    expect(newAction("a", "PHONE").properties).toBeUndefined();
  });
  it("finds a free id", () => {
    expect(freshId("action", [{ id: "action-2" }, { id: "x" }])).toBe("action-3");
    expect(freshId("action", [{ id: "action-1" }])).toBe("action-2");
  });
});

describe("action schedules in the editor", () => {
  it("shows the days the widget reads: none stored means every day", () => {
    expect(scheduleDays({ showAlways: false })).toEqual([true, true, true, true, true, true, true]);
    expect(scheduleDays({ showAlways: false, daysOfWeek: [false, false, false, false, false, true, true] })).toEqual([false, false, false, false, false, true, true]);
  });
  it("writes out office hours when an always-offered action gets a schedule, and keeps what it had", () => {
    expect(limitedSchedule({ showAlways: true })).toEqual({
      showAlways: false,
      daysOfWeek: [true, true, true, true, true, false, false],
      start: "09:00",
      stop: "17:00",
    });
    const weekend = { showAlways: true, daysOfWeek: [false, false, false, false, false, true, true], start: "10:00", stop: "14:00", timezone: "Asia/Tokyo" };
    expect(limitedSchedule(weekend)).toEqual({ ...weekend, showAlways: false });
  });
});
