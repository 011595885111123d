// The surfaces that hand the visitor over to a third party's SDK, a chunk of their own
// (dist/beckon-sdk.js, ../chunks.ts): few pages have them, and their SDK is fetched on the first
// click anyway. What they share with the other surfaces comes from the app (app.build.mjs).
export { FacebookWidget } from "./Facebook";
export { Intercom } from "./Intercom";
