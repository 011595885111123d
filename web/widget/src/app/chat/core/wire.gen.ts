// Generated from crates/server/src/wire by `cargo run -p beckon-server --bin gen-wire` — do not edit.
// Wire shapes of the public chat API (spec §3.3, §7), the realtime protocol (docs/realtime.md) and the API's error body; the console imports them from here.

/** Who a persona is (spec §3.3): the visitor (`ChatClient`) or someone of the site. */
export type PersonaType = "ChatClient" | "ChatAgentPersona" | "ChatOrganizationDomainPersona" | "OrganizationPersona";

/** Whether a chat is open or ended. */
export type ChannelStatus = "open" | "ended";

/** The visitor's own persona, as the widget stores it (spec §3.3) plus id and type. */
export type ClientPersona = {
  id: string;
  type: PersonaType;
  name: string;
  email: string | null;
  ip: string | null;
  url: string | null;
  /** Unix ms when the legal notices were accepted; 0 when not accepted. */
  legalNoticeAccepted: number;
  avatarUrl: string | null;
};

/**
 * What anyone in a chat may see of a persona: a message's sender, a presence frame's persona.
 * `type` and `name` are null for a sender whose persona is gone; `id` is null for an agent
 * without a persona.
 */
export type PublicPersona = {
  id: string | null;
  type: PersonaType | null;
  name: string | null;
  avatarUrl: string | null;
};

/** A file or link sent with a message. */
export type Attachment = {
  type: string;
  url: string;
  name: string;
  /** Bytes (Beckon's own, beside the spec's three): files uploaded to Beckon have it. */
  size?: number;
};

/**
 * What a chat's files may be (docs/attachments.md): the domain's largest size and its media
 * types, which the upload checks against the file's bytes. Owners set them for a domain.
 */
export type AttachmentLimits = {
  /** Bytes. */
  maxBytes: number;
  /** Media types, e.g. `image/png`. */
  types: Array<string>;
};

/** A stored message, as history, replies and the realtime `chat-message` deliver it. */
export type Message = {
  id: string;
  /** 1, 2, 3 … per chat, without gaps. */
  seq: number;
  /** The sender's own id for the message (re-sends are de-duplicated on it). */
  clientId: string;
  text: string;
  sender: PublicPersona;
  attachments: Array<Attachment>;
  /** RFC 3339. */
  createdAt: string;
};

/**
 * A chat as the visitor's calls answer it, with the domain's `chat-*` properties (legal
 * notice etc., spec §3.3).
 */
export type Channel = {
  id: string;
  domainId: string;
  status: ChannelStatus;
  /** RFC 3339. */
  createdAt: string;
  lastActivityAt: string;
  endedAt: string | null;
  lastSeq: number;
  /** The domain's `chat-*` properties: a string, or an object such as `{link, text}`. */
  properties: Record<string, unknown>;
};

/** The answer of the channel GET and the channel POST. */
export type ChannelAnswer = {
  channel: Channel;
  chatClientPersona: ClientPersona;
};

/**
 * A chat's messages after a sequence number and its personas: the visitor's and the agent's
 * history calls. `status` only in the visitor's (an ended chat is shown read-only).
 */
export type History = {
  messages: Array<Message>;
  personas: Array<PublicPersona>;
  lastSeq: number;
  status?: ChannelStatus;
};

/** A realtime token for the visitor. */
export type TokenAnswer = {
  token: string;
  /** Unix ms. */
  expiresAt: number;
};

/** Whether an agent is online for a domain. */
export type Availability = {
  agentAvailable: boolean;
  /**
   * This server mails an agent's reply the visitor has not seen (it has `--smtp-url`); the
   * chat says so while nobody is online (as the socket's `ready` does).
   */
  repliesByEmail: boolean;
};

/**
 * The body of a new chat: the visitor's persona (spec §3.3), and the visitor persona of this
 * browser's ended chat, for a returning visitor. Validated field by field (`parse_persona`),
 * so that a 400 lists every bad field.
 */
export type NewChat = {
  name: string;
  email: string;
  ip?: string | null;
  /** The page's http(s) URL. */
  url?: string | null;
  /** Unix ms when the legal notices were accepted (0: not accepted); `true` means now. */
  legalNoticeAccepted?: number | boolean;
  personaId?: string | null;
  /**
   * The language tag the widget speaks ("fr", "pt-BR"): the mails to the visitor are written
   * in it (its language when it is one of the widget's; else the domain's, else English).
   */
  language?: string | null;
};

/**
 * A visitor's rating of their chat (once it has ended, or while it is open). Both fields are
 * read loosely, so that a wrong type is a 422 naming the field.
 */
export type RatingBody = {
  /** 1 (poor) to 5 (excellent), a whole number. */
  score: number;
  /** Optional; trimmed, at most 1000 characters. */
  comment?: string | null;
};

/** A chat's rating, as the visitor gave it (the latest: a new one replaces it). */
export type Rating = {
  /** 1 (poor) to 5 (excellent). */
  score: number;
  comment: string | null;
  /** RFC 3339. */
  createdAt: string;
};

/** Agent or visitor status. */
export type Status = "online" | "away";

export type PresenceAction = "enter" | "update" | "leave";

/** The answer to a good `auth`: who the connection is. */
export type Ready = { "role": "visitor", channelId: string, personaId: string, lastSeq: number, agentsOnline: boolean, 
/**
 * This server mails an agent's reply the visitor has not seen to the address in their
 * profile (it has `--smtp-url`): the chat says so while nobody is online.
 */
repliesByEmail: boolean, } | { "role": "agent", userId: string, personaId: string | null, name: string, status: Status, 
/**
 * The organisation's domains, whose chats this connection receives.
 */
domains: Array<string>, domainsWithAgentsOnline: Array<string>, };

/** A stored message, live or from a backlog. */
export type ChatMessageOut = {
  channelId: string;
  seq: number;
  message: Message;
};

/** A message the connection sent is stored (`duplicate`: it was already). */
export type Ack = {
  channelId: string;
  clientId: string;
  id: string;
  seq: number;
  duplicate: boolean;
};

/**
 * Someone entered, changed (status, typing) or left: a visitor in a chat (`channelId`), or an
 * agent on a domain (`domainId`).
 */
export type PresenceOut = {
  action: PresenceAction;
  persona: PublicPersona;
  name: string | null;
  status: Status;
  typing: boolean;
  channelId?: string;
  domainId?: string;
};

export type ChannelRef = {
  channelId: string;
};

/** What changed about a chat. */
export type ChannelUpdate = { "update": "assigned", agentId: string | null, } | { "update": "read", personaId: string, seq: number, } | { "update": "reopened" } | { "update": "rated" };

/** Something agents track about a chat changed; visitors do not get it. */
export type ChannelUpdateOut = { channelId: string, } & ({ "update": "assigned", agentId: string | null, } | { "update": "read", personaId: string, seq: number, } | { "update": "reopened" } | { "update": "rated" });

/** A chat started (or came back), for the agents of its domain. */
export type NewChannel = {
  channel: Channel;
  visitor: PublicPersona;
};

/**
 * Agents only: the organisation's domains or accounts changed. The connection now receives the
 * chats of `domains` (as in `ready`); the console reloads its chats and team.
 */
export type OrgChanged = {
  domains: Array<string>;
  domainsWithAgentsOnline: Array<string>;
};

/** Agents: a conversation's visitor is on a page of the site now. */
export type VisitorPageOut = {
  channelId: string;
  url: string;
  title: string | null;
  seenAt: string;
};

/** Who wrote a note (their name when they wrote it). */
export type NoteAuthor = {
  name: string;
  /** The user id; `null` once the account is removed. */
  id: string | null;
};

/** A private note on a chat: agents see it, the visitor never does. */
export type Note = {
  id: string;
  text: string;
  author: NoteAuthor;
  /** RFC 3339. */
  createdAt: string;
};

/**
 * Agents only: a colleague wrote a private note on a chat. Published on the domain's topic
 * alone, never on the chat's (which its visitor's socket follows).
 */
export type NoteOut = {
  channelId: string;
  note: Note;
};

/** A frame the server refused (nothing changed), or a fault. */
export type ErrorOut = {
  /**
   * HTTP-like: 400 malformed, 401 not authenticated, 403 not allowed, 404 unknown, 409
   * client id taken, 410 chat ended, 413 too large, 429 too fast, 500 server fault.
   */
  code: number;
  error: string;
  /** The refused message's client id. */
  clientId?: string;
};

/** Every frame the server sends, tagged by `op` (docs/realtime.md). */
export type ServerFrame = { "op": "ready" } & Ready | { "op": "chat-message" } & ChatMessageOut | { "op": "ack" } & Ack | { "op": "presence" } & PresenceOut | { "op": "channel-ended" } & ChannelRef | { "op": "channel-update" } & ChannelUpdateOut | { "op": "new-channel" } & NewChannel | { "op": "org-changed" } & OrgChanged | { "op": "canned-changed" } | { "op": "visitor-page" } & VisitorPageOut | { "op": "note" } & NoteOut | { "op": "error" } & ErrorOut | { "op": "pong" };

/** An attachment as a client sends it (`name` optional). */
export type AttachmentIn = {
  type: string;
  url: string;
  name?: string;
};

/** A visitor's first frame: the token from the token URL. */
export type AuthFrame = {
  token: string;
  /** When given, must be the token's channel. */
  channelId?: string;
  /** When given, must be the token's persona. */
  personaId?: string;
  /** Resume from here at once (same as a `resume` frame). */
  lastSeq?: number;
};

/** A message (spec §7). */
export type ChatMessageFrame = {
  /** Agents: the chat to write into. Visitors: optional, must be their chat. */
  channelId?: string;
  /** The sender's own id for the message: a re-send with it is stored once. */
  clientId: string;
  /** The text (`text` is read too); trimmed, at most 4000 characters. */
  message: string;
  attachments?: Array<AttachmentIn>;
  /** Spec §7 sends it; the server takes the sender from the authentication instead. */
  persona?: unknown;
  /** Spec §7: `client-message`. */
  type?: string;
};

/** `message-ack` (read up to a message) or `end-chat`. */
export type ClientActionFrame = {
  /** Agents: the chat it is about. */
  channelId?: string;
  action: "message-ack" | "end-chat";
  /** `message-ack`: the message id (a string), or `{id, seq}`. */
  data?: string | { id: string; seq?: number };
  /** `message-ack`: the message's sequence number, when the client has it. */
  seq?: number;
};

/** Typing (`typing`), or an agent's status (`status`). */
export type PresenceFrame = {
  /** Agents: the chat the typing is about (not needed for `status`). */
  channelId?: string;
  typing?: boolean;
  /** Agents: `online` or `away`. */
  status?: "online" | "away";
  /** Spec §7: `typing-update`. */
  type?: string;
};

/** Everything after a sequence number, then live messages. */
export type ResumeFrame = {
  /** Agents: the chat to resume (visitors: optional, their own). */
  channelId?: string;
  lastSeq: number;
};

/**
 * Visitors: the page they are on now (on connecting, and when a single-page site changes its
 * address). Agents see the pages of the conversation beside it.
 */
export type PageFrame = {
  /** http(s), at most 2000 characters. */
  url: string;
  /** The page's title, at most 300 characters. */
  title?: string;
};

/**
 * What a client can send: the server reads every frame as this type ([`parse`]); the widget and
 * the console send it (generated TypeScript, `ts.rs`).
 */
export type ClientFrame = { "op": "auth" } & AuthFrame | { "op": "chat-message" } & ChatMessageFrame | { "op": "client-action" } & ClientActionFrame | { "op": "presence" } & PresenceFrame | { "op": "resume" } & ResumeFrame | { "op": "page" } & PageFrame | { "op": "ping" };

/** One thing wrong with a request body: where (a field name or a JSON path) and what. */
export type ProblemBody = {
  path: string;
  message: string;
};

/** `{"error": "…"}`, sometimes with more fields. */
export type ErrorBody = {
  /** What is wrong, in words for people. */
  error: string;
  /** 422: every problem of the body. */
  problems?: Array<ProblemBody>;
  /** 400 of a new chat: each bad field of the persona and what is wrong with it. */
  fields?: { [key in string]: string };
  /** 429: seconds to wait (also the `Retry-After` header). */
  retryAfter?: number;
};
