// The catalogues (src/app/i18n): every shipped language has every key English has (a missing one
// would fall back to English: this test fails instead), no key English lacks, the same {{x}}
// placeholders; and a key a language lacks falls back to English, key by key.
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { en } from "../../../src/app/i18n/en";
import { dir, language, list, plural, setLanguage, t } from "../../../src/app/i18n/index";
import { withFallback } from "../../../src/app/i18n/merge";
import { direction, LANGUAGES, pickLanguage, shipped } from "../../../src/shared/lang";

type Tree = { [k: string]: string | Tree };
/**
 * Leaf paths with their texts. A plural object (one with `other`) stands for the categories the
 * language's Intl.PluralRules uses: with `lang`, those are the keys it must have.
 */
function leaves(o: Tree, lang?: string, at = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(o)) {
    if (typeof v == "string") out.set(at + k, v);
    else if (lang && "other" in v) for (const c of categories(lang)) out.set(`${at}${k}.${c}`, "");
    else for (const [p, s] of leaves(v, lang, at + k + ".")) out.set(p, s);
  }
  return out;
}
/** The plural categories counts of 0 to 4000 fall in (French's `many` is for millions: unused). */
const categories = (lang: string) => {
  const rules = new Intl.PluralRules(lang);
  return new Set(["other", ...Array.from({ length: 4001 }, (_, n) => rules.select(n))]);
};
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const PLURAL_CATEGORIES = new Set(["zero", "one", "two", "few", "many", "other"]);

const dirFiles = readdirSync(new URL("../../../src/app/i18n/locales/", import.meta.url)).filter((f) => f.endsWith(".ts"));
const locales = await Promise.all(
  dirFiles.map(async (f) => [f.slice(0, 2), (await import(`../../../src/app/i18n/locales/${f}`)).default as Tree] as const),
);

describe("catalogues", () => {
  it("ship every language the picker offers, one file each", () => {
    expect(dirFiles.map((f) => f.slice(0, 2)).sort()).toEqual(LANGUAGES.filter((l) => l != "en").sort());
  });

  const english = leaves(en as unknown as Tree);
  for (const [lang, table] of locales) {
    it(`${lang} has every key English has, with its placeholders`, () => {
      const own = leaves(table);
      const wanted = leaves(en as unknown as Tree, lang);
      const missing = [...wanted.keys()].filter((k) => !own.has(k));
      expect(missing, `${lang} lacks`).toEqual([]);
      for (const [k, text] of own) {
        const base = english.get(k) ?? english.get(k.replace(/\.\w+$/, ".other"));
        const category = k.split(".").pop()!;
        expect(base != null || PLURAL_CATEGORIES.has(category), `${lang}: ${k} is not an English key`).toBe(true);
        // Plural forms may leave {{n}} out ("one character"); other texts keep every placeholder.
        const need = placeholders(base ?? "").filter((p) => !(PLURAL_CATEGORIES.has(category) && p == "n"));
        for (const p of need) expect(placeholders(text), `${lang}: ${k} keeps {{${p}}}`).toContain(p);
        expect(text.trim(), `${lang}: ${k} is empty`).not.toBe("");
      }
    });
  }
});

describe("lookup", () => {
  it("falls back to English per key, and fills placeholders", () => {
    // A language lacking keys (as a chunk is built: app.build.mjs).
    setLanguage("xx", withFallback(en as unknown as Tree, { chat: { retry: "Nochmal", tooLong: { other: "{{n}} zu viel" } } }));
    expect(t("chat.retry")).toBe("Nochmal");
    expect(t("chat.newChat")).toBe(en.chat.newChat);
    expect(t("rating.thanks")).toBe(en.rating.thanks);
    expect(t("chat.newMessageFrom", { name: "Ann" })).toBe("New message from Ann");
    // A plural comes whole from the language that has it.
    expect(plural("chat.tooLong", 1)).toBe("1 zu viel");
    setLanguage("en", en);
  });

  it("picks plural categories by Intl.PluralRules and lists by Intl.ListFormat", async () => {
    const ar = locales.find(([l]) => l == "ar")![1];
    setLanguage("ar", withFallback(en as unknown as Tree, ar));
    expect(plural("chat.tooLong", 2, { max: 4000 })).toContain("بحرفين");
    expect(plural("chat.tooLong", 5, { max: 4000 })).toContain("5 أحرف");
    expect(dir()).toBe("rtl");
    setLanguage("en", en);
    expect(plural("chat.tooLong", 1, { max: 4000 })).toBe("1 character too long: a message holds at most 4000.");
    expect(list(["Ann", "Bob", "Cy"])).toBe("Ann, Bob, and Cy");
    expect(language()).toBe("en");
    expect(dir()).toBe("ltr");
  });
});

describe("pickLanguage", () => {
  it("takes the owner's, else the page's, else the browser's, else English", () => {
    expect(pickLanguage("de", "fr", ["es"])).toBe("de");
    expect(pickLanguage(undefined, "fr-CA", ["es"])).toBe("fr");
    expect(pickLanguage("", "", ["ko-KR", "es-MX"])).toBe("es");
    expect(pickLanguage(null, "ko", ["ko"])).toBe("en");
    expect(pickLanguage(null, "xx", [])).toBe("en");
  });
  it("reads tags loosely but skips what is not shipped", () => {
    expect(shipped("PT_br")).toBe("pt");
    expect(shipped("zh-Hans-CN")).toBe("zh");
    expect(shipped("zh-TW")).toBeNull();
    expect(shipped("iw")).toBe("he");
    expect(direction("he")).toBe("rtl");
    expect(direction("fr")).toBe("ltr");
  });
});
