// What a chat window shows once the chat has ended, a chunk of its own (dist/beckon-ended.js,
// app.build.mjs): the rating form and "E-mail me this conversation". Most chats are closed
// before they end, so the app chunk leaves them out; the window loads this chunk while the chat is
// live (ChatWindow.tsx), so it is in when the chat ends.
export { RatingForm } from "./RatingForm";
export { Transcript } from "./Transcript";
