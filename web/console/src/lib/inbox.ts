// The inbox's pure rules: which tab a chat belongs to, newest activity first, and how a live
// event changes a listed chat. The components only render what these return.
import type { Channel, Message } from "../api/types";
import type { Translate } from "../i18n/locale";
import { fullTime } from "./time";

export type InboxFilter = "unassigned" | "waiting" | "mine" | "open" | "ended";

/** The inbox's tabs, in order; each is named by "inbox.<id>" in the console's catalogue. */
export const FILTERS: { id: InboxFilter }[] = [{ id: "unassigned" }, { id: "waiting" }, { id: "mine" }, { id: "open" }, { id: "ended" }];

export function inFilter(c: Channel, filter: InboxFilter, myId: string): boolean {
  switch (filter) {
    case "unassigned":
      return c.status === "open" && c.assignedAgentId === null;
    case "waiting":
      return c.status === "open" && c.waitingSince !== null;
    case "mine":
      return c.status === "open" && c.assignedAgentId === myId;
    case "open":
      return c.status === "open";
    case "ended":
      return c.status === "ended";
  }
}

/**
 * The tab that lists `c` now, when the tab on screen (`filter`) no longer does: the first of
 * FILTERS that holds it (Mine for a chat the agent's reply just claimed), Waiting last (it cuts
 * across the others: an agent who assigns an unanswered chat follows it to All open). Null while
 * it is listed.
 */
export function tabNowHolding(c: Channel, filter: InboxFilter, myId: string): InboxFilter | null {
  if (inFilter(c, filter, myId)) return null;
  const order = [...FILTERS.filter((f) => f.id !== "waiting"), ...FILTERS.filter((f) => f.id === "waiting")];
  return order.find((f) => inFilter(c, f.id, myId))?.id ?? null;
}

/** What the agent is told when the chat on screen moved to another tab, and why. */
export function movedNotice(to: InboxFilter, t: Translate): string {
  return t(to === "mine" ? "chatList.movedMine" : "chatList.moved", { tab: t(`inbox.${to}`) });
}

/** Visitor name or e-mail contains the query (case-insensitive), as the server's `q` does. */
export function matchesSearch(c: Channel, q: string): boolean {
  const needle = q.trim().toLowerCase();
  if (!needle) return true;
  return [c.visitor.name, c.visitor.email].some((v) => v?.toLowerCase().includes(needle));
}

export function byNewestActivity(a: Channel, b: Channel): number {
  return b.lastActivityAt.localeCompare(a.lastActivityAt) || b.id.localeCompare(a.id);
}

/** The visitor who has waited longest for an answer first (the Waiting tab's order, as the server's). */
export function byLongestWaiting(a: Channel, b: Channel): number {
  return (a.waitingSince ?? "").localeCompare(b.waitingSince ?? "") || a.id.localeCompare(b.id);
}

/** The order a tab lists its chats in. */
export const orderOf = (filter: InboxFilter) => (filter === "waiting" ? byLongestWaiting : byNewestActivity);

/** What the inbox says of a chat's latest message: its text, else its files by name, else "No message yet". */
export function previewOf(c: Pick<Channel, "lastMessageText" | "lastMessageFiles">, t: Translate): string {
  const text = c.lastMessageText?.trim();
  if (text) return text;
  const [first, ...more] = c.lastMessageFiles ?? [];
  if (first === undefined) return t("inbox.noMessage");
  return more.length ? t("inbox.lastFiles", { name: first, count: more.length }) : t("inbox.lastFile", { name: first });
}

/**
 * Whether the "moved to {tab}" notice still has something to say: only while the chat it is about
 * is in the list beside it (it goes when that chat ended, or the list is empty).
 */
export function noticeStands(channelId: string | null, list: Pick<Channel, "id">[]): boolean {
  return channelId !== null && list.some((c) => c.id === channelId);
}

/** The list with `c` put in (replacing the same id), sorted newest activity first. */
export function upsertChannel(list: Channel[], c: Channel): Channel[] {
  return [...list.filter((x) => x.id !== c.id), c].sort(byNewestActivity);
}

/** A chat after one of its messages arrived live. `seen`: the agent is looking at it. */
export function withMessage(c: Channel, m: Message, fromVisitor: boolean, seen: boolean): Channel {
  if (m.seq <= c.lastSeq && c.lastMessageText !== null) return c; // already counted
  return {
    ...c,
    lastSeq: Math.max(c.lastSeq, m.seq),
    lastActivityAt: m.createdAt > c.lastActivityAt ? m.createdAt : c.lastActivityAt,
    lastMessageText: m.text,
    lastMessageFiles: (m.attachments ?? []).flatMap((a) => (a.name?.trim() ? [a.name] : [])),
    // The visitor waits from their first message after an agent's; an agent's answer ends it.
    waitingSince: fromVisitor ? (c.waitingSince ?? m.createdAt) : null,
    unread: fromVisitor && !seen ? c.unread + 1 : seen ? 0 : c.unread,
  };
}

export function unreadTotal(list: Channel[]): number {
  return list.reduce((n, c) => n + (c.status === "open" ? c.unread : 0), 0);
}

/** "Ann", else her e-mail, else "Visitor". */
export function visitorLabel(c: Channel, t: Translate): string {
  return c.visitor.name?.trim() || c.visitor.email?.trim() || t("conversation.visitor");
}

/** "Ended by Ann (the visitor) on …", "Ended by you on …", "Ended by Ada on …"; when unknown, "Ended on …". */
export function endedLine(c: Channel, myPersonaId: string | null | undefined, t: Translate, locale?: string): string {
  const by = c.endedBy;
  const time = fullTime(c.endedAt, locale);
  if (!by) return t("conversation.endedOn", { time });
  if (by.personaId === c.visitor.id) return t("conversation.endedByVisitor", { name: visitorLabel(c, t), time });
  if (by.personaId === myPersonaId) return t("conversation.endedByYou", { time });
  const name = by.name?.trim();
  return name ? t("conversation.endedBy", { name, time }) : t("conversation.endedByAgent", { time });
}
