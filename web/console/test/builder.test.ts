import { describe, expect, it } from "vitest";
import * as phoneLib from "libphonenumber-js/min";
import type { Config } from "@beckon/widget/config";
import { addChannel, addCondition, buttonActions, buttonConditions, countryCodes, dropIndex, labelLanguages, move, proposedType, removeChannel, removeCondition, withLabelIn } from "../src/owner/builder/edits";
import { contrastWarning } from "../src/owner/builder/contrast";
import { dayText, weekHours } from "../src/owner/schedule";
import { countryList, phoneProblem } from "../src/lib/phone";
import { withHeight, withReveal } from "../src/owner/reveal";

const empty = (): Config => ({ userId: "u", domains: [{ id: "d", name: "shop.test" }], buttons: [], actions: [], conditions: [] });

describe("builder: channels on a button", () => {
  it("makes the first button with the first channel, and proposes the type for the count", () => {
    let { config, id } = addChannel(empty(), 0, "WHATSAPP");
    expect(config.buttons).toHaveLength(1);
    expect(config.buttons[0].type).toBe("SINGLE");
    expect(config.buttons[0].actions).toEqual([id]);
    expect(config.actions![0].backgroundColor).toBe("#008069");
    ({ config } = addChannel(config, 0, "PHONE"));
    expect(config.buttons[0].type).toBe("MULTI");
    expect(buttonActions(config, 0).map((a) => a.actionType)).toEqual(["WHATSAPP", "PHONE"]);
  });
  it("keeps a type the owner chose while it fits the model's limits", () => {
    expect(proposedType(3, "FULL")).toBe("FULL");
    expect(proposedType(6, "FULL")).toBe("MULTI");
    expect(proposedType(1, "FULL")).toBe("FULL");
    expect(proposedType(1, "MULTI")).toBe("SINGLE");
    expect(proposedType(10, "DOTS")).toBe("DOTS");
  });
  it("removes a channel from the button, and from the config once no button uses it", () => {
    let { config, id } = addChannel(empty(), 0, "EMAIL");
    ({ config } = addChannel(config, 0, "SMS"));
    const shared = { ...config, buttons: [...config.buttons, { ...config.buttons[0], id: "other", actions: [id] }] };
    const fromOne = removeChannel(shared, 0, id);
    expect(fromOne.actions!.some((a) => a.id === id)).toBe(true);
    expect(fromOne.buttons[0].type).toBe("SINGLE");
    expect(removeChannel(config, 0, id).actions!.some((a) => a.id === id)).toBe(false);
  });
  it("places a dropped item before or after its target, whichever way it was dragged", () => {
    const drop = (list: string[], from: number, target: number, at: "before" | "after" | "on") => move(list, from, dropIndex(from, target, at));
    expect(drop(["a", "b", "c"], 2, 0, "before")).toEqual(["c", "a", "b"]);
    expect(drop(["a", "b", "c"], 2, 0, "after")).toEqual(["a", "c", "b"]);
    expect(drop(["a", "b", "c"], 0, 2, "after")).toEqual(["b", "c", "a"]);
    expect(drop(["a", "b", "c"], 0, 2, "before")).toEqual(["b", "a", "c"]);
    expect(drop(["a", "b", "c"], 0, 1, "before")).toEqual(["a", "b", "c"]);
    expect(drop(["a", "b", "c"], 1, 0, "after")).toEqual(["a", "b", "c"]);
  });
  it("moves an item, and leaves the list alone for a move off its ends", () => {
    expect(move(["a", "b", "c"], 2, 0)).toEqual(["c", "a", "b"]);
    expect(move(["a", "b", "c"], 0, 1)).toEqual(["b", "a", "c"]);
    expect(move(["a", "b"], 0, -1)).toEqual(["a", "b"]);
  });
});

describe("builder: an action's label in other languages", () => {
  it("adds a language's label, changes it, and lists the languages in their order", () => {
    let tr = withLabelIn(undefined, "fr", "Appelez-nous");
    expect(tr).toEqual({ fr: { labelText: "Appelez-nous" } });
    tr = withLabelIn(tr, "de", "Rufen Sie an");
    tr = withLabelIn(tr, "fr", "Appelez");
    expect(tr).toEqual({ fr: { labelText: "Appelez" }, de: { labelText: "Rufen Sie an" } });
    expect(labelLanguages(tr)).toEqual(["fr", "de"]);
  });
  it("a blank label is no label: the language goes, and the translations with the last one", () => {
    const tr = withLabelIn({ fr: { labelText: "Appelez" }, de: { labelText: "Anrufen" } }, "fr", "  ");
    expect(tr).toEqual({ de: { labelText: "Anrufen" } });
    expect(withLabelIn(tr, "de", "")).toBeUndefined();
  });
  it("keeps a language's other texts (a chat title written in the JSON editor)", () => {
    const chat = { fr: { labelText: "Discutons", "chatmodal-header-text": "Le chat" } };
    expect(withLabelIn(chat, "fr", "")).toEqual({ fr: { "chatmodal-header-text": "Le chat" } });
    expect(labelLanguages({ fr: { "chatmodal-header-text": "Le chat" } })).toEqual([]);
    expect(withLabelIn({ fr: { "chatmodal-header-text": "Le chat" } }, "fr", "Discutons")).toEqual(chat);
  });
});

describe("builder: a button's rules", () => {
  it("adds conditions to the button and removes unused ones from the config", () => {
    let { config } = addChannel(empty(), 0, "PHONE");
    config = addCondition(config, 0, { filterType: "INCLUDE", conditionType: "GEO", matchType: "COUNTRY_CODE", matchValue: "NL,BE" });
    config = addCondition(config, 0, { filterType: "EXCLUDE", conditionType: "URL", matchType: "SUBSTRING", matchValue: "/checkout" });
    expect(buttonConditions(config, 0, "URL").map((c) => c.condition.matchValue)).toEqual(["/checkout"]);
    const geo = buttonConditions(config, 0, "GEO")[0].condition;
    expect(countryCodes(geo.matchValue)).toEqual(["NL", "BE"]);
    config = removeCondition(config, 0, geo.id);
    expect(config.conditions!.map((c) => c.conditionType)).toEqual(["URL"]);
    expect(config.buttons[0].conditions).toHaveLength(1);
  });
});

describe("builder: the weekly grid is the widget's reading of a schedule", () => {
  it("office hours", () => {
    const s = { showAlways: false, daysOfWeek: [true, true, true, true, true, false, false], start: "09:00", stop: "17:00" };
    const h = weekHours(s);
    expect(h[0].map((x, i) => (x ? i : -1)).filter((i) => i >= 0)).toEqual([9, 10, 11, 12, 13, 14, 15, 16]);
    expect(h[5].some(Boolean)).toBe(false);
    expect(dayText(s, 0, "en-GB")).toBe("09:00–17:00");
    expect(dayText(s, 6, "en-GB")).toBe("closed");
  });
  it("an overnight window belongs to the day it starts on", () => {
    const s = { showAlways: false, daysOfWeek: [false, false, false, false, true, false, false], start: "22:00", stop: "02:00" };
    const h = weekHours(s);
    expect(h[4][23]).toBe(true);
    expect(h[5][1]).toBe(true);
    expect(h[5][2]).toBe(false);
    expect(h[4][1]).toBe(false);
    expect(dayText(s, 4, "en-GB")).toBe("22:00–02:00 (next day)");
  });
  it("outside these hours inverts it", () => {
    const s = { showAlways: false, daysOfWeek: [true, true, true, true, true, true, true], start: "09:00", stop: "17:00", outsideHours: true };
    expect(weekHours(s)[2][12]).toBe(false);
    expect(weekHours(s)[2][20]).toBe(true);
    expect(dayText(s, 2, "en-GB")).toBe("all day except 09:00–17:00");
  });
});

describe("builder: checks beside fields", () => {
  it("phone numbers need their country code and a plausible length", () => {
    expect(phoneProblem(phoneLib, "+31 6 1234 5678")).toBe("");
    expect(phoneProblem(phoneLib, "0031 20 123 4567")).toBe("");
    expect(phoneProblem(phoneLib, "06 1234 5678")).toMatch(/country code/);
    expect(phoneProblem(phoneLib, "+31 6 12")).toMatch(/complete phone number/);
    expect(phoneProblem(phoneLib, "call me")).toMatch(/digits/);
    expect(phoneProblem(phoneLib, "")).toBe("");
  });
  it("countries are listed by name", () => {
    const list = countryList(phoneLib, "en");
    expect(list.find((c) => c.code === "JP")?.name).toBe("Japan");
    expect(list.length).toBeGreaterThan(200);
  });
  it("warns when the icon colour is hard to see on the button colour", () => {
    expect(contrastWarning("#009900", "#ffffff")).toMatch(/contrast 3\.\d:1/);
    expect(contrastWarning("#1a56db", "#ffffff")).toBe("");
    expect(contrastWarning("red", "#ffffff")).toBe("");
  });
});

describe("builder: the scroll rule it writes is none or one crates/model accepts", () => {
  // crates/model refuses a rule with neither a height of at least 1 px nor the first screen.
  const accepted = (s: ReturnType<typeof withReveal>) => s === undefined || !!s.revealAfterFirstScreen || s.revealAtHeight! >= 1 || s.hideAtHeight! >= 1;

  it("an emptied pixel field leaves no rule (never `scroll: {}`) and says what to type", () => {
    const r = withHeight({ revealAtHeight: 300 }, "revealAtHeight", "");
    expect(r.scroll).toBeUndefined();
    expect(r.problem).toMatch(/^Type how many pixels visitors scroll before the button appears\. Until then it appears right away\.$/);
    expect(withHeight({ revealAtHeight: 300, neverHide: true }, "revealAtHeight", " ").scroll).toBeUndefined();
  });

  it("keeps a hide rule when the reveal height is emptied, and 0 reads as no height", () => {
    expect(withHeight({ revealAtHeight: 300, hideAtHeight: 2000 }, "revealAtHeight", "").scroll).toEqual({ hideAtHeight: 2000 });
    const zero = withHeight({ revealAtHeight: 300 }, "revealAtHeight", "0");
    expect(zero.scroll).toBeUndefined();
    expect(zero.problem).toContain("(0 is right away)");
    expect(withHeight({ revealAtHeight: 300, hideAtHeight: 2000 }, "hideAtHeight", "").scroll).toEqual({ revealAtHeight: 300 });
    expect(withHeight({ hideAtHeight: 2000 }, "hideAtHeight", "")).toEqual({ scroll: undefined, problem: "" });
    expect(withHeight({ hideAtHeight: 2000, neverHide: true }, "hideAtHeight", "0").scroll).toBeUndefined();
  });

  it("writes a typed whole number, and keeps the rule as it was with a message for anything else", () => {
    expect(withHeight(undefined, "revealAtHeight", "450")).toEqual({ scroll: { revealAtHeight: 450 }, problem: "" });
    expect(withHeight({ revealAfterFirstScreen: true }, "hideAtHeight", " 3000 ")).toEqual({ scroll: { revealAfterFirstScreen: true, hideAtHeight: 3000 }, problem: "" });
    for (const bad of ["300px", "1.5", "-20", "1e3"]) {
      const r = withHeight({ revealAtHeight: 300 }, "revealAtHeight", bad);
      expect(r).toEqual({ scroll: { revealAtHeight: 300 }, problem: "Type a whole number of pixels, like 300." });
    }
  });

  it("every edit of every rule gives an accepted rule", () => {
    const rules = [undefined, {}, { neverHide: true }, { revealAtHeight: 0, hideAtHeight: 0 }, { revealAtHeight: 300 }, { hideAtHeight: 900 }, { revealAfterFirstScreen: true }];
    for (const s of rules) {
      for (const v of ["now", "pixels", "screen"] as const) expect(accepted(withReveal(s, v)), `${JSON.stringify(s)} → ${v}`).toBe(true);
      for (const f of ["revealAtHeight", "hideAtHeight"] as const)
        for (const t of ["", "0", "1", "250"]) expect(accepted(withHeight(s, f, t).scroll), `${JSON.stringify(s)} ${f}=${t}`).toBe(true);
    }
  });
});
