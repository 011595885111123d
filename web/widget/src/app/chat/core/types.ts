// Wire shapes of the public chat API (spec §3.3, §7) and of the realtime protocol
// (docs/realtime.md), as the widget reads them: generated from the server's Rust wire types
// (`wire.gen.ts`, `cargo run -p beckon-server --bin gen-wire`), under the names the chat code uses.

import type {
  Channel as WireChannel,
  ChannelAnswer,
  History,
  Message,
  NewChat,
  PublicPersona,
} from "./wire.gen";

export type { Attachment, ChannelStatus, PersonaType } from "./wire.gen";

/** The visitor's persona as stored in the browser and sent when a chat is created (spec §3.3). */
export type ClientPersona = Omit<NewChat, "personaId" | "legalNoticeAccepted"> & {
  /** Unix ms when the legal notices were accepted; 0 when not accepted. */
  legalNoticeAccepted: number;
};

/** Sender of a message: the visitor (ChatClient) or someone of the site (agent personas). */
export type Sender = PublicPersona;

/** A stored message, as history and the realtime `chat-message` deliver it. */
export type ChatMessage = Message;

/** A channel property value: a string, or an object such as `{link, text}`. */
export type PropertyValue = string | number | boolean | null | { [k: string]: unknown };

/** The channel, its `chat-*` properties (legal notice …) read as property values. */
export type Channel = Omit<WireChannel, "properties"> & { properties: Record<string, PropertyValue> };

/** Answer of the channel GET and the channel POST. */
export type ChannelResponse = Omit<ChannelAnswer, "channel"> & { channel: Channel };

export type HistoryResponse = History;

export const CLIENT_TYPE = "ChatClient";

/** True for messages of the site's side (agent personas), false for the visitor's own. */
export const isAgentSender = (s: Sender | null | undefined, myPersonaId?: string | null): boolean =>
  !!s && s.type !== CLIENT_TYPE && (!myPersonaId || s.id !== myPersonaId);
