// CONTRACT DRAFT — to be replaced by the file generated from crates/model (ts-rs).
// Field names and shapes below are the fixed wire format (spec §3.1); the generated file must match.

export type ButtonType = "SINGLE" | "FULL" | "MULTI" | "DOTS";
export type Placement =
  | "BOTTOM_CENTER" | "BOTTOM_LEFT" | "BOTTOM_RIGHT" | "MIDDLE_LEFT"
  | "MIDDLE_RIGHT" | "TOP_CENTER" | "TOP_LEFT" | "TOP_RIGHT";
export type Position = "FIXED" | "ABSOLUTE";
export type DisplayMode = "ALWAYS" | "MOBILE_ONLY" | "DESKTOP_ONLY";
export type Animation = "NONE" | "SHAKE" | "TADA" | "SONAR_LIGHT" | "SONAR_DARK";
export type IconType = "CUSTOM" | "FONT" | "FONT_MATERIAL" | "SVG";
export type MultiButtonState = "OPEN" | "CLOSED";
export type ActionType =
  | "ANCHOR" | "CHAT" | "EMAIL" | "FACEBOOK" | "IFRAME" | "INTERCOM" | "LINE" | "LINK" | "MAP"
  | "PHONE" | "SIGNAL" | "SKYPE" | "SMS" | "TALLY" | "TELEGRAM" | "VIBER" | "WHATSAPP" | "WECHAT" | "ZALO";
export type FilterType = "INCLUDE" | "EXCLUDE";
export type ConditionType = "URL" | "GEO" | "CHAT";
export type MatchType = "EXACT" | "REGEX" | "SIMPLE" | "SUBSTRING" | "COUNTRY_CODE" | "AGENTS_AVAILABLE";
export type DomainType = "FREE" | "STARTER" | "PRO" | "UNKNOWN";

export type Config = {
  userId: string;
  domains: Array<Domain>;
  buttons: Array<Button>;
  /** May be omitted on the page-level object (then: no actions). */
  actions?: Array<Action>;
  conditions?: Array<Condition>;
  options?: ConfigOptions;
};

export type ConfigOptions = {
  /** URL of beckon.css. */
  cssLocation?: string;
  /** Root of the public API, e.g. "https://beckon.example.com/api". */
  apiRoot?: string;
  /** "Now" override: ISO-8601 string or milliseconds since the epoch. */
  date?: string | number;
  /** Visitor IP as seen by the server that produced the config (for the geo lookup). */
  ip?: string;
  debugMode?: boolean;
  /** Send the §7 statistics event (default true; only when apiRoot is set). */
  reportStats?: boolean;
  /** Endpoint for error reports (nothing is sent when absent). */
  errorReportingUrl?: string;
};

export type Domain = {
  id: string;
  name: string;
  aliases?: Array<string>;
  type?: DomainType;
  /** IANA zone used by schedules that name none. */
  timezone?: string;
  properties?: DomainProperties;
};

export type DomainProperties = {
  scale?: number;
  zindex?: number | "auto";
  debug?: boolean;
  allowMultipleButtons?: boolean;
  trackGA?: boolean;
  trackConversion?: boolean;
};

export type Button = {
  id: string;
  active: boolean;
  domainId: string;
  type: ButtonType;
  /** Action ids, in display order. */
  actions: Array<string>;
  /** Condition ids. */
  conditions?: Array<string>;
  options?: ButtonOptions;
  multiButtonOptions?: MultiButtonOptions;
};

export type ButtonOptions = {
  placement?: Placement;
  position?: Position;
  /** Element id for ABSOLUTE buttons. */
  attachTo?: string;
  scale?: number;
  zindex?: number | "auto";
  scroll?: ScrollOptions;
  displayMode?: DisplayMode;
  cssClasses?: string;
  animation?: Animation;
};

export type ScrollOptions = {
  revealAtHeight?: number;
  hideAtHeight?: number;
  neverHide?: boolean;
};

export type MultiButtonOptions = {
  iconTextOpen?: string;
  iconTextClose?: string;
  iconTypeOpen?: IconType;
  iconTypeClose?: IconType;
  iconBackgroundImageOpen?: string;
  iconBackgroundImageClose?: string;
  iconClassOpen?: string;
  iconClassClose?: string;
  iconColorOpen?: string;
  iconColorClose?: string;
  iconBackgroundColorOpen?: string;
  iconBackgroundColorClose?: string;
  labelTextOpen?: string;
  labelTextClose?: string;
  defaultState?: MultiButtonState;
};

export type Action = {
  id: string;
  actionType: ActionType;
  actionValue: string;
  /** Type-specific settings (spec §3.1), e.g. "link-target", "subject". Values are strings. */
  properties?: Record<string, string>;
  backgroundColor?: string;
  iconEnabled?: boolean;
  iconClass?: string;
  iconColor?: string;
  iconText?: string;
  iconType?: IconType;
  iconBackgroundImage?: string;
  labelText?: string;
  labelTextColor?: string;
  labelBackgroundColor?: string;
  schedule?: Schedule;
};

export type Schedule = {
  showAlways: boolean;
  /** IANA zone, e.g. "Europe/Amsterdam". */
  timezone?: string;
  /** Seven flags, Monday first. */
  daysOfWeek?: Array<boolean>;
  /** "HH:mm" */
  start?: string;
  /** "HH:mm" */
  stop?: string;
  /** Show outside the window instead of inside it. */
  outsideHours?: boolean;
};

export type Condition = {
  id: string;
  filterType: FilterType;
  conditionType: ConditionType;
  matchType: MatchType;
  matchValue: string;
};
