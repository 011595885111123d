// Icons of the buttons (spec §3.1 iconType/iconText/iconBackgroundImage, §5.2 image URLs), and the
// small DOM and colour helpers the renderer shares with them.
//
// FONT / FONT_MATERIAL: iconText names a glyph. We ship our own small inline-SVG set (24×24,
// currentColor, even-odd fill) instead of loading an icon font. A name is one of ours (the action
// types, plus/close/dots) or one of a few aliases configs use; any other name draws the action
// type's glyph (a toggle's: plus or close).
// CUSTOM: iconBackgroundImage as a CSS background image (http(s) URLs are wrapped in url("…")).
// SVG: iconText is SVG markup, shown through <img src="data:image/svg+xml,…"> so no script in it
// can run. Icons are decorative (aria-hidden): the accessible name is on the action element.

// Shared parts: a round and a square speech bubble, a handset.
const BUBBLE = "M12 2a10 10 0 0 0-9 15l-1 5 5-1A10 10 0 1 0 12 2z";
const BOX = "M2 2h20v16H9l-5 4v-4H2z";
const HANDSET = "M9 7 7 8c0 4 4 9 9 9l1-2-3-1-1 1c-1.5-.5-2.5-1.5-3-3l1-1z";

/** Glyph path data (24×24 viewBox, even-odd) by lower-case action type, and a few aliases (no "M"). Simple shapes of our own; no brand artwork. */
export const GLYPHS: Record<string, string> = {
  phone: "M7 2 3 3C2 4 2 5 2 6c1 8 8 15 16 16 1 0 2 0 3-1l1-4-5-2-2 3c-3-1-6-4-7-7l3-2z",
  whatsapp: BUBBLE + "m0 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16z" + HANDSET,
  email: "M2 5h20v14H2zm2 2 8 5 8-5v2l-8 5-8-5z",
  sms: BOX + "M7 9h2v2H7zm4 0h2v2h-2zm4 0h2v2h-2z",
  map: "M12 22S5 14 5 9a7 7 0 0 1 14 0c0 5-7 13-7 13zm0-15a2 2 0 1 0 0 4 2 2 0 0 0 0-4z",
  link: "M10 7H7a5 5 0 0 0 0 10h3v-2H7a3 3 0 0 1 0-6h3zm4 0v2h3a3 3 0 0 1 0 6h-3v2h3a5 5 0 0 0 0-10zm-6 4h8v2H8z",
  anchor: "M11 2h2v4h3v2h-3v10h-2V8H8V6h3zM4 12h2a6 6 0 0 0 12 0h2a8 8 0 0 1-16 0z",
  chat: "M2 3h14v10H6l-4 3zm16 4h4v14l-4-3H8v-3h10z",
  telegram: "M22 3 2 11l6 2.5L18 6l-8 8.5V21l3.5-4 5 4z",
  signal: BUBBLE,
  viber: BOX + HANDSET,
  skype: "M2 6h13v12H2zm14 4 6-4v12l-6-4z",
  line: "M12 3a10 8 0 0 0-2 16l-1 3 5-3a10 8 0 0 0-2-16z",
  zalo: BOX + "M8 6h8v2l-5 5h5v2H8v-2l5-5H8z",
  wechat: "M9 4a7 6 0 0 0-4 11l-1 2 3-1A7 6 0 1 0 9 4zm7 6a6 5 0 1 0 2 9.5l2 1-.5-2A6 5 0 0 0 16 10z",
  facebook: BUBBLE + "M6 14l5-6 3 3 5-3-5 6-3-3z",
  iframe: "M2 4h20v16H2zm2 4v10h16V8z",
  tally: "M4 2h16v20H4zm3 4v2h10V6zm0 5v2h10v-2zm0 5v2h6v-2z",
  intercom: "M3 3h18v18l-4-3H3zm4 8h2a3 2 0 0 0 6 0h2a5 3.5 0 0 1-10 0z",
  close: "M6 4.6 4.6 6l6 6-6 6L6 19.4l6-6 6 6 1.4-1.4-6-6 6-6L18 4.6l-6 6z",
  // three round dots: a circle, then a move 7 to the right
  dots: "M3 12" + "a2 2 0 1 0 4 0 2 2 0 1 0-4 0m7 0".repeat(3),
  plus: "M11 4h2v7h7v2h-7v7h-2v-7H4v-2h7z",
  call: "phone",
  mail: "email",
  add: "plus",
  more_vert: "dots",
};

/** The path of glyph `name`, else of `def` (a key of GLYPHS). Prototype keys are no names. */
export function glyph(name: string, def: string): string {
  const g = GLYPHS[name.toLowerCase()];
  const d = typeof g == "string" ? g : GLYPHS[def];
  return d[0] == "M" ? d : GLYPHS[d];
}

/** A value usable as background-image, or "": http(s) URLs wrapped as url("…") with quotes escaped, CSS functions (url(), gradients …) without `;{}` as they are. */
export const cssImage = (v = ""): string =>
  /^https?:/i.test((v = v.trim()))
    ? 'url("' + v.replace(/["\\\s]/g, encodeURIComponent) + '")'
    : /^[\w-]+\(/.test(v) && !/[;{}]/.test(v)
      ? v
      : "";

/** Strings that look like a CSS colour: hex, rgb(a), hsl(a) or a name; css-wide keywords refused. No `;{}!` can pass. */
export const isColor = (v?: string): v is string =>
  typeof v == "string" &&
  /^(?!(inherit|initial|unset|revert|none|auto)$)(#([\da-f]{3,4}|[\da-f]{6}|[\da-f]{8})|(rgb|hsl)a?\([\w\s.,%/+-]+\)|[a-z]{3,20})$/i.test(v);

/** Readable text colour (#fff or #111) on a hex or rgb() background; #fff when unknown. */
export function textOn(bg: string): string {
  const c = bg[0] == "#" ? (bg.length < 6 ? bg.replace(/\w/g, "$&$&") : bg).match(/\w\w/g)!.map((x) => "0x" + x) : (/^rgb/i.test(bg) && bg.match(/[\d.]+/g)) || [];
  // Relative luminance (gamma 2.2; NaN when unknown); white wins while its contrast is the larger one: (L+.05)² ≤ 1.05·.0556.
  return [0.2126, 0.7152, 0.0722].reduce((s, k, i) => s + k * (+c[i] / 255) ** 2.2, 0) > 0.19 ? "#111" : "#fff";
}

type Values = Record<string, string | false | undefined>;

/** Sets the attributes of a that are strings and removes the others. */
export function attrs<E extends Element>(e: E, a: Values): E {
  for (const k in a) {
    const v = a[k];
    if (typeof v == "string") e.setAttribute(k, v);
    else e.removeAttribute(k);
  }
  return e;
}

/** Colours e: background bg (unless false), text colour c when it is one, else a readable one on bg. */
export const paint = (e: Element, bg: string | false, c?: string): void => {
  css(e, { "background-color": bg, color: isColor(c) ? c : bg && textOn(bg) });
};

/** Sets the styles of s that are non-empty, inline and !important (the stylesheet resets the widget with !important rules). */
export function css<E extends Element>(e: E, s: Values): E {
  for (const k in s) if (s[k]) (e as unknown as HTMLElement).style.setProperty(k, s[k] as string, "important");
  return e;
}

/** A new element of p's document (p itself when a document), with class c and attributes a, appended to p unless p is the document. */
export function el(p: Node, tag: string, c?: string, a: Values = {}): HTMLElement {
  const e = (p.ownerDocument || (p as Document)).createElement(tag);
  if (c) e.className = c;
  if (p.nodeType == 1) p.appendChild(e);
  return attrs(e, a);
}

const NS = "http://www.w3.org/2000/svg";

/**
 * Appends span.cnb-i (aria-hidden) for the icon fields of o ending in k ("" on an action,
 * Open/Close on a toggle): the glyph (def when the name is none of ours), the SVG <img> or the
 * custom background image. bg: the circle's colour (false in a full bar); cls: extra classes.
 */
export function iconEl(p: Element, o: Record<string, unknown>, k: string, bg: string | false, def: string, cls: string): void {
  const f = (n: string) => (o[n + k] || "") as string;
  const text = f("iconText");
  const type = f("iconType");
  const img = type == "CUSTOM" && cssImage(f("iconBackgroundImage"));
  const i = el(p, "span", "cnb-i " + cls + f("iconClass"), { "aria-hidden": "true" });
  paint(i, bg, f("iconColor"));
  if (img) css(el(i, "span", "cnb-bg"), { "background-image": img });
  else if (type == "SVG" && /<svg[\s>]/i.test(text)) el(i, "img", "", { alt: "", src: "data:image/svg+xml," + encodeURIComponent(text.trim()) });
  else {
    const d = p.ownerDocument;
    i.appendChild(attrs(d.createElementNS(NS, "svg"), { viewBox: "0 0 24 24", focusable: "false" }))
      .appendChild(attrs(d.createElementNS(NS, "path"), { d: glyph(text, def) }));
  }
}
