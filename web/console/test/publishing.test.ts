import { describe, expect, it } from "vitest";
import type { Config } from "@beckon/widget/config";
import { dayList, goingLive, summarizeChanges } from "../src/owner/publishing/changes";
import { ago, installedText, unknownHostText } from "../src/owner/publishing/installation";
import { changedPath, edit, MERGE_MS, redo, start, undo } from "../src/owner/publishing/undo";
import { translate } from "../src/i18n/index";

const base = (): Config => ({
  userId: "u",
  domains: [{ id: "d", name: "shop.example", type: "FREE", properties: {} }],
  buttons: [{ id: "b1", active: true, domainId: "d", type: "SINGLE", actions: ["wa", "call"], options: { placement: "BOTTOM_RIGHT" } }],
  actions: [
    { id: "wa", actionType: "WHATSAPP", actionValue: "+31612345678", labelText: "WhatsApp us" },
    { id: "call", actionType: "PHONE", actionValue: "+31201234567", labelText: "Call us" },
  ],
  conditions: [],
  options: {},
});

const change = (f: (c: Config) => void): Config => {
  const c = base();
  f(c);
  return c;
};

describe("change summary (published → draft)", () => {
  it("says nothing when nothing changed, and the first publication", () => {
    expect(summarizeChanges(base(), base())).toEqual([]);
    // A single button shows its first channel only (spec §2.2): visitors get WhatsApp.
    expect(summarizeChanges(null, base())).toEqual(["A button for WhatsApp at the bottom right"]);
  });

  it("says what a first publication puts live: each button that shows something, with its channels and place", () => {
    expect(goingLive(base())).toEqual(["A button for WhatsApp at the bottom right"]);
    expect(goingLive(change((c) => (c.buttons[0].type = "MULTI")))).toEqual(["A button for WhatsApp and Call at the bottom right"]);
    const two = change((c) => {
      // A second button shows only where several are allowed (spec §5.1).
      c.domains[0].properties = { allowMultipleButtons: true };
      c.buttons[0].actions = ["wa"];
      c.buttons.push({ id: "b2", active: true, domainId: "d", type: "SINGLE", actions: ["call"], options: { placement: "TOP_LEFT" } });
    });
    expect(goingLive(two)).toEqual(["A button for WhatsApp at the bottom right", "A button for Call at the top left"]);
    // A button switched off, or without a channel, shows nothing: nothing to put live.
    expect(goingLive(change((c) => (c.buttons[0].active = false)))).toEqual([]);
    expect(goingLive(change((c) => (c.buttons[0].actions = [])))).toEqual([]);
  });

  it("names the channel's value and label", () => {
    expect(summarizeChanges(base(), change((c) => (c.actions![0].actionValue = "+31687654321")))).toEqual(["WhatsApp number changed"]);
    expect(summarizeChanges(base(), change((c) => (c.actions![1].labelText = "Ring us")))).toEqual(['Call: label changed to "Ring us"']);
    expect(summarizeChanges(base(), change((c) => (c.actions![0].backgroundColor = "#000000")))).toEqual(["WhatsApp: look changed"]);
    expect(summarizeChanges(base(), change((c) => (c.actions![0].properties = { message: "Hi" })))).toEqual(["WhatsApp: message visitors start with changed"]);
  });

  it("tells schedules by the days and hours", () => {
    const weekdays = change((c) => (c.actions![1].schedule = { showAlways: false, daysOfWeek: [true, true, true, true, true, true, false], start: "09:00", stop: "17:00" }));
    expect(summarizeChanges(base(), weekdays, "en-GB")).toEqual(["Call hidden on Sundays", "Call hours set to 09:00–17:00"]);
    // In the owner's locale, as the time fields show times.
    expect(summarizeChanges(base(), weekdays, "en-US")).toEqual(["Call hidden on Sundays", "Call hours set to 09:00 AM–05:00 PM"]);
    const noSaturday = change((c) => (c.actions![1].schedule = { showAlways: false, daysOfWeek: [true, true, true, true, true, false, false], start: "09:00", stop: "17:00" }));
    expect(summarizeChanges(weekdays, noSaturday)).toEqual(["Call hidden on Saturdays"]);
    expect(summarizeChanges(noSaturday, weekdays)).toEqual(["Call shown on Saturdays"]);
    expect(summarizeChanges(noSaturday, base())).toEqual(["Call shown at all times"]);
    expect(dayList([5, 6])).toBe("Saturdays and Sundays");
    expect(dayList([0, 1, 4])).toBe("Mondays, Tuesdays and Fridays");
  });

  it("tells channels and buttons added, removed, moved and turned off", () => {
    const more = change((c) => {
      c.actions!.push({ id: "mail", actionType: "EMAIL", actionValue: "a@shop.example" });
      c.buttons[0].actions.push("mail");
    });
    expect(summarizeChanges(base(), more)).toEqual(["E-mail added"]);
    expect(summarizeChanges(more, base())).toEqual(["E-mail removed"]);
    expect(summarizeChanges(base(), change((c) => (c.buttons[0].options = { placement: "BOTTOM_LEFT" })))).toEqual(["The button moved to bottom left"]);
    expect(summarizeChanges(base(), change((c) => (c.buttons[0].active = false)))).toEqual(["The button turned off"]);
    expect(summarizeChanges(base(), change((c) => (c.buttons[0].actions = ["call", "wa"])))).toEqual(["Order of the channels changed"]);
    expect(summarizeChanges(base(), change((c) => (c.buttons[0].type = "MULTI")))).toEqual(["The button is now multi"]);
    const rule = change((c) => {
      c.conditions = [{ id: "c1", filterType: "INCLUDE", conditionType: "URL", matchType: "SUBSTRING", matchValue: "/shop" }];
      c.buttons[0].conditions = ["c1"];
    });
    expect(summarizeChanges(base(), rule)).toEqual(["The button: where it shows changed"]);
    expect(summarizeChanges(base(), change((c) => (c.domains[0].timezone = "Europe/Amsterdam")))).toEqual(["Time zone changed to Europe/Amsterdam"]);
  });

  it("names each setting of Settings that changed, as Settings labels it", () => {
    const settings = (f: (p: Record<string, unknown>) => void) => change((c) => f((c.domains[0].properties ??= {}) as Record<string, unknown>));
    expect(summarizeChanges(base(), settings((p) => (p.waitForConsent = true)))).toEqual(["Settings: “Wait for the visitor's consent” switched on"]);
    expect(summarizeChanges(base(), settings((p) => (p.scale = 1.2)))).toEqual(["Settings: “Scale of every button” changed"]);
    // Moving off cookie banners is on unless switched off; a box left unticked is off, as unset was.
    expect(summarizeChanges(base(), settings((p) => (p.avoidCollisions = false)))).toEqual(["Settings: “Move buttons off cookie banners and other fixed bars” switched off"]);
    expect(summarizeChanges(base(), settings((p) => (p.debug = false))).filter((l) => l.startsWith("Settings"))).toEqual([]);
    expect(summarizeChanges(base(), change((c) => (c.domains[0].type = "PRO")))).toEqual(["Settings: “Show “Powered by Beckon” under the chat and the button lists” switched off"]);
    expect(
      summarizeChanges(
        base(),
        settings((p) => {
          p["chat-legal-enabled"] = "true";
          p["chat-legal-notice"] = "I accept the {link1}";
          p.texts = { fr: { "modal.welcome": "Bonjour" } };
        }),
      ),
    ).toEqual(["Settings: “Chat legal notice” changed", "Settings: “Your own words in French” changed"]);
    // In the console's language.
    const de = (key: string, vars?: Record<string, string | number>) => translate("de", key, vars);
    expect(summarizeChanges(base(), settings((p) => (p.waitForConsent = true)), undefined, de)).toEqual(["Einstellungen: „Auf die Einwilligung des Besuchers warten“ eingeschaltet"]);
  });
});

describe("undo and redo", () => {
  it("steps back and forward; a new edit drops the redo steps", () => {
    let h = start(1);
    h = edit(h, 2, "a", 0);
    h = edit(h, 3, "b", 10);
    h = undo(h);
    expect(h.present).toBe(2);
    h = undo(h);
    expect(h.present).toBe(1);
    expect(undo(h)).toBe(h);
    h = redo(h);
    expect(h.present).toBe(2);
    h = edit(h, 9, "c", 20);
    expect(h.future).toEqual([]);
    expect(redo(h)).toBe(h);
  });

  it("keystrokes in one field within a moment are one step", () => {
    let h = start("");
    h = edit(h, "H", "label", 1000);
    h = edit(h, "Hi", "label", 1000 + MERGE_MS / 2);
    h = edit(h, "Hi!", "label", 1000 + MERGE_MS);
    expect(undo(h).present).toBe("");
    h = edit(h, "Hi!?", "label", 1000 + 3 * MERGE_MS);
    expect(undo(h).present).toBe("Hi!");
  });
});

describe("which field an edit changed", () => {
  it("names the one place two configs differ, or nothing", () => {
    const a = base();
    expect(changedPath(a, change((c) => (c.actions![0].labelText = "Hi")))).toBe("actions.0.labelText");
    expect(changedPath(a, change((c) => (c.buttons[0].options = { placement: "TOP_LEFT" })))).toBe("buttons.0.options.placement");
    expect(changedPath(a, change((c) => ((c.actions![0].labelText = "Hi"), (c.actions![1].labelText = "Yo"))))).toBe("");
    expect(changedPath(a, base())).toBe("");
  });
});

describe("installation check words", () => {
  const now = Date.parse("2026-01-01T12:00:00Z");
  it("waits, then says where and when", () => {
    expect(installedText({ installed: null, unknownHosts: [], embedUrl: "" }, now)).toBe("Waiting for your site…");
    const seen = { host: "shop.example", url: "https://shop.example/", seenAt: "2026-01-01T11:58:00Z" };
    expect(installedText({ installed: seen, unknownHosts: [], embedUrl: "" }, now)).toBe("Installed on https://shop.example (seen 2 minutes ago)");
    expect(ago("2026-01-01T11:59:50Z", now)).toBe("just now");
    expect(ago("2026-01-01T09:00:00Z", now)).toBe("3 hours ago");
    expect(ago("2025-12-31T12:00:00Z", now)).toBe("1 day ago");
    expect(unknownHostText({ host: "shpo.example", url: "https://shpo.example/cart", seenAt: "2026-01-01T11:59:00Z" }, "shop.example", now)).toMatch(/^The snippet was loaded by https:\/\/shpo\.example\/cart \(1 minute ago\), which is not shop\.example/);
  });
});

describe("the summaries in the console's language", () => {
  const de = (key: string, vars?: Record<string, string | number>) => translate("de", key, vars);
  const es = (key: string, vars?: Record<string, string | number>) => translate("es", key, vars);
  it("German: channels, places, days and lists in German", () => {
    expect(goingLive(change((c) => (c.buttons[0].type = "MULTI")), de)).toEqual(["Ein Button für WhatsApp und Anruf unten rechts"]);
    const weekdays = change((c) => (c.actions![1].schedule = { showAlways: false, daysOfWeek: [true, true, true, true, true, false, false], start: "09:00", stop: "17:00" }));
    expect(summarizeChanges(base(), weekdays, "de-DE", de)).toEqual(["Anruf samstags und sonntags ausgeblendet", "Anruf: Zeiten auf 09:00–17:00 gesetzt"]);
    expect(summarizeChanges(base(), change((c) => (c.buttons[0].options = { placement: "TOP_LEFT" })), undefined, de)).toEqual(["Der Button auf den Platz oben links verschoben"]);
    expect(summarizeChanges(base(), change((c) => (c.actions![0].properties = { message: "Hallo" })), undefined, de)).toEqual(["WhatsApp: „Nachricht, mit der Besucher beginnen“ geändert"]);
    expect(dayList([0, 1, 4], de)).toBe("montags, dienstags und freitags");
  });
  it("Spanish: the same sentences in Spanish", () => {
    expect(summarizeChanges(base(), change((c) => (c.buttons[0].type = "MULTI")), undefined, es)).toEqual(["El botón: ahora es de tipo lista"]);
    expect(dayList([5, 6], es)).toBe("los sábados y los domingos");
    expect(installedText({ embedUrl: "", installed: { host: "shop.example", url: "https://shop.example/", seenAt: new Date(0).toISOString() }, unknownHosts: [] }, 120_000, es)).toBe("Instalado en https://shop.example (visto hace 2 minutos)");
  });
});
