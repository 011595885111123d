// The loader's own texts: the branding line under lists and the name of a menu's toggle, in the
// reader's language (shared/lang.ts). Only lists use them (the LISTS part). English's are built in
// (shared/words.ts, the app's catalogue's too); a visitor gets one other language's at most:
// - the hosted embed carries the domain's language's when it has one (window.CNB_WORDS, written by
//   crates/server/src/api/http/hosting.rs from the build's beckon-words.json; boot.ts adds them);
// - otherwise the browser decides (the page's lang, the browser's languages) and they come with
//   that language's chunk (beckon-lang-{xx}.js, the app's catalogue: the chat later finds it
//   loaded), fetched before lists are drawn (widget.ts), so that no list shows English first or a
//   toggle without a name. A chunk that fails to load leaves English's.
import { CONTACT_OPTIONS, POWERED_BY } from "../../shared/words";

/** [the branding line, the menu toggle's name]. */
export type Words = [string, string];

const words: Record<string, Words> = { en: [POWERED_BY, CONTACT_OPTIONS] };

/** Adds languages' words ({ fr: [...] }): the hosted embed's. */
export const addWords = (more: unknown): void => void Object.assign(words, more);

/** The words of language l, English's when it has none. */
export const wordsOf = (l: string): Words => words[l] || words.en;

/** Loads language l's words from its chunk in folder `base`: null when they are in already. */
export const loadWords = (l: string, base: string): Promise<unknown> | null =>
  words[l]
    ? null
    : import(base + "beckon-lang-" + l + ".js").then(
        (m: { default: { modal: { poweredBy: string }; buttons: { options: string } } }) => {
          words[l] = [m.default.modal.poweredBy, m.default.buttons.options];
        },
        () => {},
      );
