// Icons of the buttons (spec §3.1 iconType/iconText/iconBackgroundImage, §5.2 image URLs).
//
// FONT / FONT_MATERIAL: iconText names a glyph. We ship our own small inline-SVG set (24×24,
// currentColor, even-odd fill) instead of loading an icon font. Names are matched loosely
// (glyphName), so the font names owners' configs use ("call", "local_phone", "mail",
// "directions", "more_vert" …) all resolve; an unknown name falls back to the action type's glyph.
// CUSTOM: iconBackgroundImage as a CSS background image (http(s) URLs are wrapped in url("…")).
// SVG: iconText is SVG markup, shown through <img src="data:image/svg+xml,…"> so no script in it
// can run. Icons are decorative (aria-hidden): the accessible name is on the action element.
import type { IconType } from "../../config/types.gen";

/** Glyph path data (24×24 viewBox, even-odd). Simple shapes of our own; no brand artwork. */
export const GLYPHS: Record<string, string> = {
  call: "M8 2.5l-3 .5c-1.5.3-2.4 1.8-2 3.3 2 7 7.7 12.7 14.7 14.7 1.5.4 3-.5 3.3-2l.5-3-4.5-2-2 2.2c-2.7-1.3-4.9-3.5-6.2-6.2l2.2-2z",
  whatsapp:
    "M12 2a10 10 0 0 0-8.7 14.9L2 22l5.1-1.3A10 10 0 1 0 12 2zm0 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16zM9.9 7.4l-1.5.25c-.75.15-1.2.9-1 1.65 1 3.5 3.85 6.35 7.35 7.35.75.2 1.5-.25 1.65-1l.25-1.5-2.25-1-1 1.1c-1.35-.65-2.45-1.75-3.1-3.1l1.1-1z",
  email: "M2 5h20v14H2zm2 2 8 5 8-5v2l-8 5-8-5z",
  sms: "M3 3h18v14H8l-5 4zm4 6h2v2H7zm4 0h2v2h-2zm4 0h2v2h-2z",
  map: "M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7zm0 4.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5z",
  link: "M10 7H7a5 5 0 0 0 0 10h3v-2H7a3 3 0 0 1 0-6h3zm4 0v2h3a3 3 0 0 1 0 6h-3v2h3a5 5 0 0 0 0-10zm-6 4h8v2H8z",
  anchor:
    "M12 2a2.6 2.6 0 1 0 0 5.2A2.6 2.6 0 0 0 12 2zm0 1.6a1 1 0 1 1 0 2 1 1 0 0 1 0-2zM11 7.5h2v10.4h-2zM8 9h3v2H8zm5 0h3v2h-3zm-9 3h2a6 6 0 0 0 6 6v2a8 8 0 0 1-8-8zm16 0h-2a6 6 0 0 1-6 6v2a8 8 0 0 0 8-8z",
  chat: "M2 3h14v10H6l-4 3zm16 4h4v14l-4-3H8v-3h10z",
  telegram: "M22 3 2 11l6 2.5L18 6l-8 8.5V21l3.5-4 5 4z",
  signal: "M12 2a10 10 0 0 0-8.7 14.9L2 22l5.1-1.3A10 10 0 1 0 12 2z",
  viber:
    "M4 2h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H10l-4 4v-4H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zm5.9 3.4-1.5.25c-.75.15-1.2.9-1 1.65 1 3.5 3.85 6.35 7.35 7.35.75.2 1.5-.25 1.65-1l.25-1.5-2.25-1-1 1.1c-1.35-.65-2.45-1.75-3.1-3.1l1.1-1z",
  skype: "M2 6h13v12H2zm14 4 6-4v12l-6-4z",
  line: "M12 3C6.5 3 2 6.6 2 11c0 3.7 3.2 6.8 7.5 7.7L9 22l5-3.1c4.6-.8 8-4 8-7.9 0-4.4-4.5-8-10-8z",
  zalo: "M3 3h18v14H9l-5 4v-4H3zm5 3v2h5l-5 6v1h8v-2h-5l5-6V6z",
  wechat: "M9 4C5.1 4 2 6.5 2 9.5c0 1.8 1.1 3.4 2.8 4.4L4.3 16l2.6-1.3c.7.2 1.4.3 2.1.3 3.9 0 7-2.5 7-5.5S12.9 4 9 4zm7 6c-3.3 0-6 2-6 4.5s2.7 4.5 6 4.5c.6 0 1.2-.1 1.7-.2L20 20l-.5-1.8c1.5-.8 2.5-2.1 2.5-3.7 0-2.5-2.7-4.5-6-4.5z",
  facebook:
    "M12 2C6.5 2 2 6.2 2 11.3c0 2.9 1.4 5.5 3.7 7.2V22l3.4-1.9c.9.3 1.9.4 2.9.4 5.5 0 10-4.1 10-9.3S17.5 2 12 2zm-6 12 5.4-5.8 2.7 2.8 4.9-2.8-5.4 5.8-2.7-2.8z",
  iframe: "M2 4h20v16H2zm2 4v10h16V8z",
  form: "M4 2h16v20H4zm3 4v2h10V6zm0 5v2h10v-2zm0 5v2h6v-2z",
  intercom: "M3 3h18v18l-4-3H3zm4 9 1-1.4c2.3 1.8 5.7 1.8 8 0l1 1.4c-2.9 2.3-7.1 2.3-10 0z",
  close: "M6.4 5 5 6.4l5.6 5.6L5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 12 10.6z",
  dots: "M3 12a2 2 0 1 0 4 0 2 2 0 1 0-4 0zm7 0a2 2 0 1 0 4 0 2 2 0 1 0-4 0zm7 0a2 2 0 1 0 4 0 2 2 0 1 0-4 0z",
  plus: "M11 4h2v7h7v2h-7v7h-2v-7H4v-2h7z",
  generic: "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm-1.5 5L9 8.5l3.5 3.5L9 15.5l1.5 1.5 5-5z",
};

// Loose names → glyph: the leftmost match wins (alternatives in the order of GLYPH_OF).
const NAME_RE =
  /(whats)|(call|phone)|(mail|envelope)|(sms|text|messag|comment)|(map|direction|place|locat|pin|navig)|(face|messenger)|(chat|forum|question|support|help)|(link|web|globe|language|public)|(anchor|arrow|upward)|(iframe|open|window|launch|frame)|(form|tally|assign|descr|note|edit)|(more|dots|menu)|(close|clear|cancel)|(add|plus)/;
const GLYPH_OF = "whatsapp call email sms map facebook chat link anchor iframe form dots close plus".split(" ");
const has = (n: string) => typeof GLYPHS[n] == "string";

/** The glyph for an icon name, else the action type's default glyph, else "generic". */
export function glyphName(name?: string, actionType?: string): string {
  const n = (name || "").trim().toLowerCase();
  if (has(n)) return n;
  const m = n && NAME_RE.exec(n);
  if (m) return GLYPH_OF[m.slice(1).findIndex(Boolean)];
  const t = actionType ? ({ PHONE: "call", TALLY: "form" } as Record<string, string>)[actionType] || actionType.toLowerCase() : "";
  return has(t) ? t : "generic";
}

/** A value usable as background-image, or "" (http(s) URLs wrapped as url("…"), quotes escaped). */
export function cssImage(v?: string): string {
  v = (v || "").trim();
  return /^https?:/i.test(v)
    ? 'url("' + v.replace(/["\\\s]/g, encodeURIComponent) + '")'
    : /^((repeating-)?(linear|radial|conic)-gradient|url|(-webkit-)?image-set)\(/i.test(v) && !/[;{}]/.test(v)
      ? v
      : "";
}

/** Strings that look like a CSS colour: hex, rgb(a), hsl(a) or a name; css-wide keywords refused. */
export function isColor(v?: string): v is string {
  return (
    typeof v == "string" &&
    /^(#([\da-f]{3,4}|[\da-f]{6}|[\da-f]{8})|(rgb|hsl)a?\(([\d\s.,%/+-]|deg|g?rad|turn)+\)|[a-z]{3,20})$/i.test(v) &&
    !/^(inherit|initial|unset|revert|none|auto)$/i.test(v)
  );
}

/** Readable text colour (#fff or #111) on a hex or rgb() background; #fff when unknown. */
export function textOn(bg: string): string {
  const h = bg[0] == "#" ? (bg.length < 6 ? bg.replace(/\w/g, "$&$&") : bg).slice(1).match(/../g) : null;
  const c = h ? h.map((x) => parseInt(x, 16)) : /^rgba?\(/i.test(bg) ? bg.match(/[\d.]+/g) || [] : [];
  // Relative luminance (gamma 2.2); white wins while its contrast is the larger one: (L+.05)² ≤ 1.05·.0556.
  const l = c.length > 2 ? [0.2126, 0.7152, 0.0722].reduce((s, k, i) => s + k * Math.pow(+c[i] / 255, 2.2), 0) : 0;
  return l > 0.19 ? "#111" : "#fff";
}

export type IconSpec = {
  type?: IconType;
  text?: string;
  image?: string;
  cls?: string;
  color?: string;
  bg?: string;
};

const SVG_NS = "http://www.w3.org/2000/svg";

/** Sets an inline !important style (the stylesheet resets the widget with !important rules). */
export function css(el: HTMLElement | SVGElement, prop: string, v?: string | false): void {
  if (v) el.style.setProperty(prop, v, "important");
}

/** span.cnb-i (aria-hidden) holding the glyph, the SVG <img> or the custom background image. */
export function iconEl(doc: Document, s: IconSpec, actionType?: string): HTMLElement {
  const el = doc.createElement("span");
  el.className = "cnb-i";
  el.setAttribute("aria-hidden", "true");
  (s.cls || "").split(/\s+/).forEach((c) => c && el.classList.add(c));
  const text = s.text || "";
  const img = s.type == "CUSTOM" && cssImage(s.image);
  if (img) {
    const bg = doc.createElement("span");
    bg.className = "cnb-bg";
    css(bg, "background-image", img);
    el.appendChild(bg);
  } else if (s.type == "SVG" && /<svg[\s>]/i.test(text)) {
    const i = doc.createElement("img");
    i.alt = "";
    i.src = "data:image/svg+xml," + encodeURIComponent(text.trim());
    el.appendChild(i);
  } else {
    const svg = doc.createElementNS(SVG_NS, "svg");
    svg.setAttribute("viewBox", "0 0 24 24");
    svg.setAttribute("focusable", "false");
    const p = doc.createElementNS(SVG_NS, "path");
    p.setAttribute("d", GLYPHS[glyphName(s.type == "CUSTOM" || s.type == "SVG" ? "" : text, actionType)]);
    svg.appendChild(p);
    el.appendChild(svg);
  }
  if (s.bg) css(el, "background-color", s.bg);
  css(el, "color", isColor(s.color) ? s.color : s.bg && textOn(s.bg));
  return el;
}
