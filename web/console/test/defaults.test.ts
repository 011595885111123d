// Defaults that must not mislead the owner: the colours the builder shows are the ones visitors
// get and read well, no English words written where the widget has its own in every language, the "Powered by Beckon" choice, a pasted
// address taken apart to its host, the clock opening hours follow, and status lines that go once
// untrue (src/lib/host.ts, src/lib/zone.ts, src/ui/useStatusFor.ts, src/owner/builder/colours.ts,
// src/owner/builder/edits.ts, src/owner/catalogue.ts).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { contrast, HEADER_COLORS, textOn } from "@beckon/widget";
import type { Button, Config } from "@beckon/widget/config";
import { hostOf, hostsOf } from "../src/lib/host";
import { sameState } from "../src/ui/useStatusFor";
import { hoursZone, hoursZoneText } from "../src/lib/zone";
import { chatColourDefaults, DEFAULT_BUTTON, DEFAULT_ICON, readableShade } from "../src/owner/builder/colours";
import { addChannel, removeChannel } from "../src/owner/builder/edits";
import { PALETTE } from "../src/owner/builder/Looks";
import { ACTION_TYPES, CHANNEL_ORDER, newAction, showsBranding, typeForBranding } from "../src/owner/catalogue";

const css = (name: string) => readFileSync(new URL(`../../widget/src/styles/${name}`, import.meta.url), "utf8");

describe("colours: what the builder shows is what visitors get, and it reads well", () => {
  it("a button without a colour is shown in the widget's own default (beckon-core.css), not the chat's green", () => {
    expect(css("beckon-core.css")).toMatch(new RegExp(`\\.cnb-i \\{[^}]*background: ${DEFAULT_BUTTON} !important`));
    expect(DEFAULT_BUTTON).not.toBe(HEADER_COLORS.chat);
  });

  it("every colour a new channel starts with, and every colour offered, passes 4.5:1 under the white icon", () => {
    const starting = CHANNEL_ORDER.map((t) => newAction("a", t).backgroundColor ?? DEFAULT_BUTTON);
    for (const c of [...starting, ...PALETTE]) expect(contrast(c, DEFAULT_ICON), c).toBeGreaterThanOrEqual(4.5);
    // LINE, WeChat and Skype's brand colours did not (2.3:1, 2.4:1, 2.5:1).
    for (const [type, brand] of [["LINE", "#06c755"], ["WECHAT", "#07c160"], ["SKYPE", "#00aff0"]] as const) {
      expect(contrast(brand, DEFAULT_ICON)).toBeLessThan(4.5);
      expect(ACTION_TYPES[type].colour).toBe(readableShade(brand));
    }
  });

  it("a readable shade keeps the brand's hue, only darker, and leaves readable colours alone", () => {
    expect(readableShade("#06c755")).toBe("#04893b");
    expect(readableShade("#00aff0")).toBe("#007ead");
    expect(readableShade("#008069")).toBe("#008069");
    expect(readableShade("red")).toBe("red");
  });

  it("the chat's colour fields show the spec's title bar green and the text colour the widget picks on it", () => {
    const unset = chatColourDefaults(undefined);
    expect(unset["chatmodal-header-background-color"]).toBe("#009900");
    expect(unset["chatmodal-header-text-color"]).toBe(textOn("#009900"));
    expect(unset["chatmodal-send-icon-color"]).toBe("#009900");
    const navy = chatColourDefaults({ "chatmodal-header-background-color": "#112244" });
    expect(navy["chatmodal-header-text-color"]).toBe("#fff");
    expect(navy["chatmodal-send-icon-color"]).toBe("#112244");
  });
});

describe("the builder writes no English words where the widget has its own in each visitor's language", () => {
  const config = (): Config => ({ userId: "u", domains: [{ id: "d", name: "shop.example" }], buttons: [], actions: [], conditions: [] }) as unknown as Config;

  it("a second channel (the live chat) makes a multi button with no words beside it: visitors see its + named in their language", () => {
    const one = addChannel(config(), 0, "WHATSAPP").config;
    expect(one.buttons[0].type).toBe("SINGLE");
    const two = addChannel(one, 0, "CHAT").config;
    expect(two.buttons[0].type).toBe("MULTI");
    expect(two.buttons[0].multiButtonOptions).toBeUndefined();
    expect(removeChannel(two, 0, "chat-2").buttons[0].type).toBe("SINGLE");
  });

  it("a new live chat has no label, welcome, placeholder or status: the widget's own, translated, show", () => {
    const chat = newAction("a", "CHAT");
    expect(chat.labelText).toBeUndefined();
    expect(chat.properties).toBeUndefined();
    // The widget has no words of its own for a phone call's label: the owner words it.
    expect(newAction("a", "PHONE").labelText).toBe("Call");
  });
});

describe("Powered by Beckon, as the owner means it", () => {
  it("shows on every type but PRO; switching it writes the type that means it, keeping one that already does", () => {
    expect([showsBranding("FREE"), showsBranding("STARTER"), showsBranding(undefined), showsBranding("PRO")]).toEqual([true, true, true, false]);
    expect(typeForBranding(false, "STARTER")).toBe("PRO");
    expect(typeForBranding(true, "PRO")).toBe("FREE");
    expect(typeForBranding(true, "STARTER")).toBe("STARTER");
  });
});

describe("a host field takes a pasted address apart", () => {
  it("keeps only the host, lower case", () => {
    expect(hostOf("https://shop.example/")).toBe("shop.example");
    expect(hostOf("  HTTPS://Shop.Example/pricing?plan=pro#top ")).toBe("shop.example");
    expect(hostOf("http://user:secret@www.shop.example./cart")).toBe("www.shop.example");
    expect(hostOf("//cdn.shop.example/x")).toBe("cdn.shop.example");
    expect(hostOf("shop.example")).toBe("shop.example");
    expect(hostOf("not a host!")).toBe("not a host!"); // left for the server to name
    expect(hostsOf("https://a.example/, b.example , ,http://c.example/x")).toEqual(["a.example", "b.example", "c.example"]);
  });
  it("keeps a port, so the server can say why a domain has none", () => {
    expect(hostOf("https://shop.example:8443/")).toBe("shop.example:8443");
    expect(hostOf("[::1]:8080")).toBe("[::1]:8080");
  });
});

describe("the clock opening hours follow", () => {
  it("the channel's own zone, else the shop's, else each visitor's", () => {
    expect(hoursZoneText(hoursZone("Europe/Berlin"))).toBe("Europe/Berlin, your shop's time zone");
    expect(hoursZoneText(hoursZone("Europe/Berlin", "Asia/Tokyo"))).toBe("Asia/Tokyo, chosen for this channel");
    expect(hoursZoneText(hoursZone(null))).toBe("each visitor's own clock");
  });
});

describe("status lines hold for the state they were said about only", () => {
  it("compares the state by identity", () => {
    const draft = {};
    expect(sameState([draft, 1], [draft, 1])).toBe(true);
    expect(sameState([draft, 1], [{}, 1])).toBe(false);
    expect(sameState([draft, 1], [draft, 2])).toBe(false);
  });
});
