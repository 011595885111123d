// Generated from crates/model by `cargo run -p beckon-model --bin gen-ts` — do not edit.
// Wire format of the widget configuration (spec §3.1).

/** How a button shows its actions (spec §2.2). */
export type ButtonType = "SINGLE" | "FULL" | "MULTI" | "DOTS";

/** Where on the page a button sits (spec §2.3). */
export type Placement = "BOTTOM_CENTER" | "BOTTOM_LEFT" | "BOTTOM_RIGHT" | "MIDDLE_LEFT" | "MIDDLE_RIGHT" | "TOP_CENTER" | "TOP_LEFT" | "TOP_RIGHT";

/** Fixed to the viewport, or absolute inside the element named by `attachTo`. */
export type Position = "FIXED" | "ABSOLUTE";

/** Which screens a button shows on (spec §2.3). */
export type DisplayMode = "ALWAYS" | "MOBILE_ONLY" | "DESKTOP_ONLY";

/** Attention animation of a button. */
export type Animation = "NONE" | "SHAKE" | "TADA" | "SONAR_LIGHT" | "SONAR_DARK";

/** How an icon is drawn (spec §3.4). */
export type IconType = "CUSTOM" | "FONT" | "FONT_MATERIAL" | "SVG";

/** Whether a multi button starts expanded. */
export type MultiButtonState = "OPEN" | "CLOSED";

/** What an action does when tapped (spec §3.1). */
export type ActionType = "ANCHOR" | "CHAT" | "EMAIL" | "FACEBOOK" | "IFRAME" | "INTERCOM" | "LINE" | "LINK" | "MAP" | "PHONE" | "SIGNAL" | "SKYPE" | "SMS" | "TALLY" | "TELEGRAM" | "VIBER" | "WHATSAPP" | "WECHAT" | "ZALO";

/** Whether a matching condition lets a button through or keeps it out. */
export type FilterType = "INCLUDE" | "EXCLUDE";

/** What a condition looks at: the page URL, the visitor's country, or agent availability. */
export type ConditionType = "URL" | "GEO" | "CHAT";

/** How a condition compares; which ones apply depends on the condition type. */
export type MatchType = "EXACT" | "REGEX" | "SIMPLE" | "SUBSTRING" | "COUNTRY_CODE" | "AGENTS_AVAILABLE";

/** The plan of a domain; PRO removes the "Powered by" branding. */
export type DomainType = "FREE" | "STARTER" | "PRO" | "UNKNOWN";

/** The whole configuration a page receives. */
export type Config = {
  userId: string;
  domains: Array<Domain>;
  buttons: Array<Button>;
  /** May be omitted on the page-level object (then: no actions). */
  actions?: Array<Action>;
  conditions?: Array<Condition>;
  options?: ConfigOptions;
};

/** Page-level settings that the server producing the config fills in. */
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

/** A site the buttons belong to, matched against the page host by name or alias. */
export type Domain = {
  id: string;
  name: string;
  aliases?: Array<string>;
  type?: DomainType;
  /** IANA zone used by schedules that name none. */
  timezone?: string;
  properties?: DomainProperties;
};

/** Domain-wide settings (spec §3.1). */
export type DomainProperties = {
  scale?: number;
  zindex?: number | "auto";
  debug?: boolean;
  allowMultipleButtons?: boolean;
  trackGA?: boolean;
  trackConversion?: boolean;
  /**
   * Consent first (docs/configuration.md "Consent"): until the visitor consents (`CNB.consent`,
   * an IAB TCF v2 or Google Consent Mode v2 consent manager), the widget makes no request but
   * its own files and writes no storage; link-out buttons still work.
   */
  waitForConsent?: boolean;
  /**
   * Move the buttons off fixed or sticky page elements on their edge (a cookie banner, another
   * launcher); absent means on.
   */
  avoidCollisions?: boolean;
  /**
   * The language the widget speaks (docs/configuration.md "Languages"): one of
   * [`LANGUAGES`]; unset, the page's `<html lang>`, else the browser's, else English.
   */
  language?: string;
  /**
   * The owner's words for the widget's built-in texts: language tag → catalogue key
   * ("modal.welcome", "away.byEmail", "profile.name" …) → text. Used where the widget speaks
   * that language, in place of the catalogue's.
   */
  texts?: Record<string, Record<string, string>>;
};

/** A floating button and the ids of the actions and conditions it uses. */
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

/** Placement and appearance of a button (spec §2.3). */
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
  triggers?: Triggers;
};

/**
 * Scroll rules: the button shows past `revealAtHeight` (or the first screen) and hides again past
 * `hideAtHeight`.
 */
export type ScrollOptions = {
  revealAtHeight?: number;
  hideAtHeight?: number;
  neverHide?: boolean;
  /**
   * Reveal once the visitor has scrolled past the first screen (one viewport height, whatever
   * the device) instead of at `revealAtHeight` pixels (a Beckon extension of spec §3.1).
   */
  revealAfterFirstScreen?: boolean;
};

/**
 * When a button shows, and what it opens by itself (docs/configuration.md "Triggers"). The button
 * is hidden until the session has had `afterPageViews` page views, then until the first of the
 * set event triggers (seconds on the page, % scrolled, exit intent); with none set it shows at
 * once. `openAction` (one of the button's CHAT or modal actions) opens when the button shows by
 * a trigger, once per session unless `openEveryTime`.
 */
export type Triggers = {
  afterSeconds?: number;
  afterScrollPercent?: number;
  exitIntent?: boolean;
  afterPageViews?: number;
  openAction?: string;
  openEveryTime?: boolean;
};

/** Look of a MULTI button's main bubble in its open and closed state. */
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

/** One thing a visitor can do: call, message, open a link, chat, … */
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
  /**
   * A CHAT action that takes messages while nobody is online (a Beckon extension of spec
   * §3.1): when agents usually answer, read like `schedule` (its zone and its days' windows;
   * `showAlways` false). The chat then tells a visitor who writes while everyone is away when
   * to expect an answer. It never hides the button (a CHAT condition does that).
   */
  openingHours?: Schedule;
  /**
   * The owner's own texts of this action in other languages (docs/configuration.md
   * "Languages"): language tag → `labelText` or a property name ("chatmodal-header-text" …) →
   * text, used in place of the action's own where the widget speaks that language.
   */
  translations?: Record<string, Record<string, string>>;
};

/** When an action is offered. */
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
  /**
   * Hours that differ by day (a Beckon extension of spec §3.1): seven entries, Monday first,
   * each that day's window or `null` when closed. When present it takes the place of
   * `daysOfWeek`, `start` and `stop`, and a config without it means what it always meant.
   */
  hours?: Array<DayWindow | null>;
};

/**
 * One day's window of `Schedule.hours`, read like `start`/`stop`: stop exclusive, start == stop
 * the whole day, a stop before the start runs overnight into the next day.
 */
export type DayWindow = {
  /** "HH:mm" */
  start: string;
  /** "HH:mm" */
  stop: string;
};

/** A rule on the page URL, the visitor's country or agent availability. */
export type Condition = {
  id: string;
  filterType: FilterType;
  conditionType: ConditionType;
  matchType: MatchType;
  matchValue: string;
};
