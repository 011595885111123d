// The agent's side in the console's languages (src/i18n/*/agent.ts): plural forms picked by count,
// the locale dates and numbers are formatted in, and the file texts built from the widget's rules.
import { describe, expect, it } from "vitest";
import { translate, type ConsoleLang } from "../src/i18n/index";
import { localeFor, type Translate } from "../src/i18n/locale";
import { fileSize, problemText } from "../src/lib/files";

const t =
  (l: ConsoleLang): Translate =>
  (key, vars) =>
    translate(l, key, vars);

describe("the agent's texts", () => {
  it("picks a plural form by count, in English and German", () => {
    expect(translate("en", "composer.tooLong", { count: 1, max: 4000 })).toBe("1 character too long: a message holds at most 4000.");
    expect(translate("en", "composer.tooLong", { count: 3, max: 4000 })).toBe("3 characters too long: a message holds at most 4000.");
    expect(translate("en", "cannedPicker.matches", { count: 1 })).toMatch(/^1 canned reply matches;/);
    expect(translate("en", "cannedPicker.matches", { count: 2 })).toMatch(/^2 canned replies match;/);
    expect(translate("de", "cannedPicker.matches", { count: 1 })).toMatch(/^1 Textbaustein passt;/);
    expect(translate("de", "cannedPicker.matches", { count: 2 })).toMatch(/^2 Textbausteine passen;/);
    expect(translate("de", "chatList.days", { count: 1 })).toBe("1 Tag");
    expect(translate("de", "chatList.days", { count: 5 })).toBe("5 Tage");
  });

  it("formats in the browser's variant of the console's language, else the language", () => {
    expect(localeFor("en", ["en-GB", "de-DE"])).toBe("en-GB");
    expect(localeFor("de", ["en-US", "de-AT"])).toBe("de-AT");
    expect(localeFor("es", ["en-US"])).toBe("es");
  });

  it("words sizes and refused files in the console's language", () => {
    expect(fileSize(2.5 * 1024 * 1024, t("en"), "en")).toBe("2.5 MB");
    expect(fileSize(2.5 * 1024 * 1024, t("de"), "de")).toBe("2,5 MB");
    expect(fileSize(1023 * 1024, t("en"), "en")).toBe("1023 KB");
    expect(fileSize(1, t("en"), "en")).toBe("1 byte");
    expect(fileSize(12, t("es"), "es")).toBe("12 bytes");
    const big = { fault: "tooLarge", name: "a.png", type: "image/png", maxBytes: 10 * 1024 * 1024 } as const;
    expect(problemText(big, t("en"), "en")).toBe("a.png is too large: at most 10 MB.");
    expect(problemText(big, t("de"), "de")).toBe("a.png ist zu groß: höchstens 10 MB.");
    expect(problemText({ ...big, fault: "notAccepted", type: "text/html" }, t("es"), "es")).toBe("a.png: no se acepta este tipo de archivo (text/html).");
  });
});
