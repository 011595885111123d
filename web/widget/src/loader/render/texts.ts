// The loader's own texts: the branding line under lists and the name of a menu's toggle, in the
// reader's language (src/shared/lang.ts). Their words are the app's catalogue's (modal.poweredBy,
// buttons.options): this module holds English's, and build.mjs replaces it by one with every
// shipped language's, so the words are written once. Only lists use them (the LISTS part).
import { en } from "../../app/i18n/en";

/** Per language: [the branding line, the menu toggle's name]. */
export const LOADER_TEXTS: Record<string, [string, string]> = { en: [en.modal.poweredBy, en.buttons.options] };
