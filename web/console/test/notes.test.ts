import { describe, expect, it } from "vitest";
import type { Message, Note } from "../src/api/types";
import { mergeNotes, threadItems } from "../src/lib/notes";

const at = (minute: number) => new Date(Date.UTC(2026, 10, 28, 9) + minute * 60_000).toISOString();

function message(seq: number, minute = seq): Message {
  return { id: `m${seq}`, seq, clientId: `k${seq}`, text: `m${seq}`, sender: { id: "p1", type: "ChatClient", name: "Ann", avatarUrl: null }, attachments: [], createdAt: at(minute) };
}
function note(id: string, minute: number): Note {
  return { id, text: id, author: { name: "Ada", id: "u1" }, createdAt: at(minute) };
}
const labels = (items: ReturnType<typeof threadItems>["items"]) => items.map((r) => (r.message ? `m${r.message.seq}` : r.note.id));

describe("notes in a thread", () => {
  it("interleaves notes with messages by time, a message first at the same time", () => {
    const { items, firstIndex } = threadItems([message(1), message(2), message(3)], [note("a", 1), note("b", 2.5), note("c", 9)]);
    expect(labels(items)).toEqual(["m1", "a", "m2", "b", "m3", "c"]);
    expect(firstIndex).toBe(1);
  });

  it("shows notes alone in a chat without messages", () => {
    expect(labels(threadItems([], [note("a", 1)]).items)).toEqual(["a"]);
    expect(threadItems([], []).firstIndex).toBe(1);
  });

  it("keeps notes written before the first held message for later, and counts them in the first index", () => {
    // Messages 101–103 held of a longer chat; two notes came before 101, one after.
    const messages = [message(101), message(102), message(103)];
    const notes = [note("old1", 4.5), note("old2", 50), note("new", 102)];
    const { items, firstIndex } = threadItems(messages, notes);
    expect(labels(items)).toEqual(["m101", "m102", "new", "m103"]);
    expect(firstIndex).toBe(103);
    // The page before arrives (messages 1–100): the first index drops by exactly the rows added.
    const earlier = Array.from({ length: 100 }, (_, i) => message(i + 1));
    const all = threadItems([...earlier, ...messages], notes);
    expect(all.firstIndex).toBe(1);
    expect(all.items.length - items.length).toBe(firstIndex - all.firstIndex);
    expect(labels(all.items).slice(3, 6)).toEqual(["m4", "old1", "m5"]);
  });

  it("merges a live note and the list's copy into one, in writing order", () => {
    const a = note("a", 1);
    const b = note("b", 2);
    expect(mergeNotes([b], [a, b]).map((n) => n.id)).toEqual(["a", "b"]);
  });
});
