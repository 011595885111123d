// How an action and its button look: the button colour from a palette (the channel's brand colour
// first) or any colour, with a warning when the icon would be hard to see on it (WCAG contrast
// below 4.5:1, the widget's own contrast code), the built-in icons to pick from, and the button's
// animation (with a demo that respects reduced motion), size and stacking order.
import { Radio, RadioGroup } from "react-aria-components/RadioGroup";
import { Label } from "react-aria-components/Label";
import type { Action, Animation } from "@beckon/widget/config";
import { DEFAULT_BUTTON, DEFAULT_ICON } from "./colours";
import { contrastWarning } from "./contrast";
import { ACTION_TYPES, ANIMATIONS } from "../catalogue";
import { useT } from "../../i18n/index";
import { ColorField, NumberField, useEditor } from "../fields";
import { Icon, ICON_CHOICES } from "./Icon";

/** Colours to pick from, each readable under a white icon (4.5:1); the first is the widget's default. */
export const PALETTE = [DEFAULT_BUTTON, "#1a56db", "#111827", "#c2410c", "#7e3af2", "#be123c", "#0e7490", "#a16207"];

export function ActionLooks({ action, base }: { action: Action; base: string }) {
  const { set } = useEditor();
  const t = useT();
  const info = ACTION_TYPES[action.actionType];
  const bg = action.backgroundColor || DEFAULT_BUTTON;
  const swatches = [...new Set([info.colour, ...PALETTE].filter((c): c is string => !!c))];
  const warning = contrastWarning(bg, action.iconColor || DEFAULT_ICON, t);
  const icon = (action.iconType ?? "FONT") === "FONT" && action.iconText ? action.iconText : info.glyph;
  return (
    <div className="stack">
      <div className="stack-tight">
        <RadioGroup aria-label={t("builder.colourChoices")} className="swatches" value={swatches.includes(bg.toLowerCase()) ? bg.toLowerCase() : ""} onChange={(c) => set(`${base}.backgroundColor`, c)} orientation="horizontal">
          {swatches.map((c) => (
            <Radio key={c} value={c} className="swatch-item" aria-label={c === info.colour ? t("builder.brandColour", { channel: t(info.label), colour: c }) : c}>
              <span className="color-swatch" style={{ background: c }} aria-hidden="true" />
            </Radio>
          ))}
        </RadioGroup>
        <div className="grid-fields">
          <ColorField path={`${base}.backgroundColor`} label={t("builder.buttonColour")} defaultColor={DEFAULT_BUTTON} />
          <ColorField path={`${base}.iconColor`} label={t("builder.iconColour")} defaultColor={DEFAULT_ICON} />
        </div>
        {warning && (
          <p className="warn" role="status">
            {warning}
          </p>
        )}
      </div>
      <RadioGroup
        className="stack-tight"
        value={icon}
        onChange={(v) => (set(`${base}.iconType`, "FONT"), set(`${base}.iconText`, v === info.glyph ? undefined : v), set(`${base}.iconEnabled`, true))}
        orientation="horizontal"
      >
        <Label className="field-label">{t("builder.icon")}</Label>
        <div className="icon-choices">
          {ICON_CHOICES.map((g) => (
            <Radio key={g} value={g} className="icon-choice" aria-label={g}>
              <Icon name={g} />
            </Radio>
          ))}
        </div>
      </RadioGroup>
    </div>
  );
}

export function ButtonLooks({ base, animation, colour }: { base: string; animation: Animation; colour: string }) {
  const { set } = useEditor();
  const t = useT();
  return (
    <div className="stack">
      <RadioGroup className="stack-tight" value={animation} onChange={(v) => set(`${base}.animation`, v)} orientation="horizontal">
        <Label className="field-label">{t("builder.animation")}</Label>
        <div className="picture-choices">
          {ANIMATIONS.map((a) => (
            <Radio key={a.value} value={a.value} className="picture-choice">
              <span className={`anim-demo anim-${a.value.toLowerCase()}`} style={{ background: colour }} aria-hidden="true" />
              <span>{t(a.label)}</span>
            </Radio>
          ))}
        </div>
        <p className="muted hint">{t("builder.animationHint")}</p>
      </RadioGroup>
      <div className="grid-fields">
        <NumberField path={`${base}.scale`} label={t("builder.size")} hint={t("builder.sizeHint")} />
        <NumberField path={`${base}.zindex`} label={t("builder.zindex")} allowAuto hint={t("builder.zindexHint")} />
      </div>
    </div>
  );
}
