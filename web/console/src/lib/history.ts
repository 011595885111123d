// Which part of a chat's history the console fetches. A conversation opens on its latest page and
// fetches earlier pages as the agent scrolls up, so a chat of thousands of messages opens as fast
// as a short one. The history API (GET /api/v1/agent/channels/{id}/messages) takes `after` and
// `limit` only; sequence numbers run 1, 2, 3 … without gaps (docs/realtime.md), so "the latest
// page" and "the page before the first message held" are both `after` ranges.
import type { Message } from "../api/types";
import { lastSeqOf, mergeMessages } from "./messages";

/** Messages per page: the latest on opening, then this many more each time the agent reaches the top. */
export const HISTORY_PAGE = 200;
/** The most the server answers at once (MAX_HISTORY in crates/server/src/api/http/chat.rs). */
export const MAX_HISTORY = 1000;

export type HistoryQuery = { after: number; limit: number };

/**
 * The latest page of a chat whose last message is `lastSeq`, and whatever arrived since the chat
 * was read (up to the server's limit), so that a message sent meanwhile is not cut off.
 */
export function latestPage(lastSeq: number): HistoryQuery {
  return { after: Math.max(0, lastSeq - HISTORY_PAGE), limit: MAX_HISTORY };
}

/** The page just before the first message held; null when the conversation's first message is held. */
export function earlierPage(messages: Message[]): HistoryQuery | null {
  if (holdsStart(messages)) return null;
  const before = messages[0].seq - 1;
  const after = Math.max(0, before - HISTORY_PAGE);
  return { after, limit: before - after };
}

/** Whether the conversation's first message is held (or there is nothing to hold). */
export function holdsStart(messages: Message[]): boolean {
  return messages.length === 0 || messages[0].seq <= 1;
}

/**
 * What to fetch to catch up with a chat whose last message is now `lastSeq`: what follows the
 * last message held, or, when nothing is held or more is missing than one answer brings, the
 * latest page afresh (`fresh`: it replaces what is held, see withFreshPage).
 */
export function catchUp(messages: Message[], lastSeq: number): HistoryQuery & { fresh: boolean } {
  const held = lastSeqOf(messages);
  if (messages.length === 0 || lastSeq - held > MAX_HISTORY) return { ...latestPage(lastSeq), fresh: true };
  return { after: held, limit: MAX_HISTORY, fresh: false };
}

/**
 * A fresh latest page in place of what was held: held messages that continue the page are kept
 * (a live message that arrived while the page was on its way); the rest is dropped, so that what
 * is held never has a hole.
 */
export function withFreshPage(held: Message[], page: Message[]): Message[] {
  if (page.length === 0) return held;
  const merged = mergeMessages(
    held.filter((m) => m.seq >= page[0].seq),
    page,
  );
  const hole = merged.findIndex((m, i) => i > 0 && m.seq !== merged[i - 1].seq + 1);
  return hole < 0 ? merged : merged.slice(0, hole);
}

/**
 * Whether nobody of the team has answered yet (the visitor is still waiting). Only said when the
 * whole conversation is held: an answer may be in a page not fetched.
 */
export function knownUnanswered(messages: Message[]): boolean {
  return holdsStart(messages) && messages.every((m) => m.sender.type === "ChatClient");
}
