// Icons of the buttons (spec §3.1 iconType/iconText/iconBackgroundImage, §5.2 image URLs), and the
// small DOM helpers the renderer shares with them. Owner colours are set as they are: one inline
// property value cannot inject anything, and the browser ignores an invalid one, so the
// stylesheet's default look (white on green) stays.
//
// FONT / FONT_MATERIAL: iconText names a glyph. We ship our own small inline-SVG set (24×24,
// currentColor, even-odd fill) instead of loading an icon font. A name is one of ours (the action
// types, plus/close/dots) or one of a few aliases configs use; any other name draws the action
// type's glyph (a toggle's: plus or close).
// CUSTOM: iconBackgroundImage as a CSS background image (http(s) URLs are wrapped in url("…")).
// SVG: iconText is SVG markup, shown through <img src="data:image/svg+xml,…"> so no script in it
// can run. Icons are decorative (aria-hidden): the accessible name is on the action element.

// Shared parts: a square and a round speech bubble, a small handset, a dot (a circle of radius 2 as
// one nearly closed arc: it hangs below its start point), three dots, two text lines.
const BOX = "M2 3h20v14H8l-6 5z";
const BUBBLE = "M3 21l1-5a9 9 0 1 1 4 4z";
const HANDSET = "M8 7h3v3q0 3 3 3h3v3Q8 16 8 7z";
const CIRCLE = "a2 2 0 1 0 .1 0z";
const DOTS = (CIRCLE + "m6 0").repeat(3);
const LINES = "h12v2H6zm0 4h8v2H6z";
// Glyphs that aliases share.
const PHONE = "M2 4l4-2 3 5-2 2q2 6 8 8l2-2 5 3-2 4Q4 20 2 4z";
const EMAIL = "M2 5h20v14H2zm1 1 9 7 9-7"; // the flap: an open subpath, closed by the fill
const THREE_DOTS = "M6 10" + DOTS;
const PLUS = "M11 4h2v7h7v2h-7v7h-2v-7H4v-2h7z";

/** Glyph path data (24×24 viewBox, even-odd) by lower-case action type, UI glyph and a few aliases configs use. Simple shapes of our own; no brand artwork. */
export const GLYPHS: Record<string, string> = {
  phone: PHONE,
  whatsapp: BUBBLE + HANDSET,
  email: EMAIL,
  sms: BOX + "M6 8" + DOTS,
  map: "M12 22 5 11a7 7 0 1 1 14 0zm0-13" + CIRCLE,
  link: "M13 3h8v8l-3-3-6 6-2-2 6-6zM3 5h7v2H5v12h12v-5h2v7H3z",
  anchor: "M11 2h2v4h3v2h-3v10q5 0 5-6h2q0 8-8 8t-8-8h2q0 6 5 6V8H8V6h3z",
  chat: BOX + "M6 7" + LINES,
  telegram: "M22 3 2 11l6 2 10-7-8 9v6l3-3 5 4z",
  signal: BUBBLE,
  viber: BOX + HANDSET,
  skype: "M2 6h13v12H2zm14 6 6-6v12z",
  line: "M8 21v-3a10 8 0 1 1 4 1z",
  zalo: BOX + "M7 6h9v2l-6 5h6v2H7v-2l6-5H7z",
  wechat: "M4 17l1-4a7 6 0 1 1 4 2zm16 5-1-3a6 5 0 1 0-3 1z",
  facebook: BUBBLE + "M7 14l5-5 3 3 4-3-5 5-3-3z",
  iframe: "M2 4h20v16H2zm2 4v10h16V8z",
  tally: "M4 2h16v20H4zM6 8" + LINES,
  intercom: BOX + "M7 9c2 3 8 3 10 0",
  close: "M5 6l1-1 6 6 6-6 1 1-6 6 6 6-1 1-6-6-6 6-1-1 6-6z",
  dots: THREE_DOTS,
  plus: PLUS,
  call: PHONE,
  mail: EMAIL,
  add: PLUS,
  more_vert: THREE_DOTS,
};

/** The path of glyph `name`, else of `def` (a key of GLYPHS). Prototype keys are no names. */
export function glyph(name: string, def: string): string {
  const path = GLYPHS[name.toLowerCase()];
  return typeof path === "string" ? path : GLYPHS[def];
}

/** A value usable as background-image, or "": http(s) URLs wrapped as url("…") with quotes escaped, CSS functions (url(), gradients …) without `;{}` as they are. */
export const cssImage = (v = ""): string =>
  /^https?:/i.test((v = v.trim()))
    ? 'url("' + v.replace(/["\\\s]/g, encodeURIComponent) + '")'
    : /^[\w-]+\([^;{}]*$/.test(v)
      ? v
      : "";

type Values = Record<string, string | false | undefined>;

/** Sets the attributes that are strings and removes the others. */
export function attrs<E extends Element>(element: E, attributes: Values): E {
  for (const name in attributes) {
    const value = attributes[name];
    if (typeof value === "string") element.setAttribute(name, value);
    else element.removeAttribute(name);
  }
  return element;
}

/** Sets the styles that are non-empty, inline and !important (the stylesheet resets the widget with !important rules). */
export function css<E extends Element>(element: E, styles: Values): E {
  for (const name in styles) {
    const value = styles[name];
    if (value) (element as unknown as HTMLElement).style.setProperty(name, value, "important");
  }
  return element;
}

/** A new element, in namespace ns if given, with the class name and attributes, appended to parent if given. */
export function el(parent: Node | 0, tag: string, className?: string, attributes: Values = {}, ns?: string): HTMLElement {
  const element = (ns ? document.createElementNS(ns, tag) : document.createElement(tag)) as HTMLElement;
  if (className) element.className = className;
  if (parent) parent.appendChild(element);
  return attrs(element, attributes);
}

const NS = "http://www.w3.org/2000/svg";

/**
 * Appends span.cnb-i (aria-hidden) for the icon fields of `fields` ending in `suffix` ("" on an
 * action, Open/Close on a toggle): the glyph (def when the name is none of ours), the SVG <img> or
 * the custom background image. background: the owner's circle colour (false in a full bar);
 * classes: extra classes.
 */
export function iconEl(parent: Element, fields: Record<string, unknown>, suffix: string, background: string | false | undefined, def: string, classes: string): void {
  const field = (name: string) => (fields["icon" + name + suffix] || "") as string;
  const text = field("Text");
  const type = field("Type");
  const image = type === "CUSTOM" && cssImage(field("BackgroundImage"));
  const icon = el(parent, "span", "cnb-i " + classes + field("Class"), { "aria-hidden": "true" });
  css(icon, { "background-color": background, color: field("Color") });
  if (image) css(el(icon, "span", "cnb-bg"), { "background-image": image });
  else if (type === "SVG" && /<svg[\s>]/i.test(text)) el(icon, "img", "", { alt: "", src: "data:image/svg+xml," + encodeURIComponent(text.trim()) });
  else el(el(icon, "svg", "", { viewBox: "0 0 24 24" }, NS), "path", "", { d: glyph(text, def) }, NS);
}
