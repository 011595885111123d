// Rendering: the tree of nodes (node.ts) brought in line with what components return, changing
// only what changed in the DOM. Children match their old selves by key, else by position, when
// the type is the same (React's rule); unmatched old ones are unmounted. Kept nodes keep their DOM
// element (focus, caret, scroll), and moves are as few as the walk in place() finds.
import { renderComponent } from "./component";
import { createElement, setProps } from "./dom";
import { cleanup, queueEffects } from "./effects";
import type { Node } from "./node";
import { toVNode, type VNode } from "./vnode";

/** Node n (null: a new one) as vnode v says, a child of parent; its DOM goes into pd. */
function diff(n: Node | null, v: VNode, parent: Node, pd: ParentNode): Node {
  // The very element rendered last time (children passed through props): nothing new below it
  // (React's bail-out); components below it that changed state render on their own.
  if (n && n._props === v.props && !n._dirty) return n;
  n ||= { _type: v.type, _parent: parent, _depth: parent._depth + 1, _hooks: [] };
  const old = n._props;
  n._props = v.props;
  if (typeof v.type == "function") render(n, pd);
  else if (!v.type) n._dom ? ((n._dom as Text).data = v.props) : (n._dom = document.createTextNode(v.props));
  else {
    const dom = (n._dom ||= createElement(v.type, pd)) as Element;
    setProps(dom, v.type, v.props, old || {});
    diffChildren(n, v.props.children, dom);
    place(n);
    if (v.ref !== n._ref) {
      // A ref is set like a layout effect (before the layout effects of the components above
      // it, after the DOM is in place) and cleared by its cleanup: when it changes or on unmount.
      const ref = (n._ref = v.ref);
      (n._hooks[0] ||= { _node: n, _layout: true })._fn = () => (setRef(ref, dom), () => setRef(ref, null));
    }
    queueEffects(n._hooks);
  }
  return n;
}

const setRef = (ref: unknown, value: Element | null) =>
  typeof ref == "function" ? ref(value) : ref && ((ref as { current: unknown }).current = value);

/** Renders component n (first or again); its DOM goes into pd. */
function render(n: Node, pd: ParentNode): void {
  n._dirty = false;
  diffChildren(n, renderComponent(n), pd);
  queueEffects(n._hooks);
}

/** The children of parent as `children` (anything a component may return or JSX may hold) says. */
function diffChildren(parent: Node, children: unknown, pd: ParentNode): void {
  const old = new Map<string | number, Node>();
  for (const k of parent._kids || []) if (k) old.set(k._key!, k);
  parent._kids = ([] as unknown[]).concat(children).map((c, i) => {
    const v = toVNode(c);
    if (!v) return null;
    const key = v.key == null ? i : "" + v.key;
    let n = old.get(key) || null;
    if (n && n._type === v.type) old.delete(key);
    else n = null;
    n = diff(n, v, parent, pd);
    n._key = key;
    return n;
  });
  old.forEach((n) => unmount(n, true));
}

/** The top-level DOM nodes of kids, in order (components and fragments have none of their own). */
function doms(kids: (Node | null)[] | undefined, out: ChildNode[] = []): ChildNode[] {
  for (const k of kids || []) if (k) k._dom ? out.push(k._dom as ChildNode) : doms(k._kids, out);
  return out;
}

/**
 * Puts the DOM of host's children in order inside host's element (or container). It walks the
 * element's children beside the rendered ones and inserts what is missing or out of place; a node
 * in the way that belongs further on is stepped over when the expected one comes right after it, so
 * moving one child moves that child only (a moved element loses the focus: the others keep it).
 */
function place(host: Node): void {
  const dom = host._dom as ParentNode & ChildNode;
  let at = dom.firstChild;
  for (const d of doms(host._kids)) {
    if (d == at) at = d.nextSibling;
    else if (at && d == at.nextSibling) at = d.nextSibling;
    else dom.insertBefore(d, at);
  }
}

/** Unmounts n and what it rendered: refs cleared and cleanups run (parents first, as React), then its DOM removed when top. */
function unmount(n: Node, top?: boolean): void {
  n._gone = true;
  for (const s of n._hooks) (s._fn = null), cleanup(s);
  for (const k of n._kids || []) if (k) unmount(k);
  if (top) for (const d of n._dom ? [n._dom as ChildNode] : doms(n._kids)) d.remove();
}

/** Component n again, after its state changed (scheduler.ts); its DOM moves into place in its element. */
export function update(n: Node): void {
  let host = n._parent!;
  while (!host._dom) host = host._parent!;
  render(n, host._dom as ParentNode);
  place(host);
}

/** A root node for a container (react-dom-client.ts). */
export const rootNode = (container: ParentNode): Node => ({ _dom: container, _depth: 0, _hooks: [] });

/** Renders `children` into the root node's container. */
export function renderRoot(root: Node, children: unknown): void {
  diffChildren(root, children, root._dom as ParentNode);
  place(root);
}
