// The app's own small icon set (24×24 viewBox, even-odd fill, currentColor) and the header icon of
// every icon type (spec §3.4: CUSTOM, FONT, FONT_MATERIAL, SVG). Simple shapes of our own, no brand
// artwork. Icons are decorative (aria-hidden): names are on the buttons and the dialog.
import type { IconType } from "../config/types.gen";
import { cssVars } from "./vars";

const BUBBLE = "M12 2a10 10 0 0 0-9 15l-1 5 5-1A10 10 0 1 0 12 2z";

export const GLYPHS = {
  close: "M6 4.6 4.6 6l6 6-6 6L6 19.4l6-6 6 6 1.4-1.4-6-6 6-6L18 4.6l-6 6z",
  menu: "M10 5a2 2 0 1 0 4 0 2 2 0 1 0-4 0m0 7a2 2 0 1 0 4 0 2 2 0 1 0-4 0m0 7a2 2 0 1 0 4 0 2 2 0 1 0-4 0",
  send: "M2 21 23 12 2 3v7l15 2-15 2z",
  attach: "M16 6v11a4 4 0 0 1-8 0V5a2.5 2.5 0 0 1 5 0v10.5a1 1 0 0 1-2 0V6H9.5v9.5a2.5 2.5 0 0 0 5 0V5a4 4 0 0 0-8 0v12a5.5 5.5 0 0 0 11 0V6z",
  chat: "M2 3h14v10H6l-4 3zm16 4h4v14l-4-3H8v-3h10z",
  whatsapp: BUBBLE + "m0 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16zM9 7 7 8c0 4 4 9 9 9l1-2-3-1-1 1c-1.5-.5-2.5-1.5-3-3l1-1z",
  facebook: BUBBLE + "M6 14l5-6 3 3 5-3-5 6-3-3z",
  iframe: "M2 4h20v16H2zm2 4v10h16V8z",
  tally: "M4 2h16v20H4zm3 4v2h10V6zm0 5v2h10v-2zm0 5v2h6v-2z",
  intercom: "M3 3h18v18l-4-3H3zm4 8h2a3 2 0 0 0 6 0h2a5 3.5 0 0 1-10 0z",
  person: "M12 2a5 5 0 1 1 0 10 5 5 0 0 1 0-10zM3 22a9 7 0 0 1 18 0z",
};
export type GlyphName = keyof typeof GLYPHS;

/** A few names configs use for font icons, mapped onto ours. */
const ALIASES: Record<string, GlyphName> = {
  chat_bubble: "chat",
  forum: "chat",
  message: "chat",
  messenger: "facebook",
  web: "iframe",
  description: "tally",
  support_agent: "person",
  account_circle: "person",
};

/** Our glyph called `name` (or one of its aliases), else `def`. Prototype keys are no names. */
export function glyphName(name: string | undefined, def: GlyphName): GlyphName {
  const n = (name || "").trim().toLowerCase();
  return Object.prototype.hasOwnProperty.call(GLYPHS, n) ? (n as GlyphName) : Object.prototype.hasOwnProperty.call(ALIASES, n) ? ALIASES[n] : def;
}

export function Glyph({ name, className }: { name: GlyphName; className?: string }) {
  return (
    <svg className={"cnb-m-g" + (className ? " " + className : "")} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={GLYPHS[name]} />
    </svg>
  );
}

/** A header icon (spec §3.4): type FONT (default) and FONT_MATERIAL name a glyph in `text`, CUSTOM shows `image`, SVG shows the markup in `text`. */
export type ModalIcon = { type?: IconType; text?: string; image?: string; color?: string };

/** http(s) URLs as url("…") (quotes and spaces escaped); CSS functions such as url() or gradients without `;{}` as they are; else "". */
export const cssImage = (v = ""): string =>
  /^https?:/i.test((v = v.trim()))
    ? 'url("' + v.replace(/["\\\s]/g, encodeURIComponent) + '")'
    : /^[\w-]+\(/.test(v) && !/[;{}]/.test(v)
      ? v
      : "";

/** The icon in the header's circle; `def` when the icon names none of ours or its data is unusable. */
export function HeaderIcon({ icon = {}, def }: { icon?: ModalIcon; def: GlyphName }) {
  const img = icon.type == "CUSTOM" && cssImage(icon.image);
  const svg = icon.type == "SVG" && /<svg[\s>]/i.test(icon.text || "") && icon.text!.trim();
  return (
    <span className="cnb-m-ic" aria-hidden="true" style={cssVars({ "--cnb-m-icc": icon.color, "--cnb-m-img": img || undefined })}>
      {img ? (
        <span className="cnb-m-img" />
      ) : svg ? (
        <img className="cnb-m-svg" alt="" src={"data:image/svg+xml," + encodeURIComponent(svg)} />
      ) : (
        <Glyph name={glyphName(icon.type == "SVG" || icon.type == "CUSTOM" ? "" : icon.text, def)} />
      )}
    </span>
  );
}
