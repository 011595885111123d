// Private notes in a chat's thread: agents' notes to each other, interleaved with the messages by
// time. The thread is virtualised with item indexes that are places in the whole conversation
// (MessageThread.tsx: putting earlier rows above must lower the first index by exactly the rows
// added), so a row's index is its place among all the chat's messages and notes: a message's is
// its seq plus the notes written before it. The notes are fetched whole with the chat (the
// latest 1000), so that place is known before the messages before it are.
import type { Message, Note } from "../api/types";
import { holdsStart } from "./history";

export type ThreadItem = { message: Message; note?: undefined } | { note: Note; message?: undefined };

const time = (iso: string) => Date.parse(iso);

/** Whether the note comes before the message (written earlier; at the same millisecond, the message first). */
const noteFirst = (n: Note, m: Message) => time(n.createdAt) < time(m.createdAt);

/** Notes merged by id (a live note and the list's copy are one), in the order they were written. */
export function mergeNotes(current: Note[], incoming: Note[]): Note[] {
  const byId = new Map<string, Note>();
  for (const n of [...current, ...incoming]) byId.set(n.id, n);
  return [...byId.values()].sort((a, b) => time(a.createdAt) - time(b.createdAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * The thread's rows (the held messages and the notes among them, by time) and the index of the
 * first. Notes written before the first held message wait above it until the messages around them
 * are held (the start of the chat: all of them).
 */
export function threadItems(messages: Message[], notes: Note[]): { items: ThreadItem[]; firstIndex: number } {
  const start = holdsStart(messages);
  const first = messages[0];
  const shown = start || !first ? notes : notes.filter((n) => !noteFirst(n, first));
  const items: ThreadItem[] = [];
  let i = 0;
  for (const message of messages) {
    while (i < shown.length && noteFirst(shown[i], message)) items.push({ note: shown[i++] });
    items.push({ message });
  }
  while (i < shown.length) items.push({ note: shown[i++] });
  const firstIndex = start || !first ? 1 : first.seq + notes.filter((n) => noteFirst(n, first)).length;
  return { items, firstIndex };
}
