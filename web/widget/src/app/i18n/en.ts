// The widget's English texts: the catalogue every other language (locales/*.ts) is checked
// against (test/app/i18n/catalogue.test.ts) and falls back to per key (merge.ts). Every language,
// English too, is a chunk of its own (app.build.mjs; docs/decisions.md "Languages").
// The spec's texts (§8 errors and panels, system messages …) are kept word for word.
// Placeholders are `{{name}}`; a plural is an object of Intl.PluralRules
// categories (`one`, `other`, …), picked by plural() in ./index.ts.
import { CONTACT_OPTIONS, POWERED_BY } from "../../shared/words";

export const en = {
  chat: {
    completeProfile: "Complete your profile first",
    connecting: "Connecting you to Chat...",
    couldNotConnect: "Could not connect to chat",
    ended: "Chat has ended",
    tabChat: "Chat messages",
    tabSystem: "System messages",
    tabProfile: "Profile",
    endChat: "End Chat",
    endAsk: "End this chat?",
    endKeep: "Keep chatting",
    newChat: "Start a new chat",
    retry: "Try again",
    online: "Online",
    away: "Away",
    menu: "Chat menu",
    message: "Message",
    attach: "Attach a file",
    sending: "Sending…",
    newMessage: "New message",
    newMessageFrom: "New message from {{name}}",
    typing: { one: "{{names}} is typing…", other: "{{names}} are typing…" },
    tooLong: {
      one: "{{n}} character too long: a message holds at most {{max}}.",
      other: "{{n}} characters too long: a message holds at most {{max}}.",
    },
  },
  system: {
    connecting: "Connecting…",
    connected: "Connected",
    lost: "Connection lost. Reconnecting…",
    back: "Reconnected",
    ended: "Chat has ended",
    failed: "Could not connect to chat",
  },
  errors: {
    ended: "This chat has ended. Please refresh the page to start a new chat.",
    networkTitle: "Unable to connect",
    networkText: "Please check your internet connection or try again in a moment",
    setupTitle: "Almost ready to chat...",
    setupText:
      "The chat is installed on this website but needs a final setup step. If you own this website, please finish the configuration in the chat application.",
    history: "Error while retrieving history. Please refresh the page.",
    intercom: "The chat could not be loaded. Please check your internet connection or try again in a moment.",
  },
  profile: {
    form: "Profile",
    name: "Full name",
    email: "Email address",
    save: "Save",
    errName: "Please enter your name",
    errEmail: "Please enter a valid email address",
    errLegal: "Please accept the legal notices",
    legalAccepted: "Legal notices accepted on {{date}}",
  },
  modal: {
    welcome: "How can we help?",
    status: "We typically respond in 35 minutes",
    placeholder: "Type your message",
    send: "Send",
    menu: "Menu",
    close: "Close",
    poweredBy: POWERED_BY,
    titleMessage: "Message",
    titleChat: "Chat",
    titlePage: "Page",
    titleForm: "Form",
    sendWhatsApp: "Send on WhatsApp",
    sendMessenger: "Send on Messenger",
  },
  presence: { nobody: "Nobody is online right now" },
  attention: { banner: "You have new messages", blink: "New message from {{name}}" },
  away: {
    byEmail: "We're away right now. Leave a message and we'll reply here and by e-mail.",
    hereOnly: "We're away right now. Leave a message and we'll reply here.",
    back: "{{invite}} We're back {{when}}.",
    today: "today at {{time}}",
    tomorrow: "tomorrow at {{time}}",
    weekday: "on {{day}} at {{time}}",
  },
  rating: {
    question: "How was this conversation?",
    comment: "Comment (optional)",
    send: "Send rating",
    thanks: "Thank you for your feedback.",
    failed: "Your rating could not be sent. Please try again.",
    score: "{{n}} out of 5",
  },
  transcript: { ask: "E-mail me this conversation", sent: "We've sent this conversation to {{email}}." },
  // The loader's own texts (with modal.poweredBy): it reads them from a language's chunk
  // (loader/render/texts.ts).
  buttons: { options: CONTACT_OPTIONS },
  files: {
    tray: "Files to send",
    uploading: "Uploading {{name}}",
    remove: "Remove",
    cancel: "Cancel",
    removeFile: "Remove {{name}}",
    cancelFile: "Cancel {{name}}",
    failed: "The upload failed ({{status}}).",
    offline: "The upload failed: check your connection.",
    tooLarge: "{{name}} is too large: at most {{max}}.",
    empty: "{{name}} is empty.",
    typeNotAccepted: "{{name}}: this type of file is not accepted ({{type}}).",
    refusedSize: "{{name}} is too large.",
    refusedType: "{{name}}: this type of file is not accepted.",
  },
};

export type Messages = typeof en;

/** A language's catalogue: any subset of English's keys (a missing one falls back to English). */
export type Catalogue = DeepPartial<Messages>;
type DeepPartial<T> = {
  [K in keyof T]?: T[K] extends string ? string : T[K] extends { other: string } ? Plural : DeepPartial<T[K]>;
};
/** A plural text: a language has the categories it needs (Arabic: zero, one, two, few, many, other). */
type Plural = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
