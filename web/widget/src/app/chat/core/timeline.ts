// One ordered list of what the chat window shows: stored messages (history and live, merged by
// sequence number so a message is never shown twice), the visitor's pending messages after them,
// and system lines. Plus the rules around it: timestamps (spec §4.5), the unread counter and which
// message to acknowledge.
import { isAgentSender, type ChatMessage } from "./types";
import { emit, set } from "./session/step";
import type { Pending, Step } from "./session/types";
import type { ClientFrame } from "./wire.gen";

/** A timestamp shows when this much time passed since the previous message (spec §9). */
export const TIMESTAMP_GAP_MS = 60_000;

/**
 * Adds messages to a list ordered by seq. A message whose seq or id is already there replaces
 * nothing and is not added again. Returns the same array when nothing changed.
 */
export function mergeMessages(list: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  if (!incoming.length) return list;
  const bySeq = new Map<number, ChatMessage>();
  const ids = new Set<string>();
  for (const m of list) {
    bySeq.set(m.seq, m);
    ids.add(m.id);
  }
  let added = false;
  for (const m of incoming) {
    if (!m || typeof m.seq != "number" || bySeq.has(m.seq) || ids.has(m.id)) continue;
    bySeq.set(m.seq, m);
    ids.add(m.id);
    added = true;
  }
  if (!added) return list;
  return Array.from(bySeq.values()).sort((a, b) => a.seq - b.seq);
}

/** Highest seq in the list (0 when empty). */
export const lastSeq = (list: ChatMessage[]): number => (list.length ? list[list.length - 1].seq : 0);

/**
 * A live message that skips some: the ones between were lost on the way (with several server
 * instances, a Redis blip drops events). The client then resumes from what it has, not from this.
 */
export const missedBefore = (list: ChatMessage[], m: ChatMessage): boolean => m.seq > lastSeq(list) + 1;

export type Entry =
  | {
      kind: "message";
      key: string;
      message: ChatMessage;
      /** From the site's side (shown on the agent side). */
      agent: boolean;
      time: number;
      showTime: boolean;
    }
  | {
      kind: "pending";
      key: string;
      pending: Pending;
      agent: false;
      time: number;
      showTime: boolean;
    };

const timeOf = (iso: string): number => {
  const t = Date.parse(iso);
  return isNaN(t) ? 0 : t;
};

/** Spec §4.5: a timestamp when ≥ 60 s passed since the previous message or the sender changed. */
export function showTimestamp(
  prev: { time: number; senderKey: string } | undefined,
  cur: { time: number; senderKey: string },
): boolean {
  return !prev || cur.time - prev.time >= TIMESTAMP_GAP_MS || cur.senderKey != prev.senderKey;
}

/**
 * The list the window draws: stored messages, then pending ones of the visitor that are not
 * stored yet (a pending message whose client id is already stored is left out).
 */
export function buildTimeline(messages: ChatMessage[], pending: Pending[], myPersonaId: string | null): Entry[] {
  const out: Entry[] = [];
  const stored = new Set<string>();
  let prev: { time: number; senderKey: string } | undefined;
  const me = "me";
  for (const m of messages) {
    if (m.clientId) stored.add(m.clientId);
    const agent = isAgentSender(m.sender, myPersonaId);
    const cur = { time: timeOf(m.createdAt), senderKey: agent ? "a:" + (m.sender && m.sender.id) : me };
    out.push({ kind: "message", key: "m:" + m.id, message: m, agent, time: cur.time, showTime: showTimestamp(prev, cur) });
    prev = cur;
  }
  for (const p of pending) {
    if (stored.has(p.clientId)) continue;
    const cur = { time: p.createdAt, senderKey: me };
    out.push({ kind: "pending", key: "p:" + p.clientId, pending: p, agent: false, time: p.createdAt, showTime: showTimestamp(prev, cur) });
    prev = cur;
  }
  return out;
}

/**
 * The message to acknowledge (`client-action` `message-ack`): the last received one from the
 * site's side when it is newer than the last acknowledged seq; undefined otherwise.
 */
export function ackTarget(messages: ChatMessage[], myPersonaId: string | null, ackedSeq: number): ChatMessage | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m.seq <= ackedSeq) return undefined;
    if (isAgentSender(m.sender, myPersonaId)) return m;
  }
  return undefined;
}

/** The frame that acknowledges a message. */
export const ackFrame = (m: ChatMessage): ClientFrame => ({
  op: "client-action",
  action: "message-ack",
  data: { id: m.id, seq: m.seq },
});

/**
 * Unread agent messages: counted while the window is closed or the tab hidden, reset when the
 * visitor sees the chat again. A step of the session's reducer: the count is the view's `unread`;
 * each change is told (`unread`), with the message that raised it when it came live while the
 * window was closed.
 */
export function countUnread(c: Step, n: number, arrived?: ChatMessage): void {
  if (n == c.s.unread) return;
  set(c, { unread: n });
  emit(c, { fx: "unread", count: n, arrived });
}

/** A message arrived: one more unread when it is the site's and the visitor is not looking. */
export function unreadAdd(c: Step, m: ChatMessage, arrived?: ChatMessage): void {
  if (!c.s.seen && isAgentSender(m.sender, c.s.personaId)) countUnread(c, c.s.unread + 1, arrived);
}
