// The embed build compiles JSX to Preact's createElement (app.build.mjs injects this file): a call
// with the children as arguments is shorter than the automatic runtime's jsx(type, {children}),
// and Preact's createElement is in the chunk anyway. Tests compile the same JSX for React.
export { createElement as h, Fragment } from "preact";
