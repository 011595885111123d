// What the surfaces read from an action (spec §3.4 modal options, carried as action properties;
// property values are strings). One table for every modal, the live chat included:
//
// | property                              | default                        | meaning                                   |
// |---------------------------------------|--------------------------------|-------------------------------------------|
// | chatmodal-header-text                 | per type (see titles below)    | header title                              |
// | chatmodal-header-subtext              | chat: see chat/core/presence.ts statusLine | line under the title          |
// | chatmodal-header-background-color     | per type (color.ts)            | header colour (gradient for hex colours)  |
// | chatmodal-header-text-color           | white or #111, the readable one| header text colour                        |
// | chatmodal-header-icon-type            | FONT                           | CUSTOM, FONT, FONT_MATERIAL, SVG          |
// | chatmodal-header-icon-text            | the type's glyph               | glyph name (FONT*) or SVG markup (SVG)    |
// | chatmodal-header-icon-background-image| –                              | image URL (CUSTOM)                        |
// | chatmodal-header-icon-color           | the header text colour         | glyph colour                              |
// | chatmodal-show-menu-button            | chat: "true", else "false"     | the chat's menu button (End Chat lives there) |
// | chatmodal-show-agent-bar              | chat: "true", else "false"     | the chat's agent status bar (presence)    |
// | chatmodal-agent-bar-message           | –                              | its text                                  |
// | chatmodal-messages                    | 'How can we help?'             | welcome messages, one per line            |
// | chatmodal-animate-messages            | "true"                         | "false": all welcome messages at once     |
// | chatmodal-message-spacing             | 2000                           | ms between animated messages (dots: − 500)|
// | chatmodal-placeholder-message         | 'Type your message'            | message bar / chat input placeholder      |
// | chatmodal-customer-message            | WhatsApp: `message`            | text prefilled in the message bar         |
// | chatmodal-customer-message-enabled    | "true"                         | "false": no prefilled text                |
// | chatmodal-send-icon-color             | the header colour              | send icon colour                          |
// | chatmodal-background-color            | per type (app.css)             | body colour                               |
// | chatmodal-width, chatmodal-height     | 360 × content (iframe: 640)    | size in px (capped by the viewport)       |
// | iframe-title                          | label text, else 'Page'        | IFRAME title and the iframe's title       |
// | facebook-welcome-message              | –                              | Facebook welcome (before chatmodal-messages)|
// | facebook-app-id                       | –                              | app id given to the SDK (widget)          |
// | facebook-widget-default-state         | "closed"                       | "open": the widget's dialog opens at once |
// | intercom-alignment                    | "right"                        | "left" or "right"                         |
// | intercom-horizontal-padding           | 20                             | px                                        |
// | intercom-vertical-padding             | 20                             | px                                        |
import { t } from "./i18n/index";
import type { Action } from "../config/types.gen";
import type { ModalIcon } from "./glyphs";
import type { IconType } from "../config/types.gen";
import type { ModalType } from "./modal/Modal";

/** The default welcome text (spec §8). */
export const DEFAULT_WELCOME = "How can we help?";
/** The default status text under a chat title (spec §9), shown while an agent is online (chat/core/presence.ts). */
export const DEFAULT_STATUS = "We typically respond in 35 minutes";
/** The default placeholder of a message bar and of the chat's input. */
export const DEFAULT_PLACEHOLDER = "Type your message";
/** Default spacing of animated messages (spec §4.5, §9). */
export const DEFAULT_SPACING = 2000;

export type ModalOptions = {
  title: string;
  subtext?: string;
  headerColor?: string;
  headerTextColor?: string;
  icon?: ModalIcon;
  showMenuButton: boolean;
  showAgentBar: boolean;
  agentBarMessage?: string;
  messages: string[];
  animate: boolean;
  spacing: number;
  placeholder?: string;
  customerMessage?: string;
  sendColor?: string;
  background?: string;
  width?: number;
  height?: number;
};

/** The property `k` of a, trimmed ("" when absent). */
export const prop = (a: Action, k: string): string => {
  const v = a.properties?.[k];
  return typeof v == "string" ? v.trim() : v == null ? "" : String(v);
};

const on = (v: string, d: boolean) => (v ? /^(true|1|yes|on)$/i.test(v) : d);
const num = (v: string) => (/^\d+(\.\d+)?(px)?$/.test(v) ? parseFloat(v) : undefined);

const TITLES: Record<ModalType, () => string> = {
  default: () => t("modal.titleMessage"),
  chat: () => t("modal.titleChat"),
  whatsapp: () => "WhatsApp",
  facebook: () => "Messenger",
  iframe: () => t("modal.titlePage"),
};

/** The modal options of action a shown as a modal of `type`. */
export function modalOptions(a: Action, type: ModalType): ModalOptions {
  const p = (k: string) => prop(a, "chatmodal-" + k);
  const label = (a.labelText || "").trim();
  const lines = (s: string) => s.split(/\r?\n/).map((x) => x.trim()).filter(Boolean);
  const welcome = lines(p("messages"));
  const fb = type == "facebook" ? lines(prop(a, "facebook-welcome-message")) : [];
  const iconType = p("header-icon-type").toUpperCase() as IconType;
  const spacing = num(p("message-spacing"));
  const customer = p("customer-message") || (a.actionType == "WHATSAPP" ? prop(a, "message") : "");
  return {
    title: p("header-text") || (type == "iframe" && prop(a, "iframe-title")) || label || TITLES[type](),
    subtext: p("header-subtext") || undefined,
    headerColor: p("header-background-color") || undefined,
    headerTextColor: p("header-text-color") || undefined,
    icon: {
      type: /^(CUSTOM|FONT|FONT_MATERIAL|SVG)$/.test(iconType) ? iconType : "FONT",
      text: p("header-icon-text") || undefined,
      image: p("header-icon-background-image") || undefined,
      color: p("header-icon-color") || undefined,
    },
    showMenuButton: on(p("show-menu-button"), type == "chat"),
    showAgentBar: on(p("show-agent-bar"), type == "chat"),
    agentBarMessage: p("agent-bar-message") || undefined,
    messages: fb.length ? fb : welcome.length ? welcome : [t("modal.welcome")],
    animate: on(p("animate-messages"), true),
    spacing: spacing != null ? spacing : DEFAULT_SPACING,
    placeholder: p("placeholder-message") || undefined,
    customerMessage: on(p("customer-message-enabled"), true) ? customer || undefined : undefined,
    sendColor: p("send-icon-color") || undefined,
    background: p("background-color") || undefined,
    width: num(p("width")),
    height: num(p("height")),
  };
}
