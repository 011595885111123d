// What the buttons editor offers for each field of the config model (crates/model; the types
// come from web/widget/src/config/types.gen.ts), and what a new button, action or condition
// starts as.
import type {
  Action,
  ActionType,
  Animation,
  Button,
  ButtonType,
  Condition,
  ConditionType,
  DisplayMode,
  DomainType,
  FilterType,
  IconType,
  MatchType,
  MultiButtonState,
  Placement,
  Position,
} from "@beckon/widget/config";
import { DEFAULT_PLACEHOLDER, DEFAULT_STATUS, DEFAULT_WELCOME, HEADER_COLORS, NOBODY_ONLINE } from "@beckon/widget";
import { english } from "../i18n/t";
import { readableShade } from "./builder/colours";

/** A choice: its value and its label, a key of the console's catalogue (i18n/en/builder.ts "catalogue"). */
export type Option<T extends string> = { value: T; label: string };

/** Options whose labels are the catalogue's keys `catalogue.{prefix}{value}`. */
const keyed = <T extends string>(prefix: string, values: T[]): Option<T>[] => values.map((value) => ({ value, label: `catalogue.${prefix}${value}` }));

/** The options with their labels in the console's language (`t` of useT()). */
export const translated = <T extends string>(t: (key: string) => string, options: Option<T>[]): Option<T>[] => options.map((o) => ({ ...o, label: t(o.label) }));

/** Each button type's name inside a sentence ("Button 1 is now multi"), a catalogue key. */
export const BUTTON_TYPE_NAMES: Record<ButtonType, string> = { SINGLE: "catalogue.typeSINGLE", FULL: "catalogue.typeFULL", MULTI: "catalogue.typeMULTI", DOTS: "catalogue.typeDOTS" };
export const PLACEMENTS = keyed<Placement>("", ["BOTTOM_RIGHT", "BOTTOM_CENTER", "BOTTOM_LEFT", "MIDDLE_RIGHT", "MIDDLE_LEFT", "TOP_RIGHT", "TOP_CENTER", "TOP_LEFT"]);
/** A place inside a sentence ("Move it to the bottom right"), a catalogue key. */
export const placeIn = (p: Placement): string => `catalogue.in${p}`;
export const POSITIONS = keyed<Position>("position", ["FIXED", "ABSOLUTE"]);
export const DISPLAY_MODES = keyed<DisplayMode>("display", ["ALWAYS", "MOBILE_ONLY", "DESKTOP_ONLY"]);
export const ANIMATIONS = keyed<Animation>("anim", ["NONE", "SHAKE", "TADA", "SONAR_LIGHT", "SONAR_DARK"]);
export const ICON_TYPES = keyed<IconType>("icon", ["FONT", "FONT_MATERIAL", "SVG", "CUSTOM"]);
export const MULTI_STATES = keyed<MultiButtonState>("", ["CLOSED", "OPEN"]);
/**
 * The "Powered by Beckon" line under the chat and the button lists: every domain type shows it but
 * PRO (spec §1, §6). On a self-hosted Beckon there are no plans to buy, so the console offers the
 * line itself as a choice and writes the type that means it.
 */
export const showsBranding = (type: DomainType | undefined): boolean => type !== "PRO";

/** The domain type for showing the line or not; a type that already does what is asked stays. */
export const typeForBranding = (show: boolean, type: DomainType | undefined): DomainType =>
  show === showsBranding(type) && type ? type : show ? "FREE" : "PRO";
export const FILTER_TYPES = keyed<FilterType>("filter", ["INCLUDE", "EXCLUDE"]);
export const CONDITION_TYPES = keyed<ConditionType>("condition", ["URL", "GEO", "CHAT"]);
export const MATCH_TYPES: Record<ConditionType, Option<MatchType>[]> = {
  URL: keyed<MatchType>("match", ["SIMPLE", "SUBSTRING", "EXACT", "REGEX"]),
  GEO: keyed<MatchType>("match", ["COUNTRY_CODE"]),
  CHAT: keyed<MatchType>("match", ["AGENTS_AVAILABLE"]),
};

/**
 * A property of an action type (spec §3.1, §3.4), as the builder asks for it: a label and help in
 * the owner's words, and for a choice its options with plain labels ("" is the widget's default);
 * labels and help are keys of the console's catalogue ("catalogue.…", help with {status} and
 * {nobody}: HELP_VARS). `shownWhenEmpty` is the widget's own text visitors get while it is not
 * set, in their language (shown as the field's placeholder, never saved: a saved English text
 * would replace the widget's French or Arabic one).
 */
export type PropertyField = {
  key: string;
  label: string;
  help?: string;
  choices?: Option<string>[];
  kind?: "color" | "text" | "textarea" | "number";
  shownWhenEmpty?: string;
};

/** The widget's texts a property's help quotes. */
export const HELP_VARS = { status: DEFAULT_STATUS, nobody: NOBODY_ONLINE };

/**
 * What the main value of an action is, asked in the owner's words (catalogue keys: the question,
 * a hint, an example as placeholder); `phone` values get a plausibility check.
 */
export type ValueQuestion = { label: string; hint?: string; placeholder?: string; input: "phone" | "email" | "url" | "text" | "none" };

export type ChannelInfo = {
  /** The channel's name on the grid and in headings, a catalogue key. */
  label: string;
  /** The widget's built-in glyph (web/widget/src/loader/render/icons.ts). */
  glyph: string;
  value: ValueQuestion;
  /** Properties asked for up front; the rest are under "More options". */
  main: string[];
  properties: PropertyField[];
  /**
   * The widget has words of its own for this channel in each visitor's language (the live chat's
   * window title): a new one gets no label, so no English label hides them.
   */
  widgetWords?: boolean;
  /**
   * The colour a new action of this type starts with (the owner may change it): the brand's, made
   * just dark enough for its white icon to read (4.5:1, builder/colours.ts readableShade).
   */
  colour?: string;
};

/** A catalogue key. */
const k = (key: string) => `catalogue.${key}`;
const choice = (value: string, label: string): Option<string> => ({ value, label: k(label) });
const yesNo = (yes: string, no: string): Option<string>[] => [choice("", "default"), choice("true", yes), choice("false", no)];
const PHONE_HINT = k("phoneHint");
/** On a computer, which cannot place calls: the call panel (number, Copy, QR code) or the plain link (docs/configuration.md). */
const DESKTOP_LINK: PropertyField = { key: "desktop-plain-link", label: k("desktopLink"), choices: [choice("", "desktopPanel"), choice("true", "desktopPlain")] };
const PX = k("inPixels");
const OPEN_AS = k("openAs");
const START_MESSAGE = k("startMessage");

/**
 * Each action type (spec §3.1, §3.4; how the widget reads each value is in
 * web/widget/src/loader/actions/links.ts and web/widget/src/app/options.ts). The messaging
 * channels start in their brand colours (WhatsApp and Messenger use the spec's, as their modals do).
 */
export const ACTION_TYPES: Record<ActionType, ChannelInfo> = {
  PHONE: { label: k("PHONE"), glyph: "phone", value: { label: k("PHONE_value"), hint: PHONE_HINT, placeholder: k("phoneExample"), input: "phone" }, main: [], properties: [DESKTOP_LINK] },
  WHATSAPP: {
    label: k("WHATSAPP"),
    glyph: "whatsapp",
    value: { label: k("WHATSAPP_value"), hint: PHONE_HINT, placeholder: k("mobileExample"), input: "phone" },
    colour: readableShade(HEADER_COLORS.whatsapp),
    main: ["message", "whatsapp-dialog-type"],
    properties: [
      { key: "message", label: START_MESSAGE, kind: "textarea", help: k("whatsappMessageHelp") },
      { key: "whatsapp-dialog-type", label: OPEN_AS, choices: [choice("", "whatsappDirect"), choice("popout", "chatPreview")] },
      DESKTOP_LINK,
    ],
  },
  FACEBOOK: {
    label: k("FACEBOOK"),
    glyph: "facebook",
    value: { label: k("FACEBOOK_value"), hint: k("FACEBOOK_hint"), placeholder: k("FACEBOOK_example"), input: "text" },
    colour: readableShade(HEADER_COLORS.facebook),
    main: ["facebook-dialog-type"],
    properties: [
      { key: "facebook-dialog-type", label: OPEN_AS, choices: [choice("", "messengerDirect"), choice("popout", "chatPreview"), choice("widget", "facebookWidget")] },
      { key: "facebook-widget-default-state", label: k("facebookStarts"), choices: [choice("", "CLOSED"), choice("open", "OPEN")] },
      { key: "facebook-app-id", label: k("facebookAppId"), help: k("facebookAppIdHelp") },
      { key: "facebook-ref", label: k("facebookRef"), help: k("facebookRefHelp") },
      { key: "facebook-welcome-message", label: k("facebookWelcome") },
    ],
  },
  EMAIL: {
    label: k("EMAIL"),
    glyph: "email",
    value: { label: k("EMAIL_value"), placeholder: k("EMAIL_example"), input: "email" },
    main: ["subject"],
    properties: [
      { key: "subject", label: k("subject") },
      { key: "body", label: k("body"), kind: "textarea" },
      { key: "cc", label: k("cc"), help: k("addressesHelp") },
      { key: "bcc", label: k("bcc"), help: k("addressesHelp") },
    ],
  },
  SMS: {
    label: k("SMS"),
    glyph: "sms",
    value: { label: k("SMS_value"), hint: PHONE_HINT, placeholder: k("mobileExample"), input: "phone" },
    main: ["message"],
    properties: [{ key: "message", label: START_MESSAGE, kind: "textarea" }, DESKTOP_LINK],
  },
  TELEGRAM: {
    label: k("TELEGRAM"),
    glyph: "telegram",
    value: { label: k("TELEGRAM_value"), hint: k("TELEGRAM_hint"), placeholder: k("shopExample"), input: "text" },
    colour: readableShade("#229ed9"),
    main: [],
    properties: [],
  },
  VIBER: {
    label: k("VIBER"),
    glyph: "viber",
    value: { label: k("VIBER_value"), hint: k("VIBER_hint"), placeholder: k("mobileExample"), input: "text" },
    colour: readableShade("#7360f2"),
    main: ["viber-link-type"],
    properties: [
      { key: "viber-link-type", label: OPEN_AS, choices: [choice("", "viberChat"), choice("ADD_NUMBER", "viberAdd"), choice("PA_CHAT", "viberPublic")] },
      { key: "viber-content", label: k("viberContent"), help: k("viberContentHelp") },
      { key: "viber-text", label: k("viberText") },
    ],
  },
  LINE: {
    label: k("LINE"),
    glyph: "line",
    value: { label: k("LINE_value"), hint: k("LINE_hint"), placeholder: k("LINE_example"), input: "text" },
    colour: readableShade("#06c755"),
    main: ["line-link-type", "line-message"],
    properties: [
      { key: "line-link-type", label: OPEN_AS, choices: [choice("", "lineMessage"), choice("PROFILE", "lineProfile")] },
      { key: "line-message", label: START_MESSAGE },
    ],
  },
  WECHAT: {
    label: k("WECHAT"),
    glyph: "wechat",
    value: { label: k("WECHAT_value"), placeholder: k("shopExample"), input: "text" },
    colour: readableShade("#07c160"),
    main: [],
    properties: [{ key: "wechat-link-type", label: OPEN_AS, choices: [choice("", "aChat"), choice("URL", "webLink")] }],
  },
  ZALO: {
    label: k("ZALO"),
    glyph: "zalo",
    value: { label: k("ZALO_value"), placeholder: k("ZALO_example"), input: "text" },
    colour: readableShade("#0068ff"),
    main: ["zalo-link-type"],
    properties: [{ key: "zalo-link-type", label: k("zaloIs"), choices: [choice("", "zaloPhone"), choice("OA", "zaloOA"), choice("GROUP", "zaloGroup"), choice("INVITE", "zaloInvite")] }],
  },
  SIGNAL: {
    label: k("SIGNAL"),
    glyph: "signal",
    value: { label: k("SIGNAL_value"), hint: PHONE_HINT, placeholder: k("mobileExample"), input: "phone" },
    colour: readableShade("#3a76f0"),
    main: [],
    properties: [],
  },
  SKYPE: {
    label: k("SKYPE"),
    glyph: "skype",
    value: { label: k("SKYPE_value"), placeholder: k("shopExample"), input: "text" },
    colour: readableShade("#00aff0"),
    main: ["skype-link-type"],
    properties: [{ key: "skype-link-type", label: OPEN_AS, choices: [choice("", "aCall"), choice("CHAT", "aChat")] }],
  },
  MAP: {
    label: k("MAP"),
    glyph: "map",
    value: { label: k("MAP_value"), placeholder: k("MAP_example"), input: "text" },
    main: ["map-query-type"],
    properties: [{ key: "map-query-type", label: OPEN_AS, choices: [choice("", "mapPlace"), choice("directions", "mapDirections")] }],
  },
  LINK: {
    label: k("LINK"),
    glyph: "link",
    value: { label: k("LINK_value"), placeholder: k("LINK_example"), input: "url" },
    main: ["link-target"],
    properties: [
      { key: "link-target", label: k("openIn"), choices: [choice("", "sameTab"), choice("_blank", "newTab")] },
      { key: "link-download-enabled", label: k("download"), choices: yesNo("downloadYes", "downloadNo") },
      { key: "link-download", label: k("downloadName"), help: k("downloadNameHelp") },
    ],
  },
  ANCHOR: { label: k("ANCHOR"), glyph: "anchor", value: { label: k("ANCHOR_value"), hint: k("ANCHOR_hint"), placeholder: k("ANCHOR_example"), input: "text" }, main: [], properties: [] },
  TALLY: {
    label: k("TALLY"),
    glyph: "tally",
    value: { label: k("TALLY_value"), placeholder: k("TALLY_example"), input: "text" },
    main: [],
    properties: [
      { key: "tally-hide-title", label: k("tallyTitle"), choices: yesNo("hidden", "shown") },
      { key: "tally-transparent-background", label: k("tallyBackground"), choices: yesNo("transparent", "formsOwn") },
      { key: "tally-align-left", label: k("tallyAlign"), choices: yesNo("left", "centred") },
    ],
  },
  IFRAME: {
    label: k("IFRAME"),
    glyph: "iframe",
    value: { label: k("IFRAME_value"), placeholder: k("IFRAME_example"), input: "url" },
    main: ["iframe-title"],
    properties: [{ key: "iframe-title", label: k("iframeTitle"), help: k("iframeTitleHelp") }],
  },
  CHAT: {
    label: k("CHAT"),
    glyph: "chat",
    widgetWords: true,
    value: { label: "", input: "none" },
    main: ["chatmodal-header-text", "chatmodal-header-subtext", "chatmodal-messages", "chatmodal-placeholder-message", "chatmodal-header-background-color", "chatmodal-header-text-color"],
    properties: [
      { key: "chatmodal-header-text", label: k("chatTitle"), help: k("chatTitleHelp") },
      // Not written out on a new chat: left empty, the widget says nothing while one of the team
      // is online (no answer time nobody gave: widget/src/app/chat/core/presence.ts statusLine).
      { key: "chatmodal-header-subtext", label: k("chatStatus"), help: k("chatStatusHelp") },
      { key: "chatmodal-header-background-color", label: k("chatHeaderBackground"), kind: "color" },
      { key: "chatmodal-header-text-color", label: k("chatHeaderText"), kind: "color", help: k("chatHeaderTextHelp") },
      { key: "chatmodal-messages", label: k("chatMessages"), kind: "textarea", shownWhenEmpty: DEFAULT_WELCOME, help: k("chatMessagesHelp") },
      { key: "chatmodal-placeholder-message", label: k("chatPlaceholder"), shownWhenEmpty: DEFAULT_PLACEHOLDER },
      { key: "chatmodal-animate-messages", label: k("chatAnimate"), choices: yesNo("oneByOne", "allAtOnce") },
      { key: "chatmodal-message-spacing", label: k("chatSpacing"), kind: "number" },
      { key: "chatmodal-show-agent-bar", label: k("agentBar"), choices: yesNo("shown", "hidden") },
      { key: "chatmodal-agent-bar-message", label: k("agentBarText") },
      { key: "chatmodal-show-menu-button", label: k("menuButton"), choices: yesNo("shown", "hidden") },
      { key: "chatmodal-customer-message", label: k("customerMessage") },
      { key: "chatmodal-customer-message-enabled", label: k("customerMessageOn"), choices: yesNo("yes", "no") },
      { key: "chatmodal-send-icon-color", label: k("sendIcon"), kind: "color" },
      { key: "chatmodal-background-color", label: k("windowBackground"), kind: "color" },
      { key: "chatmodal-width", label: k("windowWidth"), kind: "number", help: PX },
      { key: "chatmodal-height", label: k("windowHeight"), kind: "number", help: PX },
      { key: "show-notification-count", label: k("unreadCount"), choices: yesNo("shown", "hidden") },
    ],
  },
  INTERCOM: {
    label: k("INTERCOM"),
    glyph: "intercom",
    value: { label: k("INTERCOM_value"), placeholder: k("INTERCOM_example"), input: "text" },
    main: [],
    properties: [
      { key: "intercom-alignment", label: k("intercomSide"), choices: [choice("", "right"), choice("left", "left")] },
      { key: "intercom-horizontal-padding", label: k("fromSide"), kind: "number", help: PX },
      { key: "intercom-vertical-padding", label: k("fromBottom"), kind: "number", help: PX },
    ],
  },
};

/** The channels in the order the builder's grid offers them. */
export const CHANNEL_ORDER = Object.keys(ACTION_TYPES) as ActionType[];

/** The days of the week, Monday first: `catalogue.{day}` is its name, `catalogue.{day}s` every such day ("Saturdays"). */
export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];

/** IANA zones the browser knows (for the schedule's timezone picker). */
export function timezones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (k: string) => string[] };
  return intl.supportedValuesOf?.("timeZone") ?? ["UTC", "Europe/London", "Europe/Amsterdam", "America/New_York", "Asia/Tokyo"];
}

/** An id not used yet in `taken`, like "action-3". */
export function freshId(prefix: string, taken: { id: string }[]): string {
  for (let i = taken.length + 1; ; i++) {
    const id = `${prefix}-${i}`;
    if (!taken.some((x) => x.id === id)) return id;
  }
}

/**
 * A new action: its type's label and brand colour. Texts the widget has in every visitor's
 * language (the chat's welcome message, its placeholder, its title) are left out: the builder
 * shows them as defaults, and visitors read them in their own language. A label the widget has no
 * words for is written in English whatever the console's language: the owner words it.
 */
export function newAction(id: string, actionType: ActionType): Action {
  const info = ACTION_TYPES[actionType];
  return {
    id,
    actionType,
    actionValue: "",
    ...(info.widgetWords ? {} : { labelText: english(info.label) }),
    ...(info.colour ? { backgroundColor: info.colour } : {}),
    iconEnabled: true,
    iconType: "FONT",
    schedule: { showAlways: true },
  };
}

export function newButton(id: string, domainId: string): Button {
  return { id, active: true, domainId, type: "SINGLE", actions: [], conditions: [], options: { placement: "BOTTOM_RIGHT", position: "FIXED", displayMode: "ALWAYS", animation: "NONE" } };
}

export function newCondition(id: string): Condition {
  return { id, filterType: "INCLUDE", conditionType: "URL", matchType: "SIMPLE", matchValue: "/" };
}
