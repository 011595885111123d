// Draws the decided buttons (spec §2.1–2.3, §4.3) into the host page, per the DOM contract of
// DESIGN.md: one root per button with class `call-now-button`, a type class (cnb-single, cnb-full,
// cnb-multi, cnb-dots), a placement class (cnb-bottom-right …), data-button-id, cnb-expand while a
// multi/dots button is open, the owner's cssClasses; each action an <a> (a <button type=button>
// for surfaces) with data-action-type, data-action-id and an accessible name.
//
// Element classes inside a root (stable, used by beckon.css and the end-to-end tests):
//   .cnb-act     an action (<a>/<button>)          .cnb-toggle  the multi/dots main <button>
//   .cnb-i       an icon (aria-hidden)              .cnb-l       a label
//   .cnb-list    the actions of full/multi/dots     .cnb-brand   the 'Powered by Beckon' line
//   .cnb-bg      a CUSTOM background-image icon     .cnb-fx      what the animation moves
// Root modifiers: cnb-anim-shake|tada|sonar-light|sonar-dark, cnb-rtl.
//
// Roots start hidden by an inline `display: none !important` (the page cannot unhide them) and
// are shown by revealButtons once the stylesheet applies, or by their scroll rule.
//
// Right-to-left: on a page whose <html> (or, without a dir there, <body>) has dir="rtl", the root
// gets `cnb-rtl` and `direction: rtl` (no computed-style read: that would force a style recalc). The placement class stays the
// configured one; the stylesheet places with logical properties, so BOTTOM_LEFT shows bottom right
// (MIDDLE_LEFT on the right, …), labels sit on the mirrored side and a full bar's order reverses.
//
// Branding: unless the button's domain is of type PRO (spec §1, §6), the full bar and the list of
// an expanded multi/dots button end with a small 'Powered by Beckon' line: plain text, not a link
// and not focusable, so it never competes with the actions. A single button stays a lone circle
// and shows none: a label beside one floating icon would read as part of the call to action.
import type { Action, ActionType, Button, MultiButtonOptions } from "../../config/types.gen";
import type { Decision, DecidedButton } from "../decide/types";
import type { ActionLink } from "../actions/types";
import { actionLink } from "../actions/links";
import { css, iconEl, isColor, textOn, type IconSpec } from "./icons";
import { scrollRule, shown, unwatch, watch, type ScrollRule } from "./scroll";

export type RenderEnv = {
  doc: Document;
  /** Called on every action click before the default (analytics, surfaces). For kind "surface" the default is prevented by us and the env opens it. */
  onAction(action: Action, link: ActionLink, el: HTMLElement, ev: MouseEvent): void;
  /** Multi/dots expanded or collapsed by the visitor (click on the toggle, Esc). Not called for setExpanded. */
  onToggle?(root: HTMLElement, expanded: boolean): void;
  warn(msg: string): void;
};

type State = {
  /** Undoes what the root added outside itself (listeners on the document). */
  off: Array<() => void>;
  scroll?: ScrollRule;
  toggle?: HTMLButtonElement;
  paint?: (expanded: boolean) => void;
};

const states = new WeakMap<HTMLElement, State>();
let seq = 0;

/** Default colour of circles and bar cells: white on it has a 5.1:1 contrast. */
export const DEFAULT_BG = "#008000";
export const BRANDING = "Powered by Beckon";
const LIMIT: Record<string, number> = { SINGLE: 1, FULL: 5, MULTI: 1e9, DOTS: 10 };

/** Accessible names of actions without a label. */
export const ACTION_NAMES: Record<ActionType, string> = {
  PHONE: "Call",
  WHATSAPP: "WhatsApp",
  EMAIL: "Email",
  SMS: "Text message",
  MAP: "Directions",
  LINK: "Open link",
  ANCHOR: "Go to section",
  CHAT: "Chat",
  TELEGRAM: "Telegram",
  SIGNAL: "Signal",
  VIBER: "Viber",
  SKYPE: "Skype",
  LINE: "LINE",
  ZALO: "Zalo",
  WECHAT: "WeChat",
  FACEBOOK: "Messenger",
  IFRAME: "Open",
  TALLY: "Form",
  INTERCOM: "Chat",
};
const TOGGLE_NAME = "Contact options";

const PLACEMENT = /^((BOTTOM|TOP)_(LEFT|CENTER|RIGHT)|MIDDLE_(LEFT|RIGHT))$/;

function isRtl(doc: Document): boolean {
  const dir = doc.documentElement.getAttribute("dir") || (doc.body && doc.body.getAttribute("dir")) || "";
  return dir.toLowerCase() == "rtl";
}

const el = (doc: Document, tag: string, cls: string): HTMLElement => {
  const e = doc.createElement(tag);
  e.className = cls;
  return e;
};

function label(doc: Document, text: string, color?: string, bg?: string): HTMLElement {
  const l = el(doc, "span", "cnb-l");
  l.textContent = text;
  const b = isColor(bg) && bg;
  css(l, "background-color", b);
  css(l, "color", isColor(color) ? color : b && textOn(b));
  return l;
}

function brand(doc: Document): HTMLElement {
  const b = el(doc, "div", "cnb-brand");
  b.textContent = BRANDING;
  return b;
}

/** The element of one action, or null for an action that cannot be used. */
function actionEl(env: RenderEnv, a: Action, full: boolean, fx: boolean): HTMLElement | null {
  const doc = env.doc;
  const link = actionLink(a);
  if (link.kind == "invalid") {
    env.warn("Action " + a.id + " not shown: " + link.error);
    return null;
  }
  const e = el(doc, link.kind == "surface" ? "button" : "a", "cnb-act");
  if (link.kind == "surface") e.setAttribute("type", "button");
  else if (link.kind == "anchor") e.setAttribute("href", "#" + link.targetId);
  else {
    e.setAttribute("href", link.href);
    if (link.target) e.setAttribute("target", link.target);
    if (link.target == "_blank") e.setAttribute("rel", "noopener");
    if (link.download != null) e.setAttribute("download", link.download);
  }
  e.setAttribute("data-action-type", a.actionType);
  e.setAttribute("data-action-id", a.id);

  const bg = isColor(a.backgroundColor) ? a.backgroundColor : DEFAULT_BG;
  const text = (a.labelText || "").trim();
  // A disabled icon leaves the label; with no label either we keep the icon (never an empty button).
  if (a.iconEnabled !== false || !text) {
    const i = iconEl(
      doc,
      { type: a.iconType, text: a.iconText, image: a.iconBackgroundImage, cls: a.iconClass, color: a.iconColor, bg: full ? "" : bg },
      a.actionType,
    );
    if (fx) i.classList.add("cnb-fx");
    e.appendChild(i);
  }
  if (full) {
    css(e, "background-color", bg);
    css(e, "color", textOn(bg));
  }
  if (text) e.appendChild(label(doc, text, a.labelTextColor, a.labelBackgroundColor));
  else e.setAttribute("aria-label", ACTION_NAMES[a.actionType] || "Contact");

  e.addEventListener("click", (ev) => {
    if (link.kind == "surface") ev.preventDefault();
    env.onAction(a, link, e, ev);
    if (link.kind == "anchor" && !ev.defaultPrevented) {
      const t = doc.getElementById(link.targetId);
      if (t) {
        ev.preventDefault();
        const w = doc.defaultView;
        const still = !!(w && w.matchMedia && w.matchMedia("(prefers-reduced-motion: reduce)").matches);
        t.scrollIntoView({ behavior: still ? "auto" : "smooth", block: "start" });
      }
    }
  });
  return e;
}

/** The multi/dots main button; paint(expanded) draws its open or close state. */
function toggleEl(doc: Document, b: Button, listId: string, dots: boolean): [HTMLButtonElement, (x: boolean) => void] {
  const t = el(doc, "button", "cnb-toggle") as HTMLButtonElement;
  t.setAttribute("type", "button");
  t.setAttribute("aria-controls", listId);
  const m = (b.multiButtonOptions || {}) as MultiButtonOptions & Record<string, string | undefined>;
  const paint = (x: boolean) => {
    const k = x ? "Close" : "Open";
    const bg = m["iconBackgroundColor" + k];
    const spec: IconSpec = {
      type: m["iconType" + k] as IconSpec["type"],
      text: !x && dots ? "dots" : m["iconText" + k] || (x ? "close" : "plus"),
      image: m["iconBackgroundImage" + k],
      cls: m["iconClass" + k],
      color: m["iconColor" + k],
      bg: isColor(bg) ? bg : DEFAULT_BG,
    };
    if (!x && dots) spec.type = "FONT";
    const i = iconEl(doc, spec);
    i.classList.add("cnb-fx");
    const text = (m["labelText" + k] || "").trim();
    t.textContent = "";
    t.appendChild(i);
    if (text) {
      t.appendChild(label(doc, text));
      t.removeAttribute("aria-label");
    } else t.setAttribute("aria-label", TOGGLE_NAME);
    t.setAttribute("aria-expanded", String(x));
  };
  return [t, paint];
}

function build(db: DecidedButton, env: RenderEnv, rtl: boolean): HTMLElement | null {
  const { button: b, domain } = db;
  const doc = env.doc;
  const type = b.type;
  if (!LIMIT[type]) return null; // the decision has warned already (spec §2.2)
  const o = b.options || {};
  const dp = domain.properties || {};
  const full = type == "FULL";
  const acts = db.actions
    .slice(0, LIMIT[type])
    .map((a) => actionEl(env, a, full, type == "SINGLE" || full))
    .filter((x): x is HTMLElement => !!x);
  if (!acts.length) return null;

  const placement = o.placement && PLACEMENT.test(o.placement) ? o.placement : "BOTTOM_RIGHT";
  const [v, h] = placement.toLowerCase().split("_");
  const root = el(doc, "div", "call-now-button cnb-" + type.toLowerCase() + " cnb-" + v + "-" + h);
  const anim = o.animation && /^(SHAKE|TADA|SONAR_LIGHT|SONAR_DARK)$/.test(o.animation) && o.animation;
  if (anim) root.classList.add("cnb-anim-" + anim.toLowerCase().replace("_", "-"));
  if (rtl) root.classList.add("cnb-rtl");
  (o.cssClasses || "").split(/[\s,]+/).forEach((c) => c && root.classList.add(c));
  root.setAttribute("data-button-id", b.id);
  shown(root, false);

  const z = o.zindex != null ? o.zindex : dp.zindex;
  css(root, "z-index", z === "auto" ? z : typeof z == "number" && isFinite(z) ? String(Math.round(z)) : "2147483647");
  const s = typeof o.scale == "number" ? o.scale : dp.scale;
  if (typeof s == "number" && s > 0 && s <= 10 && s != 1) {
    // Scale from the corner/edge the button sits on (mirrored on RTL pages).
    const side = h == "center" ? "center" : (h == "left") != rtl ? "left" : "right";
    const bar = full && v != "middle";
    css(root, "transform", "scale(" + s + ")");
    css(root, "transform-origin", (bar ? "left" : side) + " " + (v == "middle" ? "center" : v));
    // A scaled top/bottom bar stays as wide as its container.
    if (bar) css(root, "width", 100 / s + "%");
  }

  const st: State = { off: [] };
  states.set(root, st);
  if (type == "SINGLE") root.appendChild(acts[0]);
  else {
    const list = el(doc, "div", "cnb-list");
    acts.forEach((a) => list.appendChild(a));
    const branded = domain.type !== "PRO";
    if (full) {
      root.appendChild(list);
      if (branded) root.appendChild(brand(doc));
    } else {
      list.id = "cnb-list-" + ++seq;
      if (branded) list.appendChild(brand(doc));
      if (type == "DOTS") css(list, "--cnb-n", String(Math.min(acts.length, 4)));
      const [t, paint] = toggleEl(doc, b, list.id, type == "DOTS");
      st.toggle = t;
      st.paint = paint;
      root.appendChild(t);
      root.appendChild(list);
      t.addEventListener("click", () => {
        const x = !root.classList.contains("cnb-expand");
        setExpanded(root, x);
        if (env.onToggle) env.onToggle(root, x);
      });
      const onKey = (e: KeyboardEvent) => {
        if (e.key != "Escape" || !root.classList.contains("cnb-expand")) return;
        const inside = root.contains(doc.activeElement);
        setExpanded(root, false);
        if (env.onToggle) env.onToggle(root, false);
        if (inside) t.focus();
      };
      doc.addEventListener("keydown", onKey);
      st.off.push(() => doc.removeEventListener("keydown", onKey));
      setExpanded(root, !!b.multiButtonOptions && b.multiButtonOptions.defaultState == "OPEN");
    }
  }

  st.scroll = scrollRule(root, o.scroll);
  let parent: HTMLElement = doc.body;
  if (o.position == "ABSOLUTE") {
    const target = o.attachTo ? doc.getElementById(o.attachTo) : null;
    if (target) {
      if (/^(static)?$/.test(doc.defaultView!.getComputedStyle(target).position)) target.style.position = "relative";
      css(root, "position", "absolute");
      parent = target;
    } else env.warn("Could not append the button to the element with id " + o.attachTo);
  }
  parent.appendChild(root);
  return root;
}

/** Inserts one root per decided button (in order), each hidden until revealButtons. */
export function renderButtons(decision: Decision, env: RenderEnv): HTMLElement[] {
  const rtl = isRtl(env.doc);
  const out: HTMLElement[] = [];
  decision.buttons.forEach((db) => {
    const r = build(db, env, rtl);
    if (r) out.push(r);
  });
  return out;
}

/** The stylesheet applies: show the roots, or hand them to their scroll rules. */
export function revealButtons(roots: HTMLElement[]): void {
  roots.forEach((r) => {
    const st = states.get(r);
    const w = r.ownerDocument.defaultView;
    if (st && st.scroll && w) watch(st.scroll, w);
    else shown(r, true);
  });
}

/** Removes the roots and everything they added to the page (scroll and key listeners). */
export function removeButtons(roots: HTMLElement[]): void {
  roots.forEach((r) => {
    const st = states.get(r);
    if (st) {
      st.off.forEach((f) => f());
      if (st.scroll) unwatch(st.scroll);
      states.delete(r);
    }
    r.remove();
  });
}

/** Opens or closes a multi/dots button (no-op for other roots). Does not call env.onToggle. */
export function setExpanded(root: HTMLElement, expanded: boolean): void {
  const st = states.get(root);
  if (!st || !st.paint) return;
  root.classList.toggle("cnb-expand", expanded);
  st.paint(expanded);
}
