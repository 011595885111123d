// The builder's contrast check of a colour pair (WCAG ratio, by the widget's own code in
// web/widget/src/app/color.ts). Pure.
import { contrast, isHex } from "@beckon/widget";

/** "" when `fg` reads well on `bg` (or either is not a hex colour), else a warning with the ratio. */
export function contrastWarning(bg: string, fg: string, what: string): string {
  if (!isHex(bg) || !isHex(fg)) return "";
  const r = contrast(bg, fg);
  return r < 4.5 ? `The ${what} is hard to see on this colour (contrast ${r.toFixed(1)}:1; aim for at least 4.5:1).` : "";
}
