// The shapes the agent, owner and account APIs answer (GET /api/openapi.json). The owner and
// account shapes are still written here by hand.

export type Role = "owner" | "agent";

export type User = { id: string; email: string; name: string; role: Role; personaId: string; createdAt?: string };
export type Session = { user: User; organisation: { id: string; name: string }; csrfToken: string };

// The agent API's shapes are generated from the server's Rust wire types (`wire.gen.ts`,
// `cargo run -p beckon-server --bin gen-wire`); the names below are the ones the console uses.
import type { ChannelDetail, ChannelSummary, History as WireHistory, Message as WireMessage } from "./wire.gen";

export type { EarlierConversation, PublicPersona as Sender, TeamMember, Visitor } from "./wire.gen";

/** A chat as listed; the GET of one chat adds `visitorReadSeq` and `earlierConversations`. */
export type Channel = ChannelSummary & Partial<Omit<ChannelDetail, keyof ChannelSummary>>;

export type Message = WireMessage;

export type History = WireHistory;

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
