// The loader's own words (src/loader/render/texts.ts): English's built in, the domain's language's
// from the hosted embed, any other from the language's chunk, before lists are drawn.
import { describe, expect, it } from "vitest";
import { addWords, loadWords, wordsOf } from "../../src/loader/render/texts";
import { en } from "../../src/app/i18n/en";

/** A folder URL whose beckon-lang-{xx}.js is a module with these words (the rest is a comment). */
const folderWith = (brand: string, toggle: string) =>
  "data:text/javascript," + encodeURIComponent(`export default { modal: { poweredBy: ${JSON.stringify(brand)} }, buttons: { options: ${JSON.stringify(toggle)} } };//`);

describe("the loader's words", () => {
  it("are the catalogue's English ones, built in, and English's for a language it has none of", () => {
    expect(wordsOf("en")).toEqual([en.modal.poweredBy, en.buttons.options]);
    expect(wordsOf("nl")).toEqual(["Powered by Beckon", "Contact options"]);
    expect(loadWords("en", "https://nowhere.invalid/")).toBeNull();
  });

  it("take the hosted embed's words of the domain's language: nothing to load", () => {
    addWords({ fr: ["Propulsé par Beckon", "Moyens de contact"] });
    expect(wordsOf("fr")).toEqual(["Propulsé par Beckon", "Moyens de contact"]);
    expect(loadWords("fr", "https://nowhere.invalid/")).toBeNull();
  });

  it("load another language's from its chunk, once", async () => {
    await loadWords("de", folderWith("Bereitgestellt von Beckon", "Kontaktmöglichkeiten"));
    expect(wordsOf("de")).toEqual(["Bereitgestellt von Beckon", "Kontaktmöglichkeiten"]);
    expect(loadWords("de", "https://nowhere.invalid/")).toBeNull();
  });

  it("stay English when the language's chunk cannot load", async () => {
    await expect(loadWords("pl", "data:text/javascript,syntax error here//")).resolves.toBeUndefined();
    expect(wordsOf("pl")).toEqual(["Powered by Beckon", "Contact options"]);
  });
});
