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
import { readableShade } from "./builder/colours";

export type Option<T extends string> = { value: T; label: string };

const opts = <T extends string>(pairs: [T, string][]): Option<T>[] => pairs.map(([value, label]) => ({ value, label }));

export const BUTTON_TYPES = opts<ButtonType>([
  ["SINGLE", "Single (one round button)"],
  ["FULL", "Full width bar"],
  ["MULTI", "Multi (opens a list)"],
  ["DOTS", "Dots (opens a list)"],
]);
export const PLACEMENTS = opts<Placement>([
  ["BOTTOM_RIGHT", "Bottom right"],
  ["BOTTOM_CENTER", "Bottom centre"],
  ["BOTTOM_LEFT", "Bottom left"],
  ["MIDDLE_RIGHT", "Middle right"],
  ["MIDDLE_LEFT", "Middle left"],
  ["TOP_RIGHT", "Top right"],
  ["TOP_CENTER", "Top centre"],
  ["TOP_LEFT", "Top left"],
]);
export const POSITIONS = opts<Position>([
  ["FIXED", "Fixed to the screen"],
  ["ABSOLUTE", "Inside an element (attach to)"],
]);
export const DISPLAY_MODES = opts<DisplayMode>([
  ["ALWAYS", "Phones and desktops"],
  ["MOBILE_ONLY", "Phones only"],
  ["DESKTOP_ONLY", "Desktops only"],
]);
export const ANIMATIONS = opts<Animation>([
  ["NONE", "None"],
  ["SHAKE", "Shake"],
  ["TADA", "Tada"],
  ["SONAR_LIGHT", "Sonar (light)"],
  ["SONAR_DARK", "Sonar (dark)"],
]);
export const ICON_TYPES = opts<IconType>([
  ["FONT", "Built-in icon"],
  ["FONT_MATERIAL", "Material icon name"],
  ["SVG", "SVG"],
  ["CUSTOM", "Custom image"],
]);
export const MULTI_STATES = opts<MultiButtonState>([
  ["CLOSED", "Closed"],
  ["OPEN", "Open"],
]);
/**
 * The "Powered by Beckon" line under the chat and the button lists: every domain type shows it but
 * PRO (spec §1, §6). On a self-hosted Beckon there are no plans to buy, so the console offers the
 * line itself as a choice and writes the type that means it.
 */
export const showsBranding = (type: DomainType | undefined): boolean => type !== "PRO";

/** The domain type for showing the line or not; a type that already does what is asked stays. */
export const typeForBranding = (show: boolean, type: DomainType | undefined): DomainType =>
  show === showsBranding(type) && type ? type : show ? "FREE" : "PRO";
export const FILTER_TYPES = opts<FilterType>([
  ["INCLUDE", "Show only when it matches"],
  ["EXCLUDE", "Hide when it matches"],
]);
export const CONDITION_TYPES = opts<ConditionType>([
  ["URL", "Page URL"],
  ["GEO", "Visitor's country"],
  ["CHAT", "Agents available"],
]);
export const MATCH_TYPES: Record<ConditionType, Option<MatchType>[]> = {
  URL: opts<MatchType>([
    ["SIMPLE", "Path starts with"],
    ["SUBSTRING", "URL contains"],
    ["EXACT", "URL is exactly"],
    ["REGEX", "URL matches the regular expression"],
  ]),
  GEO: opts<MatchType>([["COUNTRY_CODE", "Country code is (e.g. NL)"]]),
  CHAT: opts<MatchType>([["AGENTS_AVAILABLE", "An agent is online"]]),
};

/**
 * A property of an action type (spec §3.1, §3.4), as the builder asks for it: a label and help in
 * the owner's words, and for a choice its options with plain labels ("" is the widget's default).
 * `shownWhenEmpty` is the text visitors get while it is not set (written out on a new action).
 */
export type PropertyField = {
  key: string;
  label: string;
  help?: string;
  choices?: Option<string>[];
  kind?: "color" | "text" | "textarea" | "number";
  shownWhenEmpty?: string;
};

/** What the main value of an action is, asked in the owner's words; `phone` values get a plausibility check. */
export type ValueQuestion = { label: string; hint?: string; placeholder?: string; input: "phone" | "email" | "url" | "text" | "none" };

export type ChannelInfo = {
  /** The channel's name on the grid and in headings. */
  label: string;
  /** The widget's built-in glyph (web/widget/src/loader/render/icons.ts). */
  glyph: string;
  value: ValueQuestion;
  /** Properties asked for up front; the rest are under "More options". */
  main: string[];
  properties: PropertyField[];
  /**
   * The colour a new action of this type starts with (the owner may change it): the brand's, made
   * just dark enough for its white icon to read (4.5:1, builder/colours.ts readableShade).
   */
  colour?: string;
};

const yesNo = (yes: string, no: string): Option<string>[] => [
  { value: "", label: "Default" },
  { value: "true", label: yes },
  { value: "false", label: no },
];
const PHONE_HINT = "With the country code, e.g. +31 6 1234 5678.";
/** On a computer, which cannot place calls: the call panel (number, Copy, QR code) or the plain link (docs/configuration.md). */
const DESKTOP_LINK = {
  key: "desktop-plain-link",
  label: "On a computer",
  choices: [
    { value: "", label: "Show the number, Copy and a QR code to scan" },
    { value: "true", label: "Keep the plain link" },
  ],
};
const PX = "In pixels.";

/**
 * Each action type (spec §3.1, §3.4; how the widget reads each value is in
 * web/widget/src/loader/actions/links.ts and web/widget/src/app/options.ts). The messaging
 * channels start in their brand colours (WhatsApp and Messenger use the spec's, as their modals do).
 */
export const ACTION_TYPES: Record<ActionType, ChannelInfo> = {
  PHONE: { label: "Call", glyph: "phone", value: { label: "Your phone number", hint: PHONE_HINT, placeholder: "+31 20 123 4567", input: "phone" }, main: [], properties: [DESKTOP_LINK] },
  WHATSAPP: {
    label: "WhatsApp",
    glyph: "whatsapp",
    value: { label: "Your WhatsApp number", hint: PHONE_HINT, placeholder: "+31 6 1234 5678", input: "phone" },
    colour: readableShade(HEADER_COLORS.whatsapp),
    main: ["message", "whatsapp-dialog-type"],
    properties: [
      { key: "message", label: "Message visitors start with", kind: "textarea", help: "Already typed in WhatsApp when it opens; visitors can change it." },
      {
        key: "whatsapp-dialog-type",
        label: "Open as",
        choices: [
          { value: "", label: "WhatsApp directly" },
          { value: "popout", label: "A chat preview on your page first" },
        ],
      },
      DESKTOP_LINK,
    ],
  },
  FACEBOOK: {
    label: "Messenger",
    glyph: "facebook",
    value: { label: "Your Facebook page (name or id)", hint: "As in facebook.com/yourpage.", placeholder: "yourpage", input: "text" },
    colour: readableShade(HEADER_COLORS.facebook),
    main: ["facebook-dialog-type"],
    properties: [
      {
        key: "facebook-dialog-type",
        label: "Open as",
        choices: [
          { value: "", label: "Messenger directly" },
          { value: "popout", label: "A chat preview on your page first" },
          { value: "widget", label: "Facebook's chat on your page" },
        ],
      },
      { key: "facebook-widget-default-state", label: "Facebook's chat starts", choices: [{ value: "", label: "Closed" }, { value: "open", label: "Open" }] },
      { key: "facebook-app-id", label: "Facebook app id", help: "Only for Facebook's chat on your page." },
      { key: "facebook-ref", label: "Reference sent to your page", help: "Tells you where the conversation started (m.me ref)." },
      { key: "facebook-welcome-message", label: "Welcome message in the preview" },
    ],
  },
  EMAIL: {
    label: "E-mail",
    glyph: "email",
    value: { label: "Your e-mail address", placeholder: "hello@yourshop.com", input: "email" },
    main: ["subject"],
    properties: [
      { key: "subject", label: "Subject of the e-mail" },
      { key: "body", label: "Text the e-mail starts with", kind: "textarea" },
      { key: "cc", label: "Copy to (cc)", help: "Addresses separated by commas." },
      { key: "bcc", label: "Hidden copy to (bcc)", help: "Addresses separated by commas." },
    ],
  },
  SMS: {
    label: "SMS",
    glyph: "sms",
    value: { label: "Your mobile number", hint: PHONE_HINT, placeholder: "+31 6 1234 5678", input: "phone" },
    main: ["message"],
    properties: [{ key: "message", label: "Message visitors start with", kind: "textarea" }, DESKTOP_LINK],
  },
  TELEGRAM: { label: "Telegram", glyph: "telegram", value: { label: "Your Telegram username", hint: "As in t.me/username.", placeholder: "yourshop", input: "text" }, colour: readableShade("#229ed9"), main: [], properties: [] },
  VIBER: {
    label: "Viber",
    glyph: "viber",
    value: { label: "Your Viber number", hint: `${PHONE_HINT} For a public account: its URI.`, placeholder: "+31 6 1234 5678", input: "text" },
    colour: readableShade("#7360f2"),
    main: ["viber-link-type"],
    properties: [
      {
        key: "viber-link-type",
        label: "Open as",
        choices: [
          { value: "", label: "A chat with this number" },
          { value: "ADD_NUMBER", label: "Add this number to contacts" },
          { value: "PA_CHAT", label: "A chat with a public account" },
        ],
      },
      { key: "viber-content", label: "Context (public account)", help: "Passed to the public account's bot." },
      { key: "viber-text", label: "Message visitors start with (public account)" },
    ],
  },
  LINE: {
    label: "LINE",
    glyph: "line",
    value: { label: "Your LINE id", hint: "Start official accounts with @.", placeholder: "@yourshop", input: "text" },
    colour: readableShade("#06c755"),
    main: ["line-link-type", "line-message"],
    properties: [
      { key: "line-link-type", label: "Open as", choices: [{ value: "", label: "A message to you" }, { value: "PROFILE", label: "Your profile" }] },
      { key: "line-message", label: "Message visitors start with" },
    ],
  },
  WECHAT: {
    label: "WeChat",
    glyph: "wechat",
    value: { label: "Your WeChat id (or a web link)", placeholder: "yourshop", input: "text" },
    colour: readableShade("#07c160"),
    main: [],
    properties: [{ key: "wechat-link-type", label: "Open as", choices: [{ value: "", label: "A chat" }, { value: "URL", label: "A web link" }] }],
  },
  ZALO: {
    label: "Zalo",
    glyph: "zalo",
    value: { label: "Your Zalo number, official account id or group code", placeholder: "+84 912 345 678", input: "text" },
    colour: readableShade("#0068ff"),
    main: ["zalo-link-type"],
    properties: [
      {
        key: "zalo-link-type",
        label: "This is",
        choices: [
          { value: "", label: "A phone number" },
          { value: "OA", label: "An official account" },
          { value: "GROUP", label: "A group" },
          { value: "INVITE", label: "A group invitation" },
        ],
      },
    ],
  },
  SIGNAL: { label: "Signal", glyph: "signal", value: { label: "Your Signal number", hint: PHONE_HINT, placeholder: "+31 6 1234 5678", input: "phone" }, colour: readableShade("#3a76f0"), main: [], properties: [] },
  SKYPE: {
    label: "Skype",
    glyph: "skype",
    value: { label: "Your Skype name", placeholder: "yourshop", input: "text" },
    colour: readableShade("#00aff0"),
    main: ["skype-link-type"],
    properties: [{ key: "skype-link-type", label: "Open as", choices: [{ value: "", label: "A call" }, { value: "CHAT", label: "A chat" }] }],
  },
  MAP: {
    label: "Map",
    glyph: "map",
    value: { label: "Your address", placeholder: "Damrak 1, Amsterdam", input: "text" },
    main: ["map-query-type"],
    properties: [{ key: "map-query-type", label: "Open as", choices: [{ value: "", label: "Your place on the map" }, { value: "directions", label: "Directions to you" }] }],
  },
  LINK: {
    label: "Link",
    glyph: "link",
    value: { label: "Address of the page", placeholder: "https://yourshop.com/offers", input: "url" },
    main: ["link-target"],
    properties: [
      { key: "link-target", label: "Open in", choices: [{ value: "", label: "The same tab" }, { value: "_blank", label: "A new tab" }] },
      { key: "link-download-enabled", label: "Download the file instead of opening it", choices: yesNo("Yes, download", "No, open it") },
      { key: "link-download", label: "Name of the downloaded file", help: "Only when downloading." },
    ],
  },
  ANCHOR: { label: "Scroll to section", glyph: "anchor", value: { label: "Id of the section", hint: "The id of an element on your page, e.g. #contact.", placeholder: "#contact", input: "text" }, main: [], properties: [] },
  TALLY: {
    label: "Form (Tally)",
    glyph: "tally",
    value: { label: "Your Tally form (link or id)", placeholder: "https://tally.so/r/abc123", input: "text" },
    main: [],
    properties: [
      { key: "tally-hide-title", label: "Form title", choices: yesNo("Hidden", "Shown") },
      { key: "tally-transparent-background", label: "Background", choices: yesNo("Transparent", "The form's own") },
      { key: "tally-align-left", label: "Alignment", choices: yesNo("Left", "Centred") },
    ],
  },
  IFRAME: {
    label: "Page in a window",
    glyph: "iframe",
    value: { label: "Address of the page to show", placeholder: "https://yourshop.com/booking", input: "url" },
    main: ["iframe-title"],
    properties: [{ key: "iframe-title", label: "Title of the window", help: "Empty: the button's text." }],
  },
  CHAT: {
    label: "Live chat",
    glyph: "chat",
    value: { label: "", input: "none" },
    main: ["chatmodal-header-text", "chatmodal-header-subtext", "chatmodal-messages", "chatmodal-placeholder-message", "chatmodal-header-background-color", "chatmodal-header-text-color"],
    properties: [
      { key: "chatmodal-header-text", label: "Title of the chat window", help: "Empty: “Chat”." },
      // Not written out on a new chat: left empty, the widget promises an answer time only while
      // one of the team is online (widget/src/app/chat/core/presence.ts statusLine).
      { key: "chatmodal-header-subtext", label: "Status text under the title", help: `Empty: visitors see “${DEFAULT_STATUS}” while one of you is online, and “${NOBODY_ONLINE}” when nobody is.` },
      { key: "chatmodal-header-background-color", label: "Title bar colour", kind: "color" },
      { key: "chatmodal-header-text-color", label: "Title text colour", kind: "color", help: "Empty: white or black, whichever reads better." },
      { key: "chatmodal-messages", label: "Welcome messages", kind: "textarea", shownWhenEmpty: DEFAULT_WELCOME, help: "One per line; they appear one after the other." },
      { key: "chatmodal-placeholder-message", label: "Text in the empty message box", shownWhenEmpty: DEFAULT_PLACEHOLDER },
      { key: "chatmodal-animate-messages", label: "Welcome messages appear", choices: yesNo("One after the other", "All at once") },
      { key: "chatmodal-message-spacing", label: "Time between welcome messages (ms)", kind: "number" },
      { key: "chatmodal-show-agent-bar", label: "Agent status bar", choices: yesNo("Shown", "Hidden") },
      { key: "chatmodal-agent-bar-message", label: "Text of the agent status bar" },
      { key: "chatmodal-show-menu-button", label: "Menu button (with “End chat”)", choices: yesNo("Shown", "Hidden") },
      { key: "chatmodal-customer-message", label: "Text already typed in the message box" },
      { key: "chatmodal-customer-message-enabled", label: "Type that text for visitors", choices: yesNo("Yes", "No") },
      { key: "chatmodal-send-icon-color", label: "Send icon colour", kind: "color" },
      { key: "chatmodal-background-color", label: "Window background", kind: "color" },
      { key: "chatmodal-width", label: "Window width", kind: "number", help: PX },
      { key: "chatmodal-height", label: "Window height", kind: "number", help: PX },
      { key: "show-notification-count", label: "Unread count on the button", choices: yesNo("Shown", "Hidden") },
    ],
  },
  INTERCOM: {
    label: "Intercom",
    glyph: "intercom",
    value: { label: "Your Intercom app id", placeholder: "abc12def", input: "text" },
    main: [],
    properties: [
      { key: "intercom-alignment", label: "Intercom's launcher side", choices: [{ value: "", label: "Right" }, { value: "left", label: "Left" }] },
      { key: "intercom-horizontal-padding", label: "Distance from the side", kind: "number", help: PX },
      { key: "intercom-vertical-padding", label: "Distance from the bottom", kind: "number", help: PX },
    ],
  },
};

/** The channels in the order the builder's grid offers them. */
export const CHANNEL_ORDER = Object.keys(ACTION_TYPES) as ActionType[];

export const ACTION_TYPE_OPTIONS = (Object.keys(ACTION_TYPES) as ActionType[])
  .map((t) => ({ value: t, label: ACTION_TYPES[t].label }))
  .sort((a, b) => a.label.localeCompare(b.label));

export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

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
 * A new action: its type's label and brand colour, and its texts that visitors would otherwise
 * get as defaults written out (such as the chat's welcome message), so the owner sees and edits them.
 */
export function newAction(id: string, actionType: ActionType): Action {
  const info = ACTION_TYPES[actionType];
  const texts = Object.fromEntries(info.properties.filter((f) => f.shownWhenEmpty).map((f) => [f.key, f.shownWhenEmpty!]));
  return {
    id,
    actionType,
    actionValue: "",
    labelText: info.label,
    ...(info.colour ? { backgroundColor: info.colour } : {}),
    ...(Object.keys(texts).length ? { properties: texts } : {}),
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
