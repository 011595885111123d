// What the chat window shows that the site owner can set (spec §3.4, §9 defaults). Read from the
// modal options when the caller passes them as `config` ({header, messageBar, messages, …} or
// {elements: {…}}), else from the CHAT action's properties:
//   header-text · header-background-color · chat-status-text · chat-welcome-message ·
//   chat-placeholder · send-icon-color.
import type { Action } from "../../config/types.gen";
import type { ModalIcon } from "../glyphs";

export const DEFAULT_PLACEHOLDER = "Type your message";
export const DEFAULT_STATUS = "We typically respond in 35 minutes";
export const DEFAULT_WELCOME = "How can we help?";
export const DEFAULT_TITLE = "Chat";

export type ChatOptions = {
  title: string;
  headerColor?: string;
  icon?: ModalIcon;
  statusText: string;
  welcome: string[];
  placeholder: string;
  sendColor?: string;
  showAgentBar: boolean;
};

type Obj = Record<string, unknown>;
const obj = (x: unknown): Obj => (x && typeof x == "object" ? (x as Obj) : {});
const str = (...xs: unknown[]): string | undefined => {
  for (const x of xs) if (typeof x == "string" && x.trim()) return x.trim();
  return undefined;
};

export function chatOptions(action: Partial<Action> | null | undefined, config?: unknown): ChatOptions {
  const p = obj(action && action.properties);
  const c = obj(config);
  const el = obj(c.elements);
  const header = obj(el.header || c.header);
  const bar = obj(el.messageBar || c.messageBar);
  const msgs = obj(el.messages || c.messages);
  const list = Array.isArray(msgs.messages) ? (msgs.messages as unknown[]).map((m) => str(m, obj(m).text)).filter(Boolean) as string[] : [];
  const welcome = list.length ? list : [str(p["chat-welcome-message"]) || DEFAULT_WELCOME];
  return {
    title: str(header.text, p["header-text"], action && action.labelText) || DEFAULT_TITLE,
    headerColor: str(header.backgroundColor, p["header-background-color"]),
    icon:
      header.iconType || header.iconText || header.iconBackgroundImage
        ? { type: header.iconType as ModalIcon["type"], text: str(header.iconText), image: str(header.iconBackgroundImage), color: str(header.iconColor) }
        : undefined,
    statusText: str(header.agentBarMessage, p["chat-status-text"]) || DEFAULT_STATUS,
    welcome,
    placeholder: str(bar.placeholderMessage, p["chat-placeholder"]) || DEFAULT_PLACEHOLDER,
    sendColor: str(bar.sendIconColor, p["send-icon-color"]),
    showAgentBar: header.showAgentBar !== false,
  };
}
