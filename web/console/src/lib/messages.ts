// A conversation's messages: merged by seq so a live message, a resync and a reply's answer
// never show twice or out of order.
import type { Message } from "../api/types";

export function mergeMessages(current: Message[], incoming: Message[]): Message[] {
  const bySeq = new Map<number, Message>();
  for (const m of current) bySeq.set(m.seq, m);
  for (const m of incoming) bySeq.set(m.seq, m);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

export function lastSeqOf(messages: Message[]): number {
  return messages.length ? messages[messages.length - 1].seq : 0;
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

/** The server's limit on a message, for visitors and agents alike (crates/server/src/limits.rs). */
export const MAX_MESSAGE_CHARS = 4000;

/** How many characters a draft is over the limit once trimmed, as the server counts them (0: fits). */
export function charactersOver(draft: string): number {
  return Math.max(0, [...draft.trim()].length - MAX_MESSAGE_CHARS);
}
