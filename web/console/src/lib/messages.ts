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

// The message limit and its warning are the widget's (one piece of code for both boxes).
export { charactersOver, MAX_MESSAGE_CHARS, tooLongText } from "@beckon/widget";

/** Whether anyone of the team has written in the chat yet (an unanswered chat's visitor is still waiting). */
export function answered(messages: Message[]): boolean {
  return messages.some((m) => m.sender.type !== "ChatClient");
}
