// Props onto DOM elements, the way React does for the props the app uses:
//   - onX: a listener for the DOM event x (onChange of a text field: input, every keystroke, as
//     React's; onFocus/onBlur: focusin/focusout, which bubble as React's do). Names whose DOM event
//     is not their lower case (onDoubleClick…) are not used by the app and not mapped;
//   - style: an object, set key by key (custom properties with setProperty); values as written
//     (the app only sets custom properties: vars.ts cssVars), no string styles;
//   - value and checked: the properties of a controlled field, set last (after type) and only
//     when the field holds something else (typing changed it, or the state did): the caret stays.
//     Unlike React, a field whose handler leaves the state as it was keeps what was typed until
//     the next render (the app's handlers always take the typed value);
//   - everything else an attribute: className → class, htmlFor → for (HTML lower-cases the rest,
//     tabIndex → tabindex; SVG keeps viewBox); true → "" and false/null/undefined → removed,
//     except aria-* and data-*, where true and false are written as text.
import type { Props } from "./node";

const SVG = "http://www.w3.org/2000/svg";

/** A new element of `type` under `parent`: in the SVG namespace for <svg> and inside it (the app has no <foreignObject>). */
export const createElement = (type: string, parent: ParentNode): Element =>
  type == "svg" || (parent as Element).namespaceURI == SVG ? document.createElementNS(SVG, type) : document.createElement(type);

type Listening = Element & { _on?: Record<string, ((e: Event) => void) | undefined> };

// One listener per element and event, calling the handler of the last render: the app's inline
// handlers change every render without adding or removing listeners.
function listener(this: Listening, e: Event): void {
  this._on![e.type]?.(e);
}

/** The DOM event of an onX prop on an element of `type`. */
const eventOf = (name: string, type: string, props: Props): string =>
  name == "onChange" && (type == "textarea" || (type == "input" && !/^(checkbox|radio)$/.test(props.type)))
    ? "input"
    : name == "onFocus"
      ? "focusin"
      : name == "onBlur"
        ? "focusout"
        : name.slice(2).toLowerCase();

function setStyle(s: CSSStyleDeclaration, v?: Record<string, unknown>, old?: Record<string, unknown>): void {
  for (const k in { ...old, ...v }) {
    const x = v && v[k] != null && typeof v[k] != "boolean" ? "" + v[k] : "";
    if (x != (old && old[k] != null ? "" + old[k] : "")) k[0] == "-" ? s.setProperty(k, x) : ((s as unknown as Record<string, string>)[k] = x);
  }
}

function setProp(dom: Listening, type: string, name: string, v: unknown, old: unknown, props: Props): void {
  if (name == "children" || name == "value" || name == "checked") return;
  if (/^on[A-Z]/.test(name)) {
    const e = eventOf(name, type, props);
    const on = (dom._on ||= {});
    if (!on[e]) dom.addEventListener(e, listener);
    on[e] = v as (e: Event) => void;
  } else if (name == "style") setStyle((dom as HTMLElement).style, v as Record<string, unknown>, old as Record<string, unknown>);
  else {
    const text = /^(aria|data)-/.test(name);
    name = name == "className" ? "class" : name == "htmlFor" ? "for" : name;
    if (v == null || (v === false && !text)) dom.removeAttribute(name);
    else dom.setAttribute(name, v === true && !text ? "" : "" + v);
  }
}

/** Brings the props of `dom` (an element of `type`) from `old` to `props`. */
export function setProps(dom: Element, type: string, props: Props, old: Props): void {
  for (const k in old) if (!(k in props)) setProp(dom, type, k, null, old[k], props);
  for (const k in props) if (props[k] !== old[k]) setProp(dom, type, k, props[k], old[k], props);
  for (const k of ["value", "checked"] as const)
    if (props[k] != null && (dom as HTMLInputElement)[k] !== props[k]) ((dom as unknown as Record<string, unknown>)[k] = props[k]);
}
