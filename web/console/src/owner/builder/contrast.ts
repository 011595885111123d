// The builder's contrast check of a colour pair (WCAG ratio, by the widget's own code in
// web/widget/src/app/color.ts). Pure; its words are in the console's language given (`t`), English by default.
import { contrast, isHex } from "@beckon/widget";
import { english, type T } from "../../i18n/t";

/** "" when an icon of colour `fg` reads well on `bg` (or either is not a hex colour), else a warning with the ratio. */
export function contrastWarning(bg: string, fg: string, t: T = english): string {
  if (!isHex(bg) || !isHex(fg)) return "";
  const r = contrast(bg, fg);
  const ratio = new Intl.NumberFormat(t("builder.locale"), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(r);
  return r < 4.5 ? t("builder.contrastIcon", { ratio }) : "";
}
