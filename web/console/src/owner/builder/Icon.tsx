// A built-in glyph of the widget (web/widget/src/loader/render/icons.ts), drawn as the widget
// draws it, so the builder shows the very icons visitors see. Decorative: names go on the control.
import { GLYPHS } from "@beckon/widget";

export function Icon({ name, size = 24 }: { name: string; size?: number }) {
  return (
    <svg className="glyph" viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path fillRule="evenodd" d={GLYPHS[name] ?? GLYPHS.link} fill="currentColor" />
    </svg>
  );
}

/** The glyph names an owner can pick for an action: every action type's and a few common ones. */
export const ICON_CHOICES = Object.keys(GLYPHS).filter((n) => !["close", "dots", "plus", "add", "more_vert", "mail", "call"].includes(n));
