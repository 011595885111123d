// The colours visitors get, as the builder shows them: the widget's own defaults for a colour the
// owner leaves empty (so a colour field never shows a stand-in), and the readable shade a new
// channel starts in. Pure.
//
// Spec constants stay the widget's defaults for configs that set nothing (the chat's title bar
// #009900, spec §9). The round button's default is beckon-core.css's #008000 (white on it 5.1:1).
// Brand colours that white reads poorly on (LINE, WeChat, Skype, Telegram, …) start a new channel
// in their own hue made just dark enough for 4.5:1 (readableShade), so what the owner sees first
// is what visitors get and passes the builder's own contrast check.
import { contrast, HEADER_COLORS, isHex, textOn } from "@beckon/widget";

/** A round button's colour and its icon's while unset (web/widget/src/styles/beckon-core.css .cnb-i). */
export const DEFAULT_BUTTON = "#008000";
export const DEFAULT_ICON = "#ffffff";
/** A label bubble beside a button (beckon-core.css .call-now-button, .cnb-l). */
export const DEFAULT_LABEL_TEXT = "#222222";
export const DEFAULT_LABEL_BACKGROUND = "#ffffff";
/** The chat window's body (web/widget/src/app/app.css .cnb-m-bd). */
const DEFAULT_CHAT_BACKGROUND = "#f2f2f2";

/** The contrast a button's icon and label text must reach (WCAG AA). */
export const READABLE = 4.5;

/**
 * `hex` darkened step by step (each channel towards black, so the hue stays) until `fg` on it
 * reaches 4.5:1; `hex` itself when it already does, or is not a hex colour.
 */
export function readableShade(hex: string, fg = DEFAULT_ICON): string {
  if (!isHex(hex) || contrast(hex, fg) >= READABLE) return hex;
  const channels = (hex.length === 4 ? hex.replace(/\w/g, "$&$&") : hex).slice(1).match(/../g)!.map((x) => parseInt(x, 16));
  for (let keep = 99; keep > 0; keep--) {
    const shade = "#" + channels.map((c) => Math.round((c * keep) / 100).toString(16).padStart(2, "0")).join("");
    if (contrast(shade, fg) >= READABLE) return shade;
  }
  return "#000000";
}

/**
 * What the live chat's colour fields show while empty, by property key: the title bar's colour
 * (the spec's chat green unless set), the title text the widget picks to read best on it, the send
 * icon in the title bar's colour, and the window's grey.
 */
export function chatColourDefaults(properties: Record<string, string> | undefined): Record<string, string> {
  const header = properties?.["chatmodal-header-background-color"] || HEADER_COLORS.chat;
  return {
    "chatmodal-header-background-color": HEADER_COLORS.chat,
    "chatmodal-header-text-color": isHex(header) ? textOn(header) : "#ffffff",
    "chatmodal-send-icon-color": isHex(header) ? header : HEADER_COLORS.chat,
    "chatmodal-background-color": DEFAULT_CHAT_BACKGROUND,
  };
}
