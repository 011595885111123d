// What the chat needs once it runs but not to paint, a chunk of its own (dist/beckon-live.js,
// app.build.mjs), loaded when a chat window opens or a stored chat resumes: the realtime client
// (core/connection.ts) and the watch on the page's address and title (core/pages.ts), which the
// session takes through realtime.ts while its channel and history are fetched; and the away notice
// (core/away.ts), which the window shows once it knows nobody is online.
export { connect } from "./core/connection";
export { watchPage } from "./core/pages";
export { awayNotice, nextOpening } from "./core/away";
