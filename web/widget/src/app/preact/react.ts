// What the app imports from "react", on Preact for the embed (app.build.mjs maps "react" here).
// preact/compat would cost ~1.5 KB gzip for features the app does not use (class components,
// portals, Suspense, Children…); the app only uses hooks, so they come straight from preact/hooks.
// Tests run the same components on real React.
import { options, type VNode } from "preact";

export { useEffect, useLayoutEffect, useReducer, useRef, useState } from "preact/hooks";

// React's onChange on a text field fires on every keystroke (the DOM's input event); the DOM's
// change event only fires on commit. Checkboxes keep change.
const prev = options.vnode;
options.vnode = (v: VNode<any>) => {
  const p = v.props;
  if (p.onChange && (v.type == "textarea" || (v.type == "input" && p.type != "checkbox"))) {
    p.onInput = p.onChange;
    p.onChange = undefined;
  }
  if (prev) prev(v);
};
