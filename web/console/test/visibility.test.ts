import { describe, expect, it } from "vitest";
import type { Button, Config, Placement } from "@beckon/widget/config";
import { fate, fixes, missedOn, missedText, shownOn } from "../src/owner/visibility";
import { goingLive, leftOut } from "../src/owner/publishing/changes";
import { translate, type Vars } from "../src/i18n/index";

const button = (id: string, actions: string[], placement: Placement = "BOTTOM_RIGHT", extra: Partial<Button> = {}): Button => ({
  id,
  active: true,
  domainId: "d",
  type: "SINGLE",
  actions,
  conditions: [],
  options: { placement, position: "FIXED", displayMode: "ALWAYS", animation: "NONE" },
  ...extra,
});

/** The builder's defaults: Button 1 = WhatsApp, Button 2 = Call, both at the bottom right, several not allowed. */
const defaults = (several = false): Config => ({
  userId: "u",
  domains: [{ id: "d", name: "shop.test", properties: several ? { allowMultipleButtons: true } : {} }],
  buttons: [button("b1", ["wa"]), button("b2", ["call"])],
  actions: [
    { id: "wa", actionType: "WHATSAPP", actionValue: "+31612345678" },
    { id: "call", actionType: "PHONE", actionValue: "+31201234567" },
  ],
  conditions: [],
});

describe("what visitors get, by the widget's own decision", () => {
  it("WhatsApp + Call at the same place, several off: Call is hidden for both reasons, on both screens", () => {
    const c = defaults();
    expect(fate(c, 0, "phone")).toEqual({ shows: true });
    expect(fate(c, 1, "phone")).toEqual({ shows: false, reasons: [{ why: "one-only", by: 0 }, { why: "place", by: 0 }] });
    expect(missedOn(c, 1)).toEqual(["desktop", "phone"]);
    expect(missedText(c, 1)).toBe(
      "will not show: a page shows only one button (Button 1) while “Allow several buttons on a page” is off; and Button 1 already takes the bottom right, and a place holds one button.",
    );
  });

  it("one fix does it all: several allowed and the button moved to the nearest free place", () => {
    const c = defaults();
    const [fix, ...rest] = fixes(c, 1);
    expect(rest).toEqual([]);
    expect(fix.label).toBe("Allow several buttons and move this one to the bottom centre");
    const fixed = fix.apply(c);
    expect(fixed.domains[0].properties?.allowMultipleButtons).toBe(true);
    expect(fixed.buttons[1].options?.placement).toBe("BOTTOM_CENTER");
    expect(shownOn(fixed, 0)).toEqual(["desktop", "phone"]);
    expect(shownOn(fixed, 1)).toEqual(["desktop", "phone"]);
    expect(fixes(fixed, 1)).toEqual([]);
  });

  it("several allowed, same place: moving it is the fix; different places, several off: allowing several is", () => {
    const same = defaults(true);
    expect(fate(same, 1, "desktop")).toEqual({ shows: false, reasons: [{ why: "place", by: 0 }] });
    expect(fixes(same, 1).map((f) => f.label)).toEqual(["Move it to the bottom centre"]);
    const apart = defaults();
    apart.buttons[1].options!.placement = "BOTTOM_LEFT";
    expect(fate(apart, 1, "desktop")).toEqual({ shows: false, reasons: [{ why: "one-only", by: 0 }] });
    expect(fixes(apart, 1).map((f) => f.label)).toEqual(["Allow several buttons on a page"]);
  });

  it("a move never takes the place of another shown button", () => {
    const c = defaults(true);
    c.buttons.push(button("b3", ["wa"], "BOTTOM_CENTER"));
    c.buttons = [c.buttons[0], c.buttons[2], c.buttons[1]];
    expect(fixes(c, 2).map((f) => f.label)).toEqual(["Move it to the bottom left"]);
  });

  it("says nothing about what the owner chose: switched off, no channel, the other screen only", () => {
    const c = defaults(true);
    c.buttons[1].options!.placement = "TOP_LEFT";
    c.buttons[1].options!.displayMode = "MOBILE_ONLY";
    expect(shownOn(c, 1)).toEqual(["phone"]);
    expect(missedOn(c, 1)).toEqual([]);
    c.buttons[1].active = false;
    expect(missedText(c, 1)).toBeNull();
    c.buttons[1].active = true;
    c.buttons[1].actions = [];
    expect(missedText(c, 1)).toBeNull();
  });

  it("an earlier desktop-only button hides a later one on desktops only", () => {
    const c = defaults(true);
    c.buttons[0].options!.displayMode = "DESKTOP_ONLY";
    expect(shownOn(c, 1)).toEqual(["phone"]);
    expect(missedText(c, 1)).toBe("will not show on desktops: Button 1 already takes the bottom right, and a place holds one button.");
    expect(fixes(c, 1).map((f) => f.label)).toEqual(["Move it to the bottom centre"]);
  });
});

describe("the publish summary says what visitors get and what they don't", () => {
  it("WhatsApp + Call defaults: one button goes live, Call is named as left out with why", () => {
    expect(goingLive(defaults())).toEqual(["A button for WhatsApp at the bottom right"]);
    expect(leftOut(defaults())).toEqual([
      "Button 2 (Call) will not show: a page shows only one button (Button 1) while “Allow several buttons on a page” is off; and Button 1 already takes the bottom right, and a place holds one button.",
    ]);
  });

  it("after the fix both go live, nothing is left out; a screen-only button says so", () => {
    const fixed = fixes(defaults(), 1)[0].apply(defaults());
    fixed.buttons[1].options!.displayMode = "MOBILE_ONLY";
    expect(goingLive(fixed)).toEqual(["A button for WhatsApp at the bottom right", "A button for Call at the bottom centre (phones only)"]);
    expect(leftOut(fixed)).toEqual([]);
  });

  it("a switched-off button, and channels beyond what a single button shows", () => {
    const c = defaults(true);
    c.buttons[1].active = false;
    expect(leftOut(c)).toEqual(["Button 2 (Call) is switched off"]);
    const one = defaults();
    one.buttons = [button("b1", ["wa", "call"])];
    expect(goingLive(one)).toEqual(["A button for WhatsApp at the bottom right"]);
    expect(leftOut(one)).toEqual(["Call on the button will not show: a single button shows one channel"]);
  });
});

describe("in the console's language", () => {
  const es = (key: string, vars?: Vars) => translate("es", key, vars);
  it("says why a button is hidden and offers the fix in Spanish", () => {
    const c = defaults();
    expect(missedText(c, 1, es)).toBe(
      "no se mostrará: una página muestra solo un botón (Botón 1) mientras «Permitir varios botones en una página» está desactivado; y Botón 1 ya ocupa el lugar abajo a la derecha, y en cada lugar cabe un botón.",
    );
    expect(fixes(c, 1, es).map((f) => f.label)).toEqual(["Permitir varios botones y mover este abajo en el centro"]);
  });
});
