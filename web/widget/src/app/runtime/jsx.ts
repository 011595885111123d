// What compiled JSX calls in the embed build (app.build.mjs injects this file and compiles JSX to
// h(type, props, ...children) and Fragment). Tests compile the same JSX for React.
export { h, Fragment } from "./vnode";
