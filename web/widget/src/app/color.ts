// Colours of the surfaces (spec §9): default header colours per modal type, the 10 % lightening of
// hex colours for header gradients and hover, and a readable text colour on a header. Pure.

/** Default header colour per modal type (spec §9); "default" and "iframe" use the chat green. */
export const HEADER_COLORS = {
  default: "#009900",
  chat: "#009900",
  iframe: "#009900",
  whatsapp: "#008069",
  facebook: "#0a7cff",
} as const;

/** A CSS hex colour of 3 or 6 digits (#rgb, #rrggbb). */
export const isHex = (c: unknown): c is string => typeof c == "string" && /^#([\da-f]{3}){1,2}$/i.test(c);

/** A value usable as a colour in our custom properties: hex, rgb(a)/hsl(a) or a name; nothing that can end a declaration. */
export const isColor = (c: unknown): c is string =>
  typeof c == "string" &&
  /^(#([\da-f]{3,4}|[\da-f]{6}|[\da-f]{8})|(rgb|hsl)a?\([\w\s.,%/+-]+\)|[a-z]{3,20})$/i.test(c) &&
  !/^(inherit|initial|unset|revert|none|auto)$/i.test(c);

/** The channels of a 3- or 6-digit hex colour. */
const rgb = (hex: string): number[] =>
  (hex.length == 4 ? hex.replace(/\w/g, "$&$&") : hex).slice(1).match(/../g)!.map((x) => parseInt(x, 16));

/**
 * `hex` made `pct` percent lighter: every channel moves pct % of the way to white (so black gets
 * lighter too), as a lower-case #rrggbb. Short forms (#rgb) are expanded first. Anything that is
 * not a 3- or 6-digit hex colour is returned as it is (spec §9 lightens hex colours only).
 */
export function lighten(hex: string, pct: number): string {
  if (!isHex(hex)) return hex;
  const k = Math.min(Math.max(pct, 0), 100) / 100;
  return "#" + rgb(hex).map((c) => Math.round(c + (255 - c) * k).toString(16).padStart(2, "0")).join("");
}

/** WCAG relative luminance of a hex colour. */
export function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((c) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two hex colours. */
export const contrast = (a: string, b: string): number => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
};

/**
 * White or near-black text for a header painted from `bg` to `lighten(bg, 10)`: the one whose
 * worse contrast over that gradient is the better. White when bg is not a hex colour.
 */
export function textOn(bg: string): "#fff" | "#111" {
  if (!isHex(bg)) return "#fff";
  const light = lighten(bg, 10);
  return contrast("#ffffff", light) >= contrast("#111111", bg) ? "#fff" : "#111";
}
