// The console's catalogue (src/i18n): German and Spanish have every key English has (a missing one
// would show English: this test fails instead); lookups fall back per key; the first choice.
import { describe, expect, it } from "vitest";
import { en } from "../src/i18n/en";
import de from "../src/i18n/de";
import es from "../src/i18n/es";
import { initialLanguage, translate } from "../src/i18n/index";
import { ACTION_TYPES, ANIMATIONS, CONDITION_TYPES, DISPLAY_MODES, FILTER_TYPES, ICON_TYPES, MATCH_TYPES, MULTI_STATES, PLACEMENTS, placeIn, POSITIONS, WEEKDAYS } from "../src/owner/catalogue";

const AREAS = import.meta.glob<{ default: Record<string, unknown> }>("../src/i18n/*/*.ts", { eager: true });

const keys = (o: Record<string, Record<string, string>>) => Object.entries(o).flatMap(([g, t]) => Object.keys(t).map((k) => `${g}.${k}`));

describe("console catalogue", () => {
  for (const [lang, table] of [["de", de], ["es", es]] as const) {
    it(`${lang} has every key English has`, () => {
      const own = new Set(keys(table as Record<string, Record<string, string>>));
      expect(keys(en).filter((k) => !own.has(k))).toEqual([]);
    });
  }
  it("no two areas of a language name the same group (a later spread would replace the earlier's)", () => {
    for (const lang of ["en", "de", "es"]) {
      const areas = Object.entries(AREAS).filter(([path]) => path.includes(`/${lang}/`));
      expect(areas.length, lang).toBeGreaterThan(1);
      const groups = areas.flatMap(([, m]) => Object.keys(m.default));
      expect(groups.length, lang).toBe(new Set(groups).size);
    }
  });
  it("the builder's catalogue of channels and options names keys English has", () => {
    const has = (key: string) => translate("en", key) !== key;
    const keys = [
      ...Object.values(ACTION_TYPES).flatMap((c) => [c.label, c.value.label, c.value.hint, c.value.placeholder, ...c.properties.flatMap((p) => [p.label, p.help, ...(p.choices ?? []).map((o) => o.label)])]),
      ...[ANIMATIONS, CONDITION_TYPES, DISPLAY_MODES, FILTER_TYPES, ICON_TYPES, MULTI_STATES, PLACEMENTS, POSITIONS, ...Object.values(MATCH_TYPES)].flat().map((o) => o.label),
      ...PLACEMENTS.map((p) => placeIn(p.value)),
      ...WEEKDAYS.flatMap((d) => [`catalogue.${d}`, `catalogue.${d}s`]),
    ].filter((k): k is string => !!k);
    expect(keys.filter((k) => !has(k))).toEqual([]);
  });
  it("falls back to English per key", () => {
    expect(translate("de", "inbox.title")).toBe("Posteingang");
    expect(translate("es", "shell.inbox")).toBe("Bandeja de entrada");
    expect(translate("de", "no.such")).toBe("no.such");
  });
  it("fills {placeholders} and picks the plural form by count", () => {
    expect(translate("en", "inbox.title", { n: 1 })).toBe("Inbox");
    // The test's own keys are not in the catalogue: a placeholder left unknown stays as written.
    expect(translate("en", "no.{such}", { other: 1 })).toBe("no.{such}");
  });
  it("starts in the stored choice, else the browser's, else English", () => {
    expect(initialLanguage("es", ["de-DE"])).toBe("es");
    expect(initialLanguage(null, ["fr-FR", "de-AT"])).toBe("de");
    expect(initialLanguage("xx", ["ja"])).toBe("en");
  });
});
