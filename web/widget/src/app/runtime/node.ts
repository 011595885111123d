// The rendered tree: a Node per element, text, component or fragment that is on screen, kept
// across renders and updated in place. Renders are synchronous and never thrown away, so one tree
// is enough (no work-in-progress copy). Fields start with "_": the build shortens them
// (app.build.mjs, terser's property mangling); nothing else in the app chunk has such names.

/** An element's props (a text node's are its text). */
export type Props = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A function component (fragments are one too: vnode.ts). */
export type Component = (props: any) => unknown; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A hook's slot in its component, or an element's ref (as a layout effect: effects.ts). */
export type Slot = {
  /** The component the slot belongs to (for setState). */
  _node: Node;
  // useState / useReducer
  _value?: unknown;
  _set?: (action: unknown) => void;
  _reducer?: (state: unknown, action: unknown) => unknown;
  // useEffect / useLayoutEffect
  /** The effect to run at the next commit; null once run, or when its component is gone. */
  _fn?: (() => unknown) | null;
  /** What the last run returned: its cleanup when a function. */
  _cleanup?: unknown;
  _deps?: readonly unknown[];
  _layout?: boolean;
};

export type Node = {
  /** The element's tag, the component, or undefined for text (and for a root). */
  _type?: string | Component;
  /** The props of the last render; the text of a text node. */
  _props?: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** The key among its siblings: the vnode's key as a string, else its position. */
  _key?: string | number;
  /** The element or text node; a root's container; none for components and fragments. */
  _dom?: ChildNode | ParentNode;
  /** What it rendered, in order, with null for nothing (null, false…) so positions keep matching. */
  _kids?: (Node | null)[];
  _parent?: Node;
  /** Distance from the root: dirty components render parents first. */
  _depth: number;
  /** A component's hook slots; an element's ref effect. */
  _hooks: Slot[];
  /** An element's ref (object or callback). */
  _ref?: unknown;
  /** A component whose state changed since it last rendered. */
  _dirty?: boolean;
  /** Unmounted: its state setters no longer render anything. */
  _gone?: boolean;
};
