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
} from "../../../widget/src/config/types.gen";
import { HEADER_COLORS } from "../../../widget/src/app/color";
import { DEFAULT_PLACEHOLDER, DEFAULT_STATUS, DEFAULT_WELCOME } from "../../../widget/src/app/options";

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
export const DOMAIN_TYPES = opts<DomainType>([
  ["FREE", "Free"],
  ["STARTER", "Starter"],
  ["PRO", "Pro (no branding)"],
  ["UNKNOWN", "Unknown"],
]);
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

/** A property of an action type; `shownWhenEmpty` is the text visitors get while it is not set. */
export type PropertyField = { key: string; label: string; choices?: string[]; kind?: "color" | "text" | "textarea"; shownWhenEmpty?: string };

/**
 * Each action type: what its value is, the properties it reads (spec §3.1, §3.4), and for the
 * messaging channels the brand colour a new action of that type starts with (the owner may change
 * it; WhatsApp and Messenger use the spec's colours, as their modals do).
 */
export const ACTION_TYPES: Record<ActionType, { label: string; value: string; properties: PropertyField[]; colour?: string }> = {
  PHONE: { label: "Phone call", value: "Phone number", properties: [] },
  SMS: { label: "SMS", value: "Phone number", properties: [{ key: "message", label: "Message", kind: "textarea" }] },
  EMAIL: {
    label: "E-mail",
    value: "E-mail address",
    properties: [
      { key: "subject", label: "Subject" },
      { key: "body", label: "Body", kind: "textarea" },
      { key: "cc", label: "Cc" },
      { key: "bcc", label: "Bcc" },
    ],
  },
  WHATSAPP: {
    label: "WhatsApp",
    value: "WhatsApp number",
    colour: HEADER_COLORS.whatsapp,
    properties: [
      { key: "message", label: "Pre-filled message", kind: "textarea" },
      { key: "whatsapp-dialog-type", label: "Opens as", choices: ["", "popout"] },
    ],
  },
  FACEBOOK: {
    label: "Facebook Messenger",
    value: "Page id or username",
    colour: HEADER_COLORS.facebook,
    properties: [
      { key: "facebook-dialog-type", label: "Opens as", choices: ["", "popout", "widget"] },
      { key: "facebook-widget-default-state", label: "Widget starts", choices: ["", "closed", "open"] },
      { key: "facebook-app-id", label: "App id" },
      { key: "facebook-ref", label: "Ref" },
      { key: "facebook-welcome-message", label: "Welcome message" },
    ],
  },
  TELEGRAM: { label: "Telegram", value: "Username", colour: "#229ed9", properties: [] },
  SIGNAL: { label: "Signal", value: "Phone number", colour: "#3a76f0", properties: [] },
  VIBER: {
    label: "Viber",
    value: "Number or public account URI",
    colour: "#7360f2",
    properties: [
      { key: "viber-link-type", label: "Link type", choices: ["", "CHAT", "ADD_NUMBER", "PA_CHAT"] },
      { key: "viber-content", label: "Context (public account)" },
      { key: "viber-text", label: "Text (public account)" },
    ],
  },
  SKYPE: { label: "Skype", value: "Skype name", colour: "#00aff0", properties: [{ key: "skype-link-type", label: "Link type", choices: ["", "CALL", "CHAT"] }] },
  LINE: {
    label: "LINE",
    value: "LINE id",
    colour: "#06c755",
    properties: [
      { key: "line-link-type", label: "Link type", choices: ["", "MESSAGE", "PROFILE"] },
      { key: "line-message", label: "Message" },
    ],
  },
  ZALO: { label: "Zalo", value: "Phone number, OA id or group", colour: "#0068ff", properties: [{ key: "zalo-link-type", label: "Link type", choices: ["", "PERSONAL", "OA", "GROUP", "INVITE"] }] },
  WECHAT: { label: "WeChat", value: "WeChat id or URL", colour: "#07c160", properties: [{ key: "wechat-link-type", label: "Link type", choices: ["", "CHAT", "URL"] }] },
  MAP: { label: "Map", value: "Address", properties: [{ key: "map-query-type", label: "Opens", choices: ["", "q", "directions"] }] },
  LINK: {
    label: "Link",
    value: "URL (http or https)",
    properties: [
      { key: "link-target", label: "Opens in", choices: ["", "_self", "_blank"] },
      { key: "link-download-enabled", label: "Download", choices: ["", "true", "false"] },
      { key: "link-download", label: "Download file name" },
    ],
  },
  ANCHOR: { label: "Scroll to a section", value: "Element id (#contact)", properties: [] },
  IFRAME: { label: "Page in a window", value: "URL (http or https)", properties: [{ key: "iframe-title", label: "Window title" }] },
  TALLY: {
    label: "Tally form",
    value: "Form id or URL",
    properties: [
      { key: "tally-hide-title", label: "Hide title", choices: ["", "true", "false"] },
      { key: "tally-transparent-background", label: "Transparent background", choices: ["", "true", "false"] },
      { key: "tally-align-left", label: "Align left", choices: ["", "true", "false"] },
    ],
  },
  INTERCOM: {
    label: "Intercom",
    value: "Intercom app id",
    properties: [
      { key: "intercom-alignment", label: "Alignment", choices: ["", "left", "right"] },
      { key: "intercom-horizontal-padding", label: "Horizontal padding (px)" },
      { key: "intercom-vertical-padding", label: "Vertical padding (px)" },
    ],
  },
  CHAT: {
    label: "Live chat",
    value: "(not used)",
    properties: [
      { key: "chatmodal-header-text", label: "Header text" },
      { key: "chatmodal-header-subtext", label: "Status text (under the header)", shownWhenEmpty: DEFAULT_STATUS },
      { key: "chatmodal-header-text-color", label: "Header text colour", kind: "color" },
      { key: "chatmodal-header-background-color", label: "Header background", kind: "color" },
      { key: "chatmodal-messages", label: "Welcome messages (one per line)", kind: "textarea", shownWhenEmpty: DEFAULT_WELCOME },
      { key: "chatmodal-placeholder-message", label: "Input placeholder", shownWhenEmpty: DEFAULT_PLACEHOLDER },
      { key: "chatmodal-agent-bar-message", label: "Agent bar message" },
      { key: "chatmodal-show-agent-bar", label: "Show agent bar", choices: ["", "true", "false"] },
      { key: "chatmodal-show-menu-button", label: "Show menu button", choices: ["", "true", "false"] },
      { key: "chatmodal-customer-message", label: "Text pre-filled in the message box" },
      { key: "chatmodal-customer-message-enabled", label: "Pre-fill the message box", choices: ["", "true", "false"] },
      { key: "chatmodal-send-icon-color", label: "Send icon colour", kind: "color" },
      { key: "chatmodal-background-color", label: "Window background", kind: "color" },
      { key: "chatmodal-width", label: "Window width (px)" },
      { key: "chatmodal-height", label: "Window height (px)" },
      { key: "show-notification-count", label: "Show unread count on the button", choices: ["", "true", "false"] },
    ],
  },
};

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
 * get as defaults written out (such as the chat's status text), so the owner sees and edits them.
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
