// The loader's optional parts: code only some configs need (the app chunk, which reads opening
// hours too, is built with every part). beckon.js (the inline embed, whose config is not known
// when it is built) carries every part; the hosted embed /d/{domainId}.js carries a build with
// only the parts its published config uses (web/widget/build.mjs builds one per combination,
// replacing this module; crates/server/src/api/http/hosting.rs picks one), so a config pays, in bytes
// before its buttons show, only for what it uses. Each flag is a constant: a build without a part
// has none of its code.

/** Full bar, multi and dots buttons; without it, single buttons only. */
export const LISTS = true;
/** Opening hours that differ by day (schedule.hours). */
export const HOURS_BY_DAY = true;
/** Reveal after the first screen (scroll.revealAfterFirstScreen). */
export const FIRST_SCREEN = true;
/** The owner's own texts of an action per language (an action's `translations`), applied before the buttons render. */
export const TRANSLATIONS = true;
