// The chat session as data (reduce.ts): its state, the events it is told and the effects it asks
// for. The driver (../../session.ts) turns events of the page, the socket, the API and its timers
// into `SessionEvent`s, each stamped with the time it happened, and runs the effects; an effect that
// answers (a send, an API call, a timer, a read) names the event it comes back as.
import type { ChatErrorKind, ChatApi } from "../api";
import type { ConnectionState } from "../connection";
import type { Page } from "../pages";
import type { AgentPresence, PresenceState } from "../presence";
import type { ProfileInput } from "../profile";
import type { RatingState } from "../rating";
import type { ChatStorage } from "../storage";
import type { Attachment, Channel, ChannelResponse, ChatMessage, ClientPersona, HistoryResponse, PropertyValue } from "../types";
import type { ClientFrame, ServerFrame } from "../wire.gen";

export type Phase =
  /** no stored profile yet */
  | "profile"
  /** creating/fetching the channel, loading history, opening the socket the first time */
  | "connecting"
  /** the socket was open at least once (it may be reconnecting now) */
  | "live"
  /** this chat has ended (End Chat, the agent, or 410) */
  | "ended"
  /** the chat could not be set up (see `error`) */
  | "error";

export type SystemLine = { id: number; text: string; time: number };

export type PendingState = "pending" | "failed";

/** A message of the visitor the server has not acknowledged yet (../outbox.ts). */
export type Pending = {
  clientId: string;
  text: string;
  attachments: Attachment[];
  /** Unix ms when typed. */
  createdAt: number;
  state: PendingState;
  /** Why it failed (an error frame's text). */
  error?: string;
};

/** What the chat window draws. */
export type ChatView = {
  phase: Phase;
  persona: ClientPersona | null;
  personaId: string | null;
  channel: Channel | null;
  /** the realtime connection's state (idle before there is one) */
  conn: ConnectionState | "idle";
  /** set when the setup failed: which panel; `ended` for a 410 */
  error: { kind: ChatErrorKind; text: string } | null;
  /** history could not be loaded (spec §8 text), the chat goes on */
  historyError: boolean;
  /** the first socket failed; retries go on */
  connectFailed: boolean;
  messages: ChatMessage[];
  pending: Pending[];
  system: SystemLine[];
  presence: AgentPresence;
  /** whether the site's presence is known yet (the socket's ready, or the HTTP answer before it) */
  presenceKnown: boolean;
  /** the server mails a reply the visitor has not seen (the socket's ready says so) */
  repliesByEmail: boolean;
  unread: number;
  banner: boolean;
  /** the visitor's rating of this chat, once it has ended (core/rating.ts) */
  rating: RatingState;
};

/** What the browser keeps of the chat when one starts (storage, and the page it starts on). */
export type Stored = { channelId: string | null; personaId: string | null; readSeq: number; url: string | null };

/** The view and what the session keeps beside it. */
export type SessionState = ChatView & {
  apiRoot: string;
  domainId: string;
  /** properties of the domain from the config (chat-legal-* before a channel exists) */
  domainProperties: Record<string, PropertyValue>;
  /** Bumped by each start and by dispose: answers and sockets of an older one are dropped. */
  run: number;
  /** The window is open; open with the tab visible, as last acted on (the visitor sees the chat). */
  open: boolean;
  seen: boolean;
  started: boolean;
  disposed: boolean;
  /** The socket has told who is online (ready); until then the header shows the HTTP answer. */
  heard: boolean;
  /** The current socket was open at least once. */
  everOpen: boolean;
  /** The last message acknowledged to the server (read). */
  ackedSeq: number;
  sysId: number;
  /** The chat this session holds (or held, once ended): the one a rating is about. */
  chatId: string;
  /** Who of the site is online and typing (core/presence.ts); `presence` is what the header shows. */
  agents: PresenceState;
  /** The page last told on this connection (core/pages.ts). */
  lastPage: Page | null;
  /** What storage held when this start began. */
  stored: Stored | null;
  outbox: OutboxState;
  typing: TypingState;
  attention: AttentionState;
};

export type OutboxState = {
  /** The connection is open: messages go out as they are added. */
  online: boolean;
  /** Client ids sent on the current connection (each goes once per connection). */
  sent: string[];
  /** Client ids refused for now (429, 5xx) and waiting for their retry timer. */
  retrying: string[];
};

export type TypingState = { on: boolean; lastSent: number };

export type AttentionState = {
  /** The title blink and banner's idea of whether the visitor looks (starts as looking). */
  seen: boolean;
  /** The banner's clearing timer runs. */
  clearing: boolean;
};

export type Sound = "sent" | "active" | "inactive";

/** The API calls the session makes, and the events their answers come back as. */
export type Answers = {
  found: ChannelResponse;
  created: ChannelResponse;
  history: HistoryResponse;
  "away-history": HistoryResponse;
  available: { agentAvailable?: boolean; repliesByEmail?: boolean };
  rated: unknown;
};
/** An answer: `value` when the call succeeded, else `error` (a ChatError). */
export type Answer = { [K in keyof Answers]: { type: K; run: number; value?: Answers[K]; error?: unknown } }[keyof Answers];

type Calls = "getChannel" | "createChannel" | "history" | "available" | "rate";
type CallEffect = { [K in Calls]: { fx: "call"; call: K; args: Parameters<ChatApi[K]>; run: number; then: keyof Answers } }[Calls];

type Writes = "setPersona" | "setChannel" | "setReadSeq" | "clearChannelId" | "clearChannel" | "forget";
type StoreEffect = { [K in Writes]: { fx: "store"; call: K; args: Parameters<ChatStorage[K]> } }[Writes];

/** What happened, as the session is told it. */
export type Happening =
  // the window and the page
  | { type: "open"; open: boolean; visible: boolean }
  | { type: "visibility"; visible: boolean }
  /** the browser is back online */
  | { type: "online" }
  | { type: "page"; href: string; title: string }
  // the visitor
  | { type: "begin" }
  | { type: "restart" }
  | { type: "profile"; input: ProfileInput; url: string | null; accepted: number }
  | { type: "send"; text: string; files: Attachment[] }
  | { type: "input"; value: string }
  | { type: "end-chat" }
  | { type: "retry"; id: string }
  | { type: "rate"; score: number; comment: string }
  | { type: "dispose" }
  // the socket
  | { type: "state"; run: number; state: ConnectionState }
  | { type: "frame"; run: number; frame: ServerFrame }
  // answers to effects
  | Answer
  | { type: "stored"; run: number; stored: Stored }
  | { type: "queue"; text: string; files: Attachment[]; id: string }
  | { type: "unsent" }
  | { type: "acked"; seq: number }
  | { type: "told"; page: Page }
  | { type: "end-sent" }
  // timers
  | { type: "typing-idle" }
  | { type: "banner-clear" }
  | { type: "retry-due"; id: string }
  | { type: "linger"; run: number };

/** A happening with the time it happened (Unix ms, the driver's clock). */
export type SessionEvent = Happening & { now: number };

export type Effect =
  /** a frame on the socket; `sent` or `unsent` comes back as it went */
  | { fx: "send"; frame: ClientFrame; sent?: Happening; unsent?: Happening }
  | CallEffect
  | StoreEffect
  /** read what storage holds for a start: comes back as `stored` */
  | { fx: "read"; run: number }
  /** a new client id for a message: comes back as `queue` */
  | { fx: "id"; text: string; files: Attachment[] }
  | { fx: "connect"; run: number; channelId: string; personaId: string }
  | { fx: "close" }
  /** a new socket now, which resumes after the last message held */
  | { fx: "reconnect" }
  /** `event` in `ms`, replacing a timer of the same key */
  | { fx: "timer"; key: string; ms: number; event: Happening }
  | { fx: "cancel"; key: string }
  | { fx: "play"; sound: Sound }
  /** the tab's title blinks 'New message from {name}'; without a name it stops */
  | { fx: "blink"; name?: string }
  /** the unread count changed (the host's listener), with the message that raised it while the window was closed */
  | { fx: "unread"; count: number; arrived?: ChatMessage }
  /** look at the page's address and title: comes back as `page` */
  | { fx: "look" }
  /** watch the page's address and title for changes: each comes back as `page` */
  | { fx: "watch" };

/** One reduction under way: the state so far and the effects asked for so far. */
export type Step = { s: SessionState; fx: Effect[]; now: number };
