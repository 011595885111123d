// What the chat window shows that the site owner can set (spec §3.4 modal options, §9 defaults),
// from the CHAT action's `chatmodal-*` properties — the same table as every modal (app/options.ts):
//   chatmodal-header-text (else the label, else 'Chat') · chatmodal-header-subtext (the status
//   text, default 'We typically respond in 35 minutes') · chatmodal-header-background-color ·
//   chatmodal-header-icon-type/-text/-background-image/-color · chatmodal-show-menu-button (the
//   chat shows it unless "false": End Chat lives there) · chatmodal-show-agent-bar (presence bar,
//   shown unless "false") · chatmodal-agent-bar-message · chatmodal-messages (welcome, one per
//   line, default 'How can we help?') · chatmodal-placeholder-message (default 'Type your
//   message') · chatmodal-send-icon-color · chatmodal-background-color · chatmodal-width/-height.
import type { Action, IconType } from "../../config/types.gen";
import type { ModalIcon } from "../glyphs";

export const DEFAULT_PLACEHOLDER = "Type your message";
export const DEFAULT_STATUS = "We typically respond in 35 minutes";
export const DEFAULT_WELCOME = "How can we help?";
export const DEFAULT_TITLE = "Chat";

export type ChatOptions = {
  title: string;
  statusText: string;
  headerColor?: string;
  icon?: ModalIcon;
  showMenuButton: boolean;
  showAgentBar: boolean;
  agentBarMessage?: string;
  welcome: string[];
  placeholder: string;
  sendColor?: string;
  background?: string;
  width?: number;
  height?: number;
};

const num = (v: string) => (/^\d+(\.\d+)?(px)?$/.test(v) ? parseFloat(v) : undefined);

export function chatOptions(action: Partial<Action> | null | undefined): ChatOptions {
  const props = (action && action.properties) || {};
  const p = (k: string): string => {
    const v = props["chatmodal-" + k];
    return typeof v == "string" ? v.trim() : v == null ? "" : String(v);
  };
  const welcome = p("messages").split(/\r?\n/).map((x) => x.trim()).filter(Boolean);
  const iconType = p("header-icon-type").toUpperCase();
  return {
    title: p("header-text") || ((action && action.labelText) || "").trim() || DEFAULT_TITLE,
    statusText: p("header-subtext") || DEFAULT_STATUS,
    headerColor: p("header-background-color") || undefined,
    icon: {
      type: /^(CUSTOM|FONT|FONT_MATERIAL|SVG)$/.test(iconType) ? (iconType as IconType) : "FONT",
      text: p("header-icon-text") || undefined,
      image: p("header-icon-background-image") || undefined,
      color: p("header-icon-color") || undefined,
    },
    showMenuButton: !/^(false|0|no|off)$/i.test(p("show-menu-button")),
    showAgentBar: !/^(false|0|no|off)$/i.test(p("show-agent-bar")),
    agentBarMessage: p("agent-bar-message") || undefined,
    welcome: welcome.length ? welcome : [DEFAULT_WELCOME],
    placeholder: p("placeholder-message") || DEFAULT_PLACEHOLDER,
    sendColor: p("send-icon-color") || undefined,
    background: p("background-color") || undefined,
    width: num(p("width")),
    height: num(p("height")),
  };
}
