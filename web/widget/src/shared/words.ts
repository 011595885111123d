// The words the loader and the app both say, in English: the branding line under lists and the
// dialogs ('Powered by Beckon'), and the name of a menu's toggle. The app's catalogue
// (app/i18n/en.ts) takes them from here, its other languages translate them; the loader builds in
// English's only (loader/render/texts.ts says where the others come from).

export const POWERED_BY = "Powered by Beckon";
export const CONTACT_OPTIONS = "Contact options";
