// The chat's localStorage keys (spec §9): written by the app (app/chat/core/storage.ts), read by
// the extras chunk to resume a stored open chat (loader/chat-resume.ts).
export const KEYS = {
  persona: "cnb.chat.persona",
  channelId: "cnb.chat.channel-id",
  personaId: "cnb.chat.persona-id",
  legalNoticeAccepted: "cnb.chat.legal-notice-accepted",
  /** Beckon's own: the seq of the last agent message the visitor saw (unread count after a reload). */
  readSeq: "cnb.chat.read-seq",
} as const;
