// Generated from crates/server/src/wire by `cargo run -p beckon-server --bin gen-wire` — do not edit.
// Wire shapes of the agent, owner and account APIs and of the realtime protocol (docs/realtime.md).
import type { Config } from "@beckon/widget/config";
import type { ChannelStatus, Attachment, Message, Rating, Note, AttachmentIn } from "@beckon/widget/wire";

/** A user's role in the organisation. */
export type Role = "owner" | "agent";

/**
 * The visitor of a chat, as agents see them: `id` is the visitor's public id
 * ([`public_visitor_id`]), never the persona id their chat calls are made with.
 */
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
  /**
   * The names of the latest message's files: the inbox shows a file sent without text by its
   * name.
   */
  lastMessageFiles: Array<string>;
  /**
   * While nobody has answered the visitor's latest message: when their first unanswered
   * message came (the Waiting list's order).
   */
  waitingSince: string | null;
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

export type PageSeen = {
  url: string;
  title: string | null;
  seenAt: string;
};

/**
 * The visitor of a conversation beside it: the browser, country, referrer and time zone when
 * the chat began, whether they have left the site, and the pages seen during it, latest first.
 */
export type Visit = {
  userAgent: string | null;
  /** ISO 3166 code (with `--geoip-db`). */
  country: string | null;
  referrer: string | null;
  /** IANA zone, e.g. "Europe/Amsterdam": the visitor's local time. */
  timeZone: string | null;
  /** When the visitor's widget went away; `null` while they are on the site. */
  leftAt: string | null;
  pages: Array<PageSeen>;
};

/**
 * One chat in detail: the summary, how far the visitor has read (the console shows "Seen"
 * after a reload too), the visitor's earlier chats on this site, newest first, and the
 * visitor's rating of this chat, if they gave one.
 */
export type ChannelDetail = {
  visitorReadSeq: number;
  earlierConversations: Array<EarlierConversation>;
  /** Where the visitor is and came from (`store/visits.rs`). */
  visit: Visit;
  rating: Rating | null;
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
  /**
   * The names of the latest message's files: the inbox shows a file sent without text by its
   * name.
   */
  lastMessageFiles: Array<string>;
  /**
   * While nobody has answered the visitor's latest message: when their first unanswered
   * message came (the Waiting list's order).
   */
  waitingSince: string | null;
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
  /** Trimmed; at most 4000 characters. May be empty with attachments. */
  text: string;
  /** Files uploaded to this chat first (`POST …/attachments`), as the upload answered them. */
  attachments?: Array<AttachmentIn>;
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

/** A new note. Read loosely, so that a wrong type is a 422 naming the field. */
export type NoteBody = {
  /** Trimmed; at most 4000 characters (as a message). */
  text: string;
};

/** A chat's notes, oldest first (the latest 1000). */
export type NoteList = {
  notes: Array<Note>;
};

/** A canned reply to add or change. Read loosely, so that a wrong type is a 400 naming the field. */
export type CannedReplyBody = {
  /**
   * 1–32 characters of `a-z`, `0-9`, `-` and `_` (capitals are taken in lower case); unique
   * in the organisation. What the agent types after `/` in the reply box.
   */
  shortcut: string;
  /**
   * Trimmed; at most 4000 characters (a message's limit). May hold placeholders the console
   * fills when it inserts the reply: `{visitor.name}`, `{agent.name}`, `{domain}`.
   */
  text: string;
};

/** A canned reply. */
export type CannedReply = {
  id: string;
  shortcut: string;
  text: string;
  /** RFC 3339. */
  updatedAt: string;
};

/** The organisation's canned replies, by shortcut, and who may edit them. */
export type CannedReplyList = {
  replies: Array<CannedReply>;
  /** The owner allows agents to edit them (owners always may). */
  agentsMayEdit: boolean;
  /** The account asking may add, change and remove them. */
  canEdit: boolean;
};

/** Whether agents may edit the organisation's canned replies. */
export type CannedSettings = {
  agentsMayEdit: boolean;
};

/** An account as the API shows it (never its password hash). */
export type User = {
  id: string;
  orgId: string;
  email: string;
  name: string;
  role: Role;
  /** The persona the account writes in chats as. */
  personaId: string | null;
  /** RFC 3339. */
  createdAt: string;
};

export type Organisation = {
  id: string;
  name: string;
};

/** Who is logged in: the answer of login, sign-up and `GET /v1/auth/me`. */
export type Session = {
  user: User;
  organisation: Organisation;
  /** Send it as `X-Beckon-CSRF` with every request that changes something. */
  csrfToken: string;
};

/** A login. Missing fields read as empty (a wrong login, 401). */
export type LoginBody = {
  email: string;
  password: string;
};

/** Changing your own password; other sessions end. */
export type PasswordBody = {
  currentPassword: string;
  /** At least 8 characters. */
  newPassword: string;
};

/** Whether this server lets anyone sign up (`--allow-signup`). */
export type SignupState = {
  enabled: boolean;
};

/** A sign-up: a new owner account with an organisation of its own. */
export type SignupBody = {
  email: string;
  name: string;
  /** At least 8 characters. */
  password: string;
  /** The new organisation's name; default "{name}'s organisation". */
  organisation?: string;
};

/** Where a domain's config stands. */
export type ConfigState = {
  draftUpdatedAt: string | null;
  publishedVersion: number | null;
  publishedAt: string | null;
  /** The draft differs from what is published (or nothing is published yet). */
  unpublishedChanges: boolean;
};

/** How a site embeds the domain's published config. */
export type Embed = {
  url: string;
  /** The `<script>` to paste into the site's pages. */
  snippet: string;
  /** How long browsers may reuse the hosted embed (0: they ask on every page view). */
  maxAgeSeconds: number;
};

/** A domain as the owner API answers it. */
export type DomainInfo = {
  id: string;
  name: string;
  aliases: Array<string>;
  /** FREE, STARTER, PRO or UNKNOWN. */
  type: string;
  /** An IANA time zone; null: the visitor's own. */
  timezone: string | null;
  properties: Record<string, unknown>;
  /** RFC 3339. */
  createdAt: string;
  config: ConfigState;
  embed: Embed;
};

export type DomainList = {
  domains: Array<DomainInfo>;
};

/**
 * A new domain, or changes to one (missing fields keep their value). Read field by field, so
 * that a 422 lists every problem with its field.
 */
export type DomainBody = {
  /** A host name (required for a new domain). */
  name?: string;
  aliases?: Array<string>;
  /** FREE, STARTER, PRO or UNKNOWN. */
  type?: string;
  /** An IANA time zone; null: the visitor's own. */
  timezone?: string | null;
  properties?: Record<string, unknown>;
};

/** The saved draft. */
export type SavedConfig = {
  config: Config;
  updatedAt: string;
};

/** A publication. */
export type Published = {
  version: number;
  etag: string;
  publishedAt: string;
  embedUrl: string;
};

/** Events of one name on one UTC day. */
export type DayCount = {
  /** YYYY-MM-DD. */
  day: string;
  event: string;
  count: number;
};

/** Views of a button (`actionId` null) or clicks of one of its actions, on one UTC day. */
export type ItemCount = {
  day: string;
  event: string;
  buttonId: string;
  actionId: string | null;
  count: number;
};

/** Ratings given in a period: how many and their mean score, on the whole and per agent. */
export type RatingStats = {
  count: number;
  /** The mean score (1-5); null without ratings. */
  average: number | null;
  /**
   * Per agent the chat was assigned to when rated, the most rated first (among equals by
   * name); a chat nobody was assigned to counts under `agentId` null.
   */
  agents: Array<AgentRatings>;
};

/** The ratings credited to one agent (or to nobody) in a period. */
export type AgentRatings = {
  /** A user id; null for chats nobody was assigned to (or whose agent was removed since). */
  agentId: string | null;
  /** The agent's name; null with `agentId`. */
  name: string | null;
  count: number;
  /** The mean score (1-5). */
  average: number;
};

/** A domain's statistics over a range of days. */
export type StatsAnswer = {
  domainId: string;
  from: string;
  to: string;
  counts: Array<DayCount>;
  /** Each event name's total over the range. */
  totals: Record<string, number>;
  items: Array<ItemCount>;
  /** The visitors' ratings of the domain's chats given in the range. */
  ratings: RatingStats;
};

export type AccountList = {
  agents: Array<User>;
  notifications: Notifications;
};

/** How this server tells agents about visitors nobody answered (docs/notifications.md). */
export type Notifications = {
  /**
   * Whether the server mails (`--smtp-url`): agents who are not online about visitors'
   * messages nobody read, visitors about replies they did not see.
   */
  email: boolean;
  /** How long a message may wait unread before it is mailed (`--notify-delay-seconds`). */
  delaySeconds: number;
};

/** A new account of the organisation. */
export type NewAgentBody = {
  email: string;
  name: string;
  /** At least 8 characters. */
  password: string;
  /** `agent` (default) or `owner`. */
  role?: Role;
};

/** An account's new password; its sessions end. */
export type ResetPasswordBody = {
  /** At least 8 characters. */
  password: string;
};

/** Who published a version; `id` null once the account is removed. */
export type Publisher = {
  id: string | null;
  name: string;
};

/**
 * One published version; `publishedBy` null when the CLI published it or it predates the
 * history.
 */
export type ConfigVersion = {
  version: number;
  etag: string;
  publishedAt: string;
  publishedBy: Publisher | null;
  /** Whether this is what the embed serves now. */
  current: boolean;
};

export type VersionList = {
  versions: Array<ConfigVersion>;
};

/** One published version with its config. */
export type VersionWithConfig = {
  config: Config;
  version: number;
  etag: string;
  publishedAt: string;
  publishedBy: Publisher | null;
  /** Whether this is what the embed serves now. */
  current: boolean;
};

/** A version made the draft again. */
export type Restored = {
  /** The new draft. */
  config: Config;
  updatedAt: string;
  /** The version it was copied from. */
  restoredFrom: number;
};

/** A page that loaded the embed. */
export type Sighting = {
  host: string;
  /** The page's address as far as the browser told it (often only its origin). */
  url: string;
  seenAt: string;
};

/** The installation check. */
export type Installation = {
  /**
   * The most recent page of the domain's name or an alias that loaded the embed; null until
   * one has.
   */
  installed: Sighting | null;
  /**
   * Pages of other hosts that loaded the embed, most recent first (a typo in the domain
   * name, or the snippet copied to another site).
   */
  unknownHosts: Array<Sighting>;
  embedUrl: string;
};

/** How long a domain keeps ended conversations and their files. */
export type RetentionSetting = {
  /** Days after a conversation ended; `null`: until erased. 1 to 3650. */
  days: number | null;
};

/** Whose data: the e-mail address the visitor gave in the chat's form. */
export type VisitorEmailBody = {
  email: string | null;
};

/** Everything kept about the visitors who gave one e-mail address (GDPR art. 15 and 20). */
export type VisitorExport = {
  email: string;
  /** RFC 3339. */
  exportedAt: string;
  conversations: Array<ExportedConversation>;
  /** Every file uploaded to those conversations (sent in a message or not). */
  files: Array<ExportedFile>;
};

/** One conversation of the visitor's, with every message. */
export type ExportedConversation = {
  id: string;
  /** The site's domain name. */
  site: string;
  status: ChannelStatus;
  createdAt: string;
  endedAt: string | null;
  /** `visitor` or `agent`, while it is ended (`null`: not known). */
  endedBy: string | null;
  /** The latest message or change (RFC 3339). */
  lastActivityAt: string;
  /** What the visitor gave: name, e-mail, address, page, consent. */
  visitor: ExportedVisitor;
  /**
   * What the console shows beside the conversation: the browser and system, country,
   * referrer and time zone when it began, when the visitor left, the pages they saw.
   */
  visit: ExportedVisit;
  /** How far the visitor has read (the message's seq) and when. */
  read: { seq: number; at: string } | null;
  messages: Array<ExportedMessage>;
  /**
   * The agents' private notes on the conversation: the visitor never saw them, yet they are
   * data about the visitor (the owner decides what to hand over: docs/privacy.md).
   */
  notes: Array<ExportedNote>;
  /** The visitor's rating of the conversation. */
  rating: { score: number; comment: string | null; createdAt: string } | null;
  /** When mail went to the visitor about it (kept a day, for the bounds on mail). */
  mailsSentAt: Array<string>;
  /** What the organisation's webhooks were sent about it: the event, the body sent, how it went. */
  webhookDeliveries: Array<ExportedDelivery>;
};

export type ExportedVisitor = {
  name: string;
  email: string | null;
  ip: string | null;
  url: string | null;
  /** When the visitor accepted the legal notices (RFC 3339). */
  consentAt: string | null;
  /** When this visitor was first kept (a returning visitor's first conversation). */
  createdAt: string;
};

export type ExportedVisit = {
  /** The browser's `User-Agent` (browser and system). */
  userAgent: string | null;
  country: string | null;
  referrer: string | null;
  timeZone: string | null;
  leftAt: string | null;
  /** The language the visitor's widget spoke (their mails' language). */
  language: string | null;
  /** The latest first. */
  pages: Array<ExportedPage>;
};

export type ExportedPage = {
  url: string;
  title: string | null;
  seenAt: string;
};

export type ExportedRead = {
  seq: number;
  at: string;
};

export type ExportedDelivery = {
  event: string;
  /** The JSON sent, as it was sent. */
  body: string;
  /** pending, succeeded or failed. */
  status: string;
  createdAt: string;
};

export type ExportedMessage = {
  seq: number;
  /** `visitor` or `agent`. */
  from: string;
  name: string | null;
  text: string;
  attachments: Array<Attachment>;
  createdAt: string;
};

export type ExportedRating = {
  score: number;
  comment: string | null;
  createdAt: string;
};

/** An agent's private note on the conversation. */
export type ExportedNote = {
  /** The agent's name when they wrote it. */
  author: string;
  text: string;
  /** RFC 3339. */
  createdAt: string;
};

/** A file of the visitor's conversations. */
export type ExportedFile = {
  conversationId: string;
  /** `visitor` or `agent`. */
  uploader: string;
  createdAt: string;
  type: string;
  url: string;
  name: string;
  /** Bytes (Beckon's own, beside the spec's three): files uploaded to Beckon have it. */
  size?: number;
};

/** What an erasure removed. */
export type Erased = {
  conversations: number;
  files: number;
};

/** A new webhook. */
export type WebhookBody = {
  /** Where events are POSTed: an https address (http too with `--allow-private-outbound`). */
  url?: string;
  /**
   * Among `conversation.started`, `message.created`, `conversation.ended`,
   * `conversation.rated`; at least one.
   */
  events?: Array<string>;
  /** Only this domain's events (a domain of the organisation); absent or null: every domain. */
  domainId?: string | null;
};

/** A webhook (its secret is shown once, when it is created: [`WebhookCreated`]). */
export type Webhook = {
  id: string;
  url: string;
  events: Array<string>;
  /** Only this domain's events; null: every domain of the organisation. */
  domainId: string | null;
  /** RFC 3339. */
  createdAt: string;
};

/** A webhook just created, with its signing secret: the only answer that shows it. */
export type WebhookCreated = {
  webhook: Webhook;
  /** `whsec_` + base64: verify each delivery's `webhook-signature` with it (Standard Webhooks). */
  secret: string;
};

export type WebhookList = {
  webhooks: Array<Webhook>;
  /** The events a webhook may subscribe to. */
  events: Array<string>;
};

/**
 * Where a delivery stands: `pending` (being tried), `succeeded` (a 2xx), `failed` (retried
 * for 24 hours without one).
 */
export type DeliveryStatus = "pending" | "succeeded" | "failed";

/** One event sent (or being sent) to a webhook. */
export type WebhookDelivery = {
  /** The `webhook-id` header of every attempt. */
  id: string;
  /** The event type (`webhook.test` for a test event). */
  type: string;
  status: DeliveryStatus;
  attempts: number;
  /** The HTTP status the endpoint last answered; null: no answer (yet). */
  responseCode: number | null;
  /** What went wrong last, if anything. */
  lastError: string | null;
  /** RFC 3339. */
  lastAttemptAt: string | null;
  /** RFC 3339; null once it succeeded or failed. */
  nextAttemptAt: string | null;
  createdAt: string;
};

/** A webhook's deliveries, newest first (the log keeps the last 100). */
export type WebhookDeliveryList = {
  deliveries: Array<WebhookDelivery>;
};
