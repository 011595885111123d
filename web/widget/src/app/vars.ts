// Per-surface values (colours, sizes, images) reach the stylesheet as CSS custom properties set
// inline: `all: unset !important` resets every real property, even inline ones, but no custom
// property, and React and Preact both set custom properties with style.setProperty.
import type { CSSProperties } from "react";
import { isColor } from "./color";

/** A style object of the custom properties whose values are set; colours (names ending in c) are checked. */
export function cssVars(vars: Record<string, string | undefined | false>): CSSProperties {
  const s: Record<string, string> = {};
  for (const k in vars) {
    const v = vars[k];
    if (v && (!/c$/.test(k) || isColor(v))) s[k] = v;
  }
  return s as CSSProperties;
}
