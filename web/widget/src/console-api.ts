// What the console runs of the widget, its one entry `@beckon/widget` (package.json "exports";
// the generated types are `@beckon/widget/config` and `@beckon/widget/wire`). The console's
// builder, preview and reply box answer with the widget's own code, so they cannot disagree with
// what visitors get (docs/architecture.md "Seams"). Pure modules only: nothing here touches the
// page, and the console's bundler keeps only what it imports ("sideEffects": false).

// Deciding which buttons show (spec §2.2, §2.3, §5.1).
export { ACTION_LIMIT, collides, decide } from "./loader/decide/decide";
export { conditionMatches, conditionsPass } from "./loader/decide/conditions";
export { dayWindow, scheduledNow } from "./shared/schedule";
export { displayOk } from "./loader/decide/display";
export type { DecidedButton, RuntimeParams } from "./loader/decide/types";
export { isHttpUrl } from "./loader/actions/validate";

// How buttons and the chat look by default.
export { GLYPHS } from "./loader/render/icons";
export { contrast, HEADER_COLORS, isHex, textOn } from "./app/color";
export { DEFAULT_PLACEHOLDER, DEFAULT_STATUS, DEFAULT_WELCOME } from "./app/options";
export { NOBODY_ONLINE } from "./app/chat/core/presence";
export { DEFAULT_LEGAL_TEXT, legalNotice } from "./app/chat/core/profile";
export type { PropertyValue } from "./app/chat/core/types";

// The message limit the visitor and the agent are both held to.
export { charactersOver, MAX_MESSAGE_CHARS, tooLongText } from "./app/chat/core/limit";

// Files in a chat: the checks before an upload, sizes, pictures, and the upload itself (an
// XMLHttpRequest, for its progress; it touches no page).
export { fileFault, isPicture, sizeIn, sizeText, type FileFault } from "./app/chat/core/files";
export { uploadFile } from "./app/chat/upload";

// The widget's languages and its English texts, for the builder's per-language overrides.
export { LANGUAGES, type Lang } from "./shared/lang";
export { en as WIDGET_TEXTS } from "./app/i18n/en";
