import { describe, expect, it } from "vitest";
import type { Message, PersonaType } from "../src/api/types";
import { catchUp, earlierPage, HISTORY_PAGE, holdsStart, knownUnanswered, latestPage, MAX_HISTORY, withFreshPage } from "../src/lib/history";

function message(seq: number, type: PersonaType = "ChatClient"): Message {
  return { id: `m${seq}`, seq, clientId: `k${seq}`, text: `m${seq}`, sender: { id: "p1", type, name: "Ann", avatarUrl: null }, attachments: [], createdAt: "2026-11-22T07:00:00.000Z" };
}

/** Messages from..to (seq), all the visitor's. */
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => message(from + i));
const seqs = (list: Message[]) => list.map((m) => m.seq);

describe("a long conversation's pages", () => {
  it("opens on the latest page, and takes whatever arrived meanwhile", () => {
    expect(latestPage(5000)).toEqual({ after: 5000 - HISTORY_PAGE, limit: MAX_HISTORY });
    expect(latestPage(12)).toEqual({ after: 0, limit: MAX_HISTORY });
    expect(latestPage(0)).toEqual({ after: 0, limit: MAX_HISTORY });
  });

  it("fetches the page just before the first message held, down to the first", () => {
    expect(earlierPage(range(4801, 5000))).toEqual({ after: 4800 - HISTORY_PAGE, limit: HISTORY_PAGE });
    // Less than a page left: the rest, no more.
    expect(earlierPage(range(51, 300))).toEqual({ after: 0, limit: 50 });
    expect(earlierPage(range(1, 300))).toBeNull();
    expect(earlierPage([])).toBeNull();
  });

  it("knows when the start is held", () => {
    expect(holdsStart([])).toBe(true);
    expect(holdsStart(range(1, 3))).toBe(true);
    expect(holdsStart(range(2, 3))).toBe(false);
  });

  it("catches up from the last message held, or afresh when too much is missing", () => {
    expect(catchUp(range(4801, 5000), 5003)).toEqual({ after: 5000, limit: MAX_HISTORY, fresh: false });
    expect(catchUp(range(4801, 5000), 5000 + MAX_HISTORY)).toEqual({ after: 5000, limit: MAX_HISTORY, fresh: false });
    expect(catchUp(range(4801, 5000), 5001 + MAX_HISTORY)).toEqual({ ...latestPage(5001 + MAX_HISTORY), fresh: true });
    expect(catchUp([], 5000)).toEqual({ ...latestPage(5000), fresh: true });
  });

  it("a fresh page keeps live messages that continue it, and never leaves a hole", () => {
    // A live message (201) came while the page (1-200) was on its way.
    expect(seqs(withFreshPage([message(201)], range(1, 200)))).toEqual(seqs(range(1, 201)));
    // Older messages held before the fresh page are dropped, and so is one after a gap.
    expect(seqs(withFreshPage([...range(1, 10), message(2005)], range(1801, 2000)))).toEqual(seqs(range(1801, 2000)));
    expect(seqs(withFreshPage(range(1, 3), []))).toEqual([1, 2, 3]);
  });
});

describe("an unanswered chat", () => {
  it("is said to be unanswered only when all of it is held and nobody of the team wrote", () => {
    expect(knownUnanswered([])).toBe(true);
    expect(knownUnanswered(range(1, 3))).toBe(true);
    expect(knownUnanswered([...range(1, 2), message(3, "ChatAgentPersona")])).toBe(false);
    // Earlier pages not fetched may hold an answer.
    expect(knownUnanswered(range(201, 400))).toBe(false);
  });
});
