// A conversation's messages: merged by seq so a live message, a resync and a reply's answer
// never show twice or out of order.
import type { Message } from "../api/types";
import type { Translate } from "../i18n/locale";

export function mergeMessages(current: Message[], incoming: Message[]): Message[] {
  const bySeq = new Map<number, Message>();
  for (const m of current) bySeq.set(m.seq, m);
  for (const m of incoming) bySeq.set(m.seq, m);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

export function lastSeqOf(messages: Message[]): number {
  return messages.length ? messages[messages.length - 1].seq : 0;
}

/** Who wrote a message, as the console says it: "You", a colleague's name, or the visitor's label. */
export function senderLabel(m: Message, myPersonaId: string | null | undefined, visitorLabel: string, t: Translate): string {
  if (m.sender.type === "ChatClient") return visitorLabel;
  return myPersonaId && m.sender.id === myPersonaId ? t("thread.you") : (m.sender.name ?? "");
}

/** The seq of the latest message `personaId` sent, 0 when none is held (the one that says "Seen"). */
export function lastSeqFrom(messages: Message[], personaId: string | null | undefined): number {
  if (!personaId) return 0;
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i].sender.id === personaId) return messages[i].seq;
  return 0;
}

/**
 * A live message that skips some of a loaded conversation: the ones between were lost on the way
 * (with several server instances, a Redis blip drops events), so the conversation reloads.
 */
export function missedBefore(messages: Message[], m: Message): boolean {
  return m.seq > lastSeqOf(messages) + 1;
}

/** A message id the server de-duplicates re-sends on. */
export function newClientId(): string {
  return `console-${crypto.randomUUID()}`;
}

// The message limit is the widget's (one piece of code for both boxes); the console words its
// warning in its own language (composer.tooLong).
export { charactersOver, MAX_MESSAGE_CHARS } from "@beckon/widget";
