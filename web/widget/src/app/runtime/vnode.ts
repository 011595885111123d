// Elements as the app's JSX creates them (React's createElement, with the children as arguments:
// app.build.mjs compiles JSX to h calls, shorter than the automatic runtime's jsx(type, {children})).
import type { Component } from "./node";

export type VNode = {
  /** A tag, a component, or undefined for text (then props is the text). */
  type?: string | Component;
  props: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  key?: unknown;
  ref?: unknown;
};

export function h(type: string | Component, props: Record<string, unknown> | null, ...children: unknown[]): VNode {
  const { key, ref, ...rest } = props || {};
  if (children.length) rest.children = children.length > 1 ? children : children[0];
  return { type, props: rest, key, ref };
}

/** <>…</>: renders its children. Nested arrays of children are fragments too (toVNode). */
export const Fragment = (p: { children?: unknown }): unknown => p.children;

/** A child as a vnode: null for what renders nothing (null, undefined, booleans), text for strings and numbers, a fragment for an array. */
export const toVNode = (c: unknown): VNode | null =>
  c == null || typeof c == "boolean"
    ? null
    : typeof c != "object"
      ? { props: "" + c }
      : Array.isArray(c)
        ? { type: Fragment, props: { children: c } }
        : (c as VNode);
