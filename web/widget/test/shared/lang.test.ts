// The owner's own texts per language (shared/lang.ts): an action's `translations` in the reader's
// language replace its label and properties; other languages and actions without any are untouched.
// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import type { Config } from "../../src/config/types.gen";
import { forLanguage, inLanguage } from "../../src/shared/lang";

const config = (language?: string): Config => ({
  userId: "u",
  domains: [{ id: "d", name: "shop.test", properties: language ? { language } : {} }],
  buttons: [],
  actions: [
    { id: "a", actionType: "CHAT", actionValue: "", labelText: "Chat", properties: { "chatmodal-header-text": "Live chat" }, translations: { fr: { labelText: "Discuter", "chatmodal-header-text": "Chat en direct" }, "pt-BR": { labelText: "Conversar" } } },
    { id: "b", actionType: "PHONE", actionValue: "+1555", labelText: "Call" },
  ],
});

describe("inLanguage", () => {
  afterEach(() => document.documentElement.removeAttribute("lang"));
  it("takes the page's language, and the domain's over it", () => {
    document.documentElement.setAttribute("lang", "fr");
    const [a, b] = inLanguage(config(), config().domains![0]).actions!;
    expect(a.labelText).toBe("Discuter");
    expect(a.properties!["chatmodal-header-text"]).toBe("Chat en direct");
    expect(b.labelText).toBe("Call");
    const c = config("pt");
    expect(inLanguage(c, c.domains![0]).actions![0].labelText).toBe("Conversar");
  });
  it("leaves a config without translations as it is", () => {
    document.documentElement.setAttribute("lang", "de");
    const c = config();
    expect(inLanguage(c, c.domains![0]).actions![0].labelText).toBe("Chat");
    const plain = { ...c, actions: [c.actions![1]] };
    expect(inLanguage(plain, null)).toBe(plain);
  });
  it("matches a regional tag to its language", () => {
    expect(forLanguage({ "pt-BR": 1 }, "pt")).toBe(1);
    expect(forLanguage({ fr: 1, "fr-CA": 2 }, "fr")).toBe(1);
    expect(forLanguage({ de: 1 }, "fr")).toBeUndefined();
  });
});
