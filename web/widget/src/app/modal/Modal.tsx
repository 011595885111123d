// The message modal (spec §2.4, §4.4, §9): a floating dialog with
//   header  icon · title · optional subtext · optional menu button · close button
//           · optional agent status bar (below, full width)
//   body    children (scrolls)
//   branding 'Powered by Beckon' (when `branding`)
//   footer  optional message bar (see MessageBar.tsx) or any node
//
// Props (every surface, and the live chat of app/chat, builds on these):
//   type           "default" | "whatsapp" | "facebook" | "iframe" | "chat": the class cnb-m-{type}
//                  and the default header colour (chat/default/iframe #009900, whatsapp #008069,
//                  facebook #0a7cff) and header icon
//   title          the header text; also the dialog's accessible name (aria-labelledby)
//   subtext?       the line below the title (aria-describedby)
//   icon?          { type?: IconType, text?, image?, color? } (glyphs.tsx); default: the type's glyph
//   headerColor?   header colour; a hex colour gets a gradient to 10 % lighter and that lighter
//                  colour on hover of the header buttons; text colour: white or #111, the more readable
//   headerTextColor?  the header's text colour instead
//   showMenuButton?, onMenu?, menuExpanded?
//                  a "Menu" button left of the close button (aria-expanded = menuExpanded when given)
//   agentBar?      ReactNode under the title row (the chat's agent status)
//   branding       show the 'Powered by Beckon' line (false for PRO domains: use `branded(domain)`)
//   footer?        ReactNode below the branding line
//   open?          default true; set it to false to close from outside (the slide-out plays, then onClose)
//   onClose()      called once the modal has closed (close button, Esc or open=false, after the ~200 ms
//                  slide-out): unmount the modal then
//   returnFocus?   element focused again when the modal unmounts; default: the element focused
//                  when it mounted (the button that opened it)
//   width?, height?, background?  size in px and body colour (iframe and chat modals)
//   rtl?           mirror the layout; default: surfaceRtl() (the widget's language or the page is rtl)
//   className?     extra classes on the dialog
//   warm?          rendered ahead of a click to warm the first open up, hidden (app/index.tsx):
//                  the focus stays where it is and Esc is not listened to
//   children       the body
//
// Behaviour: role="dialog", aria-modal, named by the title. On mount focus moves to the first
// element marked data-autofocus inside, else to the dialog itself (on a touch screen a text field
// is not focused on open: that would raise the on-screen keyboard before the visitor asks to type); Tab and Shift+Tab stay inside
// (focus guards at both ends send focus back in, also when it leaves an iframe);
// Esc (anywhere on the page) closes. Slides in on mount and out in 200 ms on close, both off
// under prefers-reduced-motion. On small screens it fills the visual viewport, within the safe
// area, and the page behind it does not scroll (viewport.ts, app.css).
import { surfaceRtl, t } from "../i18n/index";
import { useEffect, useId, useLayoutEffect, useRef, useState, type FocusEvent, type ReactNode } from "react";
import { HEADER_COLORS, isColor, isHex, lighten, textOn } from "../color";
import { HeaderIcon, Glyph, type GlyphName, type ModalIcon } from "../glyphs";
import { cssVars } from "../vars";
import { followVisualViewport, lockPageScroll, SMALL_SCREEN } from "./viewport";

export type ModalType = "default" | "whatsapp" | "facebook" | "iframe" | "chat";

export type ModalProps = {
  type: ModalType;
  title: string;
  subtext?: string;
  icon?: ModalIcon;
  headerColor?: string;
  headerTextColor?: string;
  showMenuButton?: boolean;
  onMenu?: () => void;
  menuExpanded?: boolean;
  agentBar?: ReactNode;
  branding: boolean;
  footer?: ReactNode;
  open?: boolean;
  onClose: () => void;
  returnFocus?: HTMLElement | null;
  warm?: boolean;
  width?: number;
  height?: number;
  background?: string;
  rtl?: boolean;
  className?: string;
  children?: ReactNode;
};

/** Length of the slide-out (spec §9: about 200 ms). */
export const CLOSE_MS = 200;

const ICONS: Record<ModalType, GlyphName> = { default: "chat", chat: "chat", whatsapp: "whatsapp", facebook: "facebook", iframe: "iframe" };

const FOCUSABLE = 'a[href],button:not([disabled]),input:not([disabled]),textarea:not([disabled]),select:not([disabled]),iframe,[tabindex]:not([tabindex="-1"])';

/** A touch screen: focusing a text field raises the on-screen keyboard. */
export const touchScreen = (): boolean => typeof matchMedia == "function" && matchMedia("(pointer: coarse)").matches;

/** A text field, on a touch screen. */
const raisesKeyboard = (el: Element): boolean => /^(INPUT|TEXTAREA)$/.test(el.tagName) && touchScreen();

export const reducedMotion = (): boolean => typeof matchMedia == "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;

/** Whether a domain shows the branding line (spec §1, §6): every type but PRO. */
export const branded = (domain: { type?: string } | null | undefined): boolean => domain?.type != "PRO";

export function Modal(p: ModalProps) {
  const id = useId();
  const titleId = "cnb-m-t" + id;
  const subId = titleId + "s";
  const dialog = useRef<HTMLDivElement>(null);
  const [leaving, setLeaving] = useState(false);
  const closeRef = useRef(p.onClose);
  closeRef.current = p.onClose;
  const close = () => setLeaving(true);

  // Focus in on mount; back to the opener on unmount.
  useLayoutEffect(() => {
    if (p.warm) return;
    const back = p.returnFocus !== undefined ? p.returnFocus : (document.activeElement as HTMLElement | null);
    const d = dialog.current!;
    // The dialog is fixed in the viewport: nothing to scroll into view (and no layout forced for it).
    const first = d.querySelector<HTMLElement>("[data-autofocus]");
    (first && !raisesKeyboard(first) ? first : d).focus({ preventScroll: true });
    return () => {
      if (back && back.isConnected && typeof back.focus == "function") back.focus();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A small screen: fill the visual viewport (the on-screen keyboard shrinks it), page held still,
  // from the first frame the dialog is seen in (a layout effect).
  useLayoutEffect(() => {
    if (p.warm || typeof matchMedia != "function" || !matchMedia(SMALL_SCREEN).matches) return;
    const stopFollowing = followVisualViewport(dialog.current!);
    const unlock = lockPageScroll();
    return () => {
      stopFollowing();
      unlock();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Closing from outside.
  useEffect(() => {
    if (p.open === false) setLeaving(true);
  }, [p.open]);

  // The slide-out, then onClose (once).
  useEffect(() => {
    if (!leaving) return;
    const t = setTimeout(() => closeRef.current(), reducedMotion() ? 0 : CLOSE_MS);
    return () => clearTimeout(t);
  }, [leaving]);

  // Esc anywhere closes.
  useEffect(() => {
    if (p.warm) return;
    const key = (e: KeyboardEvent) => {
      if (!e.defaultPrevented && (e.key == "Escape" || e.key == "Esc")) {
        e.preventDefault();
        close();
      }
    };
    document.addEventListener("keydown", key);
    return () => document.removeEventListener("keydown", key);
  }, []);

  /**
   * Focus reached a guard: the end guard sends it to the first focusable element inside; the start
   * guard to the last one when it comes from an element inside (Shift+Tab), else (Tab from the
   * dialog itself or from the page) to the first.
   */
  const wrap = (start: boolean) => (e: FocusEvent) => {
    const d = dialog.current!;
    const from = e.relatedTarget as Node | null;
    const all = Array.from(d.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((x) => !x.classList.contains("cnb-m-guard"));
    const last = start && !!from && from != d && d.contains(from);
    (all.length ? all[last ? all.length - 1 : 0] : d).focus();
  };

  const color = p.headerColor || HEADER_COLORS[p.type] || HEADER_COLORS.default;
  const hex = isHex(color);
  const rtl = p.rtl ?? surfaceRtl();
  const size = (n?: number) => (n && n > 0 && n < 10000 ? Math.round(n) + "px" : undefined);

  return (
    <div
      ref={dialog}
      className={"cnb-m cnb-m-" + p.type + (rtl ? " cnb-m-rtl" : "") + (leaving ? " cnb-m-out" : "") + (p.className ? " " + p.className : "")}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={p.subtext ? subId : undefined}
      dir={rtl ? "rtl" : undefined}
      tabIndex={-1}
      style={cssVars({
        "--cnb-m-hc": color,
        "--cnb-m-h2c": hex ? lighten(color, 10) : color,
        "--cnb-m-htc": isColor(p.headerTextColor) ? p.headerTextColor : hex ? textOn(color) : "#fff",
        "--cnb-m-bgc": p.background,
        "--cnb-m-w": size(p.width),
        "--cnb-m-h": size(p.height),
      })}
    >
      <div className="cnb-m-guard" tabIndex={0} onFocus={wrap(true)} />
      <div className="cnb-m-hd">
        <div className="cnb-m-row">
          <HeaderIcon icon={p.icon} def={ICONS[p.type] || "chat"} />
          <div className="cnb-m-ht">
            <h2 className="cnb-m-t" id={titleId}>
              {p.title}
            </h2>
            {p.subtext ? (
              <p className="cnb-m-st" id={subId}>
                {p.subtext}
              </p>
            ) : null}
          </div>
          {p.showMenuButton ? (
            <button
              type="button"
              className="cnb-m-b cnb-m-menu"
              aria-label={t("modal.menu")}
              aria-expanded={p.menuExpanded}
              onClick={p.onMenu}
            >
              <Glyph name="menu" />
            </button>
          ) : null}
          <button type="button" className="cnb-m-b cnb-m-x" aria-label={t("modal.close")} onClick={close}>
            <Glyph name="close" />
          </button>
        </div>
        {p.agentBar ? <div className="cnb-m-ab">{p.agentBar}</div> : null}
      </div>
      <div className="cnb-m-bd">{p.children}</div>
      {p.branding ? <div className="cnb-m-br">{t("modal.poweredBy")}</div> : null}
      {p.footer ? <div className="cnb-m-ft">{p.footer}</div> : null}
      <div className="cnb-m-guard" tabIndex={0} onFocus={wrap(false)} />
    </div>
  );
}
