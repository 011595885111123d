// Generated from crates/server/src/wire by `cargo run -p beckon-server --bin gen-wire` — do not edit.
// Wire shapes of the agent API and the realtime protocol (docs/realtime.md).

/** Who a persona is (spec §3.3): the visitor (`ChatClient`) or someone of the site. */
export type PersonaType = "ChatClient" | "ChatAgentPersona" | "ChatOrganizationDomainPersona" | "OrganizationPersona";

/** Whether a chat is open or ended. */
export type ChannelStatus = "open" | "ended";

/** A user's role in the organisation. */
export type Role = "owner" | "agent";

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
 * A chat's messages after a sequence number and its personas: the visitor's and the agent's
 * history calls. `status` only in the visitor's (an ended chat is shown read-only).
 */
export type History = {
  messages: Array<Message>;
  personas: Array<PublicPersona>;
  lastSeq: number;
  status?: ChannelStatus;
};

/** The visitor of a chat, as agents see them. */
export type Visitor = {
  id: string;
  name: string | null;
  email: string | null;
  ip: string | null;
  url: string | null;
  /** When the visitor accepted the legal notices (RFC 3339), if they did. */
  consentAt: string | null;
  firstSeenAt: string;
  lastSeenAt: string;
};

/** Who ended a chat: the visitor (`personaId` is `visitor.id`) or an agent. */
export type EndedBy = {
  personaId: string;
  name: string | null;
};

/** A chat as the console lists it. */
export type ChannelSummary = {
  id: string;
  domainId: string;
  domainName: string;
  status: ChannelStatus;
  createdAt: string;
  lastActivityAt: string;
  endedAt: string | null;
  /** Who ended it, while it is ended. */
  endedBy: EndedBy | null;
  lastSeq: number;
  /** A user id. */
  assignedAgentId: string | null;
  unread: number;
  lastMessageText: string | null;
  visitor: Visitor;
};

/** A visitor's earlier chat: the same e-mail on the same site. */
export type EarlierConversation = {
  id: string;
  status: ChannelStatus;
  createdAt: string;
  endedAt: string | null;
  lastActivityAt: string;
  lastMessageText: string | null;
};

/**
 * One chat in detail: the summary, how far the visitor has read (the console shows "Seen"
 * after a reload too) and the visitor's earlier chats on this site, newest first.
 */
export type ChannelDetail = {
  visitorReadSeq: number;
  earlierConversations: Array<EarlierConversation>;
  id: string;
  domainId: string;
  domainName: string;
  status: ChannelStatus;
  createdAt: string;
  lastActivityAt: string;
  endedAt: string | null;
  /** Who ended it, while it is ended. */
  endedBy: EndedBy | null;
  lastSeq: number;
  /** A user id. */
  assignedAgentId: string | null;
  unread: number;
  lastMessageText: string | null;
  visitor: Visitor;
};

/** The chat list, newest activity first. */
export type ChannelList = {
  channels: Array<ChannelSummary>;
  unreadTotal: number;
};

/** A reply. Both fields are read loosely so that a wrong type is a 422 naming the field. */
export type ReplyBody = {
  /** A string you choose, at most 100 bytes: re-sending it stores nothing new. */
  clientId: string;
  /** Trimmed; at most 4000 characters. */
  text: string;
};

/** The stored reply; `created` is false for a re-sent `clientId` (200 instead of 201). */
export type ReplyAnswer = {
  message: Message;
  created: boolean;
};

/** A read marker; no `seq`: the latest message. */
export type ReadBody = {
  seq?: number;
};

/** The read marker now. */
export type ReadAnswer = {
  seq: number;
};

/** An assignment: a user id, `null` for nobody; no `agentId`: yourself. */
export type AssignBody = {
  agentId?: string;
};

/** An agent's chosen status. */
export type AgentStatus = "online" | "away";

/** `online` takes a lease on every domain of the organisation (renew it); `away` gives it up. */
export type PresenceBody = {
  status: AgentStatus;
};

export type PresenceAnswer = {
  status: AgentStatus;
  /** 0 when away. */
  leaseSeconds: number;
};

/** A member of the organisation, for assigning. */
export type TeamMember = {
  id: string;
  name: string;
  role: Role;
  personaId: string | null;
};

export type Team = {
  agents: Array<TeamMember>;
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

/** Agent or visitor status. */
export type Status = "online" | "away";

export type PresenceAction = "enter" | "update" | "leave";

/** The answer to a good `auth`: who the connection is. */
export type Ready = { "role": "visitor", channelId: string, personaId: string, lastSeq: number, agentsOnline: boolean, } | { "role": "agent", userId: string, personaId: string | null, name: string, status: Status, 
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
export type ChannelUpdate = { "update": "assigned", agentId: string | null, } | { "update": "read", personaId: string, seq: number, } | { "update": "reopened" };

/** Something agents track about a chat changed; visitors do not get it. */
export type ChannelUpdateOut = { channelId: string, } & ({ "update": "assigned", agentId: string | null, } | { "update": "read", personaId: string, seq: number, } | { "update": "reopened" });

/** A chat started (or came back), for the agents of its domain. */
export type NewChannel = {
  channel: Channel;
  visitor: PublicPersona;
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
export type ServerFrame = { "op": "ready" } & Ready | { "op": "chat-message" } & ChatMessageOut | { "op": "ack" } & Ack | { "op": "presence" } & PresenceOut | { "op": "channel-ended" } & ChannelRef | { "op": "channel-update" } & ChannelUpdateOut | { "op": "new-channel" } & NewChannel | { "op": "error" } & ErrorOut | { "op": "pong" };
