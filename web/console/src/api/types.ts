// The shapes the agent, owner and account APIs answer (GET /api/openapi.json).

export type Role = "owner" | "agent";

export type User = { id: string; email: string; name: string; role: Role; personaId: string; createdAt?: string };
export type Session = { user: User; organisation: { id: string; name: string }; csrfToken: string };

export type Visitor = {
  id: string;
  name: string | null;
  email: string | null;
  ip: string | null;
  url: string | null;
  consentAt: string | null;
  firstSeenAt: string;
  lastSeenAt: string;
};

export type Channel = {
  id: string;
  domainId: string;
  domainName: string;
  status: "open" | "ended";
  createdAt: string;
  lastActivityAt: string;
  endedAt: string | null;
  /** Who ended it (while ended): the visitor (personaId is visitor.id) or an agent. */
  endedBy?: { personaId: string; name: string | null } | null;
  lastSeq: number;
  assignedAgentId: string | null;
  unread: number;
  lastMessageText: string | null;
  visitor: Visitor;
  /** How far the visitor has read (the GET of one chat only). */
  visitorReadSeq?: number;
  /** The visitor's chats on this site that started before this one, newest first (the GET of one chat only). */
  earlierConversations?: EarlierConversation[];
};

/** A visitor's earlier chat: the same e-mail on the same site. */
export type EarlierConversation = {
  id: string;
  status: "open" | "ended";
  createdAt: string;
  endedAt: string | null;
  lastActivityAt: string;
  lastMessageText: string | null;
};

export type Sender = { id: string; type: string; name: string | null; avatarUrl: string | null };

export type Message = {
  id: string;
  seq: number;
  clientId: string;
  text: string;
  sender: Sender;
  attachments: unknown[];
  createdAt: string;
};

export type History = { messages: Message[]; lastSeq: number };

export type TeamMember = { id: string; name: string; role: Role; personaId: string };

export type DomainInfo = {
  id: string;
  name: string;
  aliases: string[];
  type: string;
  timezone: string | null;
  properties: Record<string, unknown>;
  createdAt: string;
  config: { draftUpdatedAt: string | null; publishedVersion: number | null; publishedAt: string | null; unpublishedChanges: boolean };
  /** maxAgeSeconds: how long browsers may reuse the hosted embed (0: they ask on every page view). */
  embed: { url: string; snippet: string; maxAgeSeconds: number };
};

export type StatsAnswer = {
  from: string;
  to: string;
  counts: { day: string; event: string; count: number }[];
  totals: Record<string, number>;
  /** Views per button (actionId null) and clicks per action and its button. */
  items: { day: string; event: string; buttonId: string; actionId: string | null; count: number }[];
};

/** One published version (GET /v1/owner/domains/{id}/versions); publishedBy null for the CLI's. */
export type ConfigVersion = {
  version: number;
  etag: string;
  publishedAt: string;
  publishedBy: { id: string | null; name: string } | null;
  /** What the embed serves now. */
  current: boolean;
};
