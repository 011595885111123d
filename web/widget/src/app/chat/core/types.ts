// Wire shapes of the public chat API (spec §3.3, §7) and of the realtime protocol
// (docs/realtime.md), as the widget reads them.

/** The visitor's persona as stored in the browser and sent when a chat is created (spec §3.3). */
export type ClientPersona = {
  name: string;
  email: string;
  ip?: string | null;
  url?: string | null;
  /** Unix ms when the legal notices were accepted; 0 when not accepted. */
  legalNoticeAccepted: number;
};

/** Sender of a message: the visitor (ChatClient) or someone of the site (agent personas). */
export type Sender = {
  id: string;
  type: string | null;
  name: string | null;
  avatarUrl: string | null;
};

export type Attachment = { type: string; url: string; name?: string };

/** A stored message, as history and the realtime `chat-message` deliver it. */
export type ChatMessage = {
  id: string;
  seq: number;
  clientId?: string | null;
  text: string;
  sender: Sender;
  attachments: Attachment[];
  /** ISO-8601. */
  createdAt: string;
};

/** A channel property value: a string, or an object such as `{link, text}`. */
export type PropertyValue = string | number | boolean | null | { [k: string]: unknown };

export type Channel = {
  id: string;
  domainId?: string;
  status?: string;
  lastSeq?: number;
  /** The domain's `chat-*` properties (legal notice …). */
  properties?: Record<string, PropertyValue>;
};

/** Answer of the channel GET and the channel POST. */
export type ChannelResponse = {
  channel: Channel;
  chatClientPersona: { id: string } & Partial<ClientPersona>;
};

export type HistoryResponse = {
  messages: ChatMessage[];
  personas: Sender[];
  lastSeq?: number;
};

export const CLIENT_TYPE = "ChatClient";

/** True for messages of the site's side (agent personas), false for the visitor's own. */
export const isAgentSender = (s: Sender | null | undefined, myPersonaId?: string | null): boolean =>
  !!s && s.type !== CLIENT_TYPE && (!myPersonaId || s.id !== myPersonaId);
