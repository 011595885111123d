// Draws the decided buttons (spec §2.1–2.3, §4.3) into the host page, per the DOM contract of
// docs/architecture.md: one root per button with class `call-now-button`, a type class (cnb-single, cnb-full,
// cnb-multi, cnb-dots), a placement class (cnb-bottom-right …), data-button-id, cnb-expand while a
// multi/dots button is open, the owner's cssClasses; each action an <a> (a <button type=button>
// for surfaces) with data-action-type, data-action-id and an accessible name.
//
// Element classes inside a root (stable, used by beckon.css and the end-to-end tests):
//   .cnb-act     an action (<a>/<button>)          .cnb-toggle  the multi/dots main <button>
//   .cnb-i       an icon (aria-hidden)              .cnb-l       a label
//   .cnb-list    the actions of full/multi/dots     .cnb-brand   the 'Powered by Beckon' line
//   .cnb-bg      a CUSTOM background-image icon     .cnb-fx      what the animation moves
// Root modifiers: cnb-anim-shake|tada|sonar-light|sonar-dark, cnb-rtl; --cnb-u, a root's rank in a
// shared row with labels (renderButtons).
//
// Roots start hidden by an inline `display: none !important` (the page cannot unhide them) and
// are shown by revealButtons once the stylesheet applies; a root with a scroll rule stays hidden
// until the extras chunk (imported at reveal) applies its rule (render/show.ts, ../scroll.ts).
//
// Right-to-left: on a page whose <html> (or, without a dir there, <body>) has dir="rtl", the root
// gets `cnb-rtl` (no computed-style read: that would force a style recalc). The placement class
// stays the configured one; the stylesheet places with logical properties, so BOTTOM_LEFT shows
// bottom right (MIDDLE_LEFT on the right, …), labels sit on the mirrored side and a full bar's
// order reverses.
//
// Branding: unless the button's domain is of type PRO (spec §1, §6), the full bar and the list of
// an expanded multi/dots button end with a small 'Powered by Beckon' line: plain text, not a link
// and not focusable, so it never competes with the actions. A single button stays a lone circle
// and shows none: a label beside one floating icon would read as part of the call to action.
import type { Action, ScrollOptions } from "../../config/types.gen";
import type { Decision, DecidedButton } from "../decide/types";
import type { ActionLink } from "../actions/types";
import { actionLink } from "../actions/links";
import { attrs, css, el, iconEl } from "./icons";
import { hasScrollRule, type Rules } from "./show";
import { LISTS } from "../../shared/features";
import { readerLanguage } from "../../shared/lang";
import { wordsOf } from "./texts";
import type { Warning } from "../messages";

export type RenderEnv = {
  /** Called on every action click before the default (analytics, surfaces). For kind "surface" the default is prevented by us and the env opens it. */
  onAction(action: Action, link: ActionLink, el: HTMLElement, ev: MouseEvent): void;
  /** Multi/dots expanded or collapsed by the visitor (click on the toggle; Esc clicks it: ../escape.ts). Not called for setExpanded. */
  onToggle?(root: HTMLElement, expanded: boolean): void;
  warn(w: Warning): void;
};

/** A root's scroll rule (s); a toggle's flip (f: paints it; by the visitor: tells env.onToggle). */
type State = { s?: ScrollOptions; f?: (expanded: boolean, byVisitor?: boolean) => void };

const states = new WeakMap<Element, State>();
let seq = 0;

/** Accessible names of unlabelled actions by lower-case type (as GLYPHS), where not the type's own name (email: "Email" …). */
const NAMES: Record<string, string> = {
  phone: "Call",
  whatsapp: "WhatsApp",
  sms: "Text message",
  map: "Directions",
  link: "Open link",
  anchor: "Go to section",
  line: "LINE",
  wechat: "WeChat",
  facebook: "Messenger",
  iframe: "Open",
  tally: "Form",
  intercom: "Chat",
};

/** Appends a label; owner colours inline (an invalid one is ignored by the browser). */
function label(p: Element, text: string, color?: string | false, bg?: string | false): void {
  css(el(p, "span", "cnb-l"), { "background-color": bg, color }).textContent = text;
}

/**
 * Appends the element of one action of a button of type `type` to p; warns instead for an action
 * that cannot be used. A label is a bubble beside the circle (single, multi), the only place the
 * owner's label background applies; in a full bar it is a caption on the action's own colour (its
 * text colour applies), in a dots panel one on the white panel (neither applies: they were chosen
 * for the bubble).
 */
function actionEl(env: RenderEnv, parent: Element, action: Action, buttonType: string, fx: string): void {
  const link = actionLink(action);
  const full = LISTS && buttonType === "FULL";
  const caption = full || (LISTS && buttonType === "DOTS");
  // The decision has dropped invalid LINK/IFRAME values; this catches unknown action types.
  if (link.kind === "invalid") return env.warn(link.error);
  const target = link as { href?: string; target?: string; download?: string; targetId?: string };
  const surface = link.kind === "surface";
  const type = action.actionType;
  const typeName = type.toLowerCase();
  const background = action.backgroundColor;
  const text = (action.labelText || "").trim();
  const element = el(parent, surface ? "button" : "a", "cnb-act", {
    type: surface && "button",
    href: link.kind === "anchor" ? "#" + target.targetId : target.href,
    target: target.target,
    rel: target.target === "_blank" && "noopener",
    download: target.download,
    "data-action-type": type,
    "data-action-id": action.id,
    "aria-label": !text && (NAMES[typeName] || type[0] + typeName.slice(1)),
  });
  // A disabled icon leaves the label; with no label either we keep the icon (never an empty button).
  if (action.iconEnabled !== false || !text) iconEl(element, action, "", !full && background, typeName, fx);
  if (full) css(element, { "background-color": background });
  if (text) label(element, text, buttonType !== "DOTS" && action.labelTextColor, !caption && action.labelBackgroundColor);

  element.addEventListener("click", (event) => {
    if (surface) event.preventDefault();
    env.onAction(action, link, element, event);
  });
}

/** The placements a button may have (spec §2.3); any other is BOTTOM_RIGHT. */
const PLACEMENT = /^((BOTTOM|TOP)_(LEFT|CENTER|RIGHT)|MIDDLE_(LEFT|RIGHT))$/;

function build(decided: DecidedButton, env: RenderEnv, rtl: boolean): HTMLElement | null {
  const { button, domain } = decided;
  // The decision has left out unknown types (spec §2.2) and cut the actions to the type's limit.
  const type = button.type;
  const options = button.options || {};
  const domainProps = domain.properties || {};
  // Without the lists part (a hosted embed of single buttons: ../features.ts), every button is single.
  const full = LISTS && type === "FULL";
  const menu = LISTS && (type === "MULTI" || type === "DOTS");
  const placement = options.placement && PLACEMENT.test(options.placement) ? options.placement : "BOTTOM_RIGHT";
  const [vertical, horizontal] = placement.toLowerCase().split("_");
  const animation = options.animation !== "NONE" && options.animation;
  const root = el(
    0,
    "div",
    "call-now-button cnb-" + type.toLowerCase() + " cnb-" + vertical + "-" + horizontal + " cnb-" + vertical + " cnb-" + horizontal +
      (animation ? " cnb-anim-" + animation.toLowerCase().replace("_", "-") : "") +
      (rtl ? " cnb-rtl" : "") +
      " " + (options.cssClasses || "").replace(/,/g, " "),
    { "data-button-id": button.id },
  );
  const listId = "cnb-list-" + ++seq;
  // The toggle comes first, so Tab moves from it into the list.
  const toggle = menu && el(root, "button", "cnb-toggle", { type: "button", "aria-controls": listId });
  const list = full || menu ? el(root, "div", "cnb-list", { id: menu && listId }) : root;
  decided.actions.forEach((action) => actionEl(env, list, action, type, menu ? "" : "cnb-fx "));
  const count = list.children.length;
  if (!count) return null;
  // The branding line and the toggle's name in the reader's language (only lists have them; their
  // words are in before lists are drawn: ./texts.ts).
  const words = () => wordsOf(readerLanguage(domain));
  if (domain.type !== "PRO" && (full || menu)) el(full ? root : list, "div", "cnb-brand").textContent = words()[0];

  const zIndex = options.zindex != null ? options.zindex : domainProps.zindex;
  const scale = options.scale != null ? options.scale : domainProps.scale;
  // A scaled top/bottom bar stays as wide as its container, scaled from its left edge; other
  // buttons scale from the corner/edge they sit on (mirrored on RTL pages).
  const bar = full && vertical !== "middle";
  const scaled = scale! > 0 && scale! <= 10 && scale !== 1;
  const originX = horizontal === "center" && !bar ? horizontal : bar || (horizontal === "left") !== rtl ? "left" : "right";
  css(root, {
    display: "none", // until revealButtons
    "z-index": Number.isFinite(zIndex) ? Math.round(zIndex as number) + "" : zIndex === "auto" && zIndex, // else the stylesheet's maximum
    transform: scaled && "scale(" + scale + ")",
    "transform-origin": scaled && originX + " " + (vertical === "middle" ? "center" : vertical),
    width: scaled && bar && 100 / scale! + "%",
    "--cnb-n": menu && type === "DOTS" && Math.min(count, 4) + "",
  });

  const scroll = options.scroll;
  // A button with triggers stays hidden too, until the chunk applies them (../triggers/watch.ts).
  const state: State = { s: hasScrollRule(scroll) || options.triggers ? scroll || {} : undefined };
  states.set(root, state);
  if (toggle) {
    const menuOptions: Record<string, unknown> = button.multiButtonOptions || {};
    state.f = (expanded, byVisitor) => {
      const which = expanded ? "Close" : "Open";
      const text = ((menuOptions["labelText" + which] || "") as string).trim();
      root.classList.toggle("cnb-expand", expanded);
      toggle.textContent = "";
      // A closed dots button always shows the dots glyph.
      const icon = type === "DOTS" && !expanded ? { ...menuOptions, iconTypeOpen: "FONT", iconTextOpen: "dots" } : menuOptions;
      iconEl(toggle, icon, which, menuOptions["iconBackgroundColor" + which] as string, expanded ? "close" : "plus", "cnb-fx ");
      if (text) label(toggle, text);
      attrs(toggle, { "aria-label": !text && words()[1], "aria-expanded": expanded + "" });
      if (byVisitor) env.onToggle?.(root, expanded);
    };
    toggle.addEventListener("click", () => state.f!(!root.classList.contains("cnb-expand"), true));
    state.f(menuOptions.defaultState === "OPEN");
  }

  let parent: HTMLElement = document.body;
  if (options.position === "ABSOLUTE") {
    const target = options.attachTo && document.getElementById(options.attachTo);
    if (target) {
      if (/^(static)?$/.test(getComputedStyle(target).position)) target.style.position = "relative";
      css(root, { position: "absolute" });
      parent = target;
    } else env.warn(["attach", options.attachTo]);
  }
  parent.appendChild(root);
  return root;
}

/** Inserts one root per decided button (in order), each hidden until revealButtons. */
export function renderButtons(decision: Decision, env: RenderEnv): HTMLElement[] {
  const d = document;
  const rtl = (d.documentElement.dir || d.body.dir) == "rtl";
  const roots = decision.buttons.map((db) => build(db, env, rtl)).filter(Boolean) as HTMLElement[];
  // Labels of buttons sharing a row (bottom, middle, top: classList[3]) reach into each other on a
  // narrow screen: in a row with a label, each later button gets its rank (--cnb-u), which
  // beckon-core.css turns into one place further in from the edge there. A button inside a page
  // element is in no row.
  const rows: Record<string, HTMLElement[]> = {};
  roots.forEach((r) => r.parentNode == d.body && (rows[r.classList[3]] ||= []).push(r));
  for (const row in rows) if (rows[row].some((r) => r.querySelector(".cnb-l"))) rows[row].forEach((r, i) => css(r, { "--cnb-u": i + "" }));
  return roots;
}

/**
 * The stylesheet applies: shows the roots without a scroll rule. Returns the others, with their
 * rules, for the extras chunk to apply (they stay hidden until it does).
 */
export function revealButtons(roots: HTMLElement[]): Rules {
  const rules: Rules = [];
  roots.forEach((r) => {
    const s = states.get(r)!.s;
    if (s) rules.push([r, s]);
    else r.style.removeProperty("display");
  });
  return rules;
}

/** Removes the roots (the loader has the chunk drop their scroll rules). */
export const removeButtons = (roots: HTMLElement[]): void => roots.forEach((r) => r.remove());

/** Opens or closes a multi/dots button (no-op for other roots). Does not call env.onToggle. */
export const setExpanded = (root: HTMLElement, expanded: boolean): void => states.get(root)?.f?.(expanded);
