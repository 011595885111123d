import { describe, expect, it } from "vitest";
import type { Channel, Message, PersonaType } from "../src/api/types";
import { endedLine, inFilter, matchesSearch, movedNotice, noticeStands, orderOf, previewOf, tabNowHolding, unreadTotal, upsertChannel, visitorLabel, withMessage } from "../src/lib/inbox";
import { waitedText } from "../src/lib/time";
import { charactersOver, mergeMessages, missedBefore } from "../src/lib/messages";
import { tabTitle } from "../src/lib/title";
import { shortTime } from "../src/lib/time";
import { reconnectDelay } from "../src/lib/backoff";
import { translate } from "../src/i18n/index";
import type { Translate } from "../src/i18n/locale";

const en: Translate = (key, vars) => translate("en", key, vars);
const de: Translate = (key, vars) => translate("de", key, vars);

function channel(over: Partial<Channel> = {}): Channel {
  return {
    id: "c1",
    domainId: "d1",
    domainName: "shop.example.com",
    status: "open",
    createdAt: "2026-11-22T07:00:00.000Z",
    lastActivityAt: "2026-11-22T07:00:00.000Z",
    endedAt: null,
    endedBy: null,
    lastSeq: 0,
    assignedAgentId: null,
    unread: 0,
    lastMessageText: null,
    lastMessageFiles: [],
    waitingSince: null,
    visitor: { id: "p1", name: "Ann", email: "ann@example.com", ip: null, url: null, consentAt: null, firstSeenAt: "", lastSeenAt: "" },
    ...over,
  };
}

function message(seq: number, text = `m${seq}`, type: PersonaType = "ChatClient"): Message {
  return { id: `m${seq}`, seq, clientId: `k${seq}`, text, sender: { id: "p1", type, name: "Ann", avatarUrl: null }, attachments: [], createdAt: `2026-11-22T07:0${seq}:00.000Z` };
}

describe("inbox tabs", () => {
  it("puts each chat in the tabs an agent expects", () => {
    const unassigned = channel();
    const mine = channel({ assignedAgentId: "me" });
    const theirs = channel({ assignedAgentId: "bob" });
    const ended = channel({ status: "ended", assignedAgentId: "me" });
    expect([unassigned, mine, theirs, ended].map((c) => inFilter(c, "unassigned", "me"))).toEqual([true, false, false, false]);
    expect([unassigned, mine, theirs, ended].map((c) => inFilter(c, "mine", "me"))).toEqual([false, true, false, false]);
    expect([unassigned, mine, theirs, ended].map((c) => inFilter(c, "open", "me"))).toEqual([true, true, true, false]);
    expect([unassigned, mine, theirs, ended].map((c) => inFilter(c, "ended", "me"))).toEqual([false, false, false, true]);
  });

  it("searches name and e-mail, case-insensitively", () => {
    expect(matchesSearch(channel(), "ANN@")).toBe(true);
    expect(matchesSearch(channel(), "bob")).toBe(false);
    expect(matchesSearch(channel({ visitor: { ...channel().visitor, name: null, email: null } }), "x")).toBe(false);
    expect(matchesSearch(channel(), "  ")).toBe(true);
  });

  it("keeps the newest activity first and replaces a chat instead of doubling it", () => {
    const a = channel({ id: "a", lastActivityAt: "2026-11-22T07:01:00.000Z" });
    const b = channel({ id: "b", lastActivityAt: "2026-11-22T07:02:00.000Z" });
    let list = upsertChannel(upsertChannel([], a), b);
    expect(list.map((c) => c.id)).toEqual(["b", "a"]);
    list = upsertChannel(list, { ...a, lastActivityAt: "2026-11-22T07:03:00.000Z" });
    expect(list.map((c) => c.id)).toEqual(["a", "b"]);
  });
});

describe("the Waiting tab", () => {
  it("holds open chats nobody has answered, the longest waiting first", () => {
    const early = channel({ id: "early", waitingSince: "2026-11-22T06:00:00.000Z", lastActivityAt: "2026-11-22T07:05:00.000Z" });
    const late = channel({ id: "late", waitingSince: "2026-11-22T07:00:00.000Z", lastActivityAt: "2026-11-22T07:01:00.000Z" });
    const answered = channel({ id: "answered" });
    const ended = channel({ id: "ended", status: "ended", waitingSince: "2026-11-22T05:00:00.000Z" });
    const listed = [late, answered, ended, early].filter((c) => inFilter(c, "waiting", "me")).sort(orderOf("waiting"));
    expect(listed.map((c) => c.id)).toEqual(["early", "late"]);
    expect([late, early].sort(orderOf("open")).map((c) => c.id)).toEqual(["early", "late"]); // newest activity
  });

  it("starts a wait with the visitor's first unanswered message and ends it with an agent's", () => {
    const c = channel({ lastSeq: 1, lastMessageText: "m1" });
    const asked = withMessage(c, message(2, "price?"), true, false);
    expect(asked.waitingSince).toBe("2026-11-22T07:02:00.000Z");
    expect(withMessage(asked, message(3), true, false).waitingSince).toBe("2026-11-22T07:02:00.000Z");
    expect(withMessage(asked, message(3, "10 €", "ChatAgentPersona"), false, false).waitingSince).toBeNull();
  });

  it("is where a chat moves only when no other tab holds it", () => {
    const asked = channel({ waitingSince: "2026-11-22T07:02:00.000Z", assignedAgentId: "bob" });
    expect(tabNowHolding(asked, "unassigned", "me")).toBe("open");
    expect(tabNowHolding(channel({ waitingSince: "2026-11-22T07:02:00.000Z", status: "ended" }), "unassigned", "me")).toBe("ended");
  });

  it("says how long in few words", () => {
    const now = new Date("2026-11-22T12:00:00.000Z");
    expect(waitedText("2026-11-22T11:59:30.000Z", now, en)).toBe("just now");
    expect(waitedText("2026-11-22T11:48:00.000Z", now, en)).toBe("12 min");
    expect(waitedText("2026-11-22T09:00:00.000Z", now, en)).toBe("3 h");
    expect(waitedText("2026-11-22T08:55:00.000Z", now, en)).toBe("3 h 5 min");
    expect(waitedText("2026-11-21T11:00:00.000Z", now, en)).toBe("1 day");
    expect(waitedText("2026-11-20T11:00:00.000Z", now, en)).toBe("2 days");
    expect(waitedText("2026-11-22T08:55:00.000Z", now, de)).toBe("3 Std. 5 Min.");
    expect(waitedText("2026-11-20T11:00:00.000Z", now, de)).toBe("2 Tage");
  });
});

describe("live messages", () => {
  it("counts a visitor's message as unread unless the agent is looking", () => {
    const c = channel({ unread: 1, lastSeq: 1, lastMessageText: "hi" });
    const next = withMessage(c, message(2, "price?"), true, false);
    expect(next).toMatchObject({ unread: 2, lastSeq: 2, lastMessageText: "price?", lastActivityAt: "2026-11-22T07:02:00.000Z" });
    expect(withMessage(c, message(2), true, true).unread).toBe(0);
    expect(withMessage(c, message(2, "hello", "ChatAgentPersona"), false, false).unread).toBe(1);
  });

  it("shows a message of files alone by its files, in the console's language", () => {
    const pdf = { type: "application/pdf", url: "/f/1", name: "invoice.pdf" };
    const only = withMessage(channel({ lastSeq: 1, lastMessageText: "hi" }), { ...message(2, ""), attachments: [pdf] }, true, false);
    expect(previewOf(only, en)).toBe("File: invoice.pdf");
    expect(previewOf(only, de)).toBe("Datei: invoice.pdf");
    const two = { ...only, lastMessageFiles: ["invoice.pdf", "photo.png"] };
    expect(previewOf(two, en)).toBe("Files: invoice.pdf and 1 more");
    expect(previewOf({ ...two, lastMessageText: "Here it is" }, en), "a text says it all").toBe("Here it is");
    expect(previewOf(channel(), en)).toBe("No message yet");
    expect(previewOf(withMessage(only, message(3, "thanks"), true, false), en)).toBe("thanks");
  });

    it("does not count a message twice (a resync repeats it)", () => {
    const c = channel({ unread: 1, lastSeq: 2, lastMessageText: "m2" });
    expect(withMessage(c, message(2), true, false)).toBe(c);
  });

  it("totals unread of open chats only", () => {
    expect(unreadTotal([channel({ unread: 2 }), channel({ unread: 3, status: "ended" }), channel({ unread: 1 })])).toBe(3);
  });

  it("merges history, live and resynced messages by seq", () => {
    const merged = mergeMessages([message(1), message(3)], [message(2), message(3, "m3 again")]);
    expect(merged.map((m) => [m.seq, m.text])).toEqual([[1, "m1"], [2, "m2"], [3, "m3 again"]]);
  });

  it("notices a live message that skips some (lost on the way between instances)", () => {
    expect(missedBefore([message(1), message(2)], message(3))).toBe(false);
    expect(missedBefore([message(1), message(2)], message(2))).toBe(false); // a repeat
    expect(missedBefore([message(1), message(2)], message(4))).toBe(true);
    expect(missedBefore([], message(1))).toBe(false);
    expect(missedBefore([], message(2))).toBe(true);
  });
});

describe("small things agents see", () => {
  it("writes a time as the browser's locale does: the time of day today, with the day before", () => {
    const now = new Date("2026-11-22T15:00:00");
    const today = new Date("2026-11-22T07:05:00");
    const earlier = new Date("2026-11-03T14:05:00");
    const time = (d: Date) => d.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });
    expect(shortTime(today.toISOString(), now)).toBe(time(today));
    expect(shortTime(earlier.toISOString(), now)).toBe(`${earlier.toLocaleDateString(undefined, { day: "numeric", month: "short" })}, ${time(earlier)}`);
    expect(shortTime(null, now)).toBe("—");
    expect(shortTime("not a date", now)).toBe("—");
  });

  it("names a visitor by name, else e-mail, else 'Visitor'", () => {
    expect(visitorLabel(channel(), en)).toBe("Ann");
    expect(visitorLabel(channel({ visitor: { ...channel().visitor, name: " " } }), en)).toBe("ann@example.com");
    expect(visitorLabel(channel({ visitor: { ...channel().visitor, name: null, email: null } }), en)).toBe("Visitor");
    expect(visitorLabel(channel({ visitor: { ...channel().visitor, name: null, email: null } }), de)).toBe("Besucher");
  });

  it("puts the unread count in the tab title", () => {
    expect(tabTitle(0)).toBe("Beckon console");
    expect(tabTitle(3)).toBe("(3) Beckon console");
    expect(tabTitle(150, "Inbox")).toBe("(99+) Inbox · Beckon console");
    expect(tabTitle(2, undefined, "Beckon-Konsole")).toBe("(2) Beckon-Konsole");
  });

  it("reconnects quickly at first, then backs off to at most 15 s ± 25 %", () => {
    expect(reconnectDelay(0, () => 0.5)).toBe(500);
    expect(reconnectDelay(1, () => 0.5)).toBe(1000);
    expect(reconnectDelay(20, () => 1)).toBe(18_750);
    expect(reconnectDelay(20, () => 0)).toBe(11_250);
  });
});

describe("the chat on screen stays listed", () => {
  it("moves to Mine when the agent's reply claimed an unassigned chat", () => {
    const claimed = channel({ assignedAgentId: "me" });
    expect(tabNowHolding(channel(), "unassigned", "me")).toBeNull();
    expect(tabNowHolding(claimed, "unassigned", "me")).toBe("mine");
    expect(movedNotice("mine", en)).toBe("This chat is yours now (you replied or claimed it): it moved to Mine.");
    expect(movedNotice("mine", de)).toBe("Dieser Chat gehört jetzt Ihnen (Sie haben geantwortet oder ihn angenommen): Er steht jetzt unter „Meine“.");
  });
  it("moves to All open when someone else took it, and stays where it is listed", () => {
    expect(tabNowHolding(channel({ assignedAgentId: "ada" }), "mine", "me")).toBe("open");
    expect(movedNotice("open", en)).toBe("This chat moved to All open.");
    expect(tabNowHolding(channel({ assignedAgentId: "ada" }), "open", "me")).toBeNull();
  });
});

describe("the moved notice", () => {
  it("stands only while its chat is in the list beside it", () => {
    expect(noticeStands("c1", [channel()])).toBe(true);
    expect(noticeStands("c1", [channel({ id: "c2" })]), "its chat ended and left the list").toBe(false);
    expect(noticeStands("c1", []), "an empty list").toBe(false);
    expect(noticeStands(null, [channel()])).toBe(false);
  });
});

describe("who ended a chat", () => {
  const ended = (endedBy: Channel["endedBy"]) => channel({ status: "ended", endedAt: "2026-11-22T08:00:00.000Z", endedBy });
  const when = new Date("2026-11-22T08:00:00.000Z").toLocaleString();
  it("names the visitor, the agent reading, or another agent, with the time", () => {
    expect(endedLine(ended({ personaId: "p1", name: "Ann" }), "me-p", en)).toBe(`Ended by Ann (the visitor) on ${when}.`);
    expect(endedLine(ended({ personaId: "me-p", name: "Me" }), "me-p", en)).toBe(`Ended by you on ${when}.`);
    expect(endedLine(ended({ personaId: "ada-p", name: "Ada" }), "me-p", en)).toBe(`Ended by Ada on ${when}.`);
    expect(endedLine(ended({ personaId: "gone-p", name: null }), "me-p", en)).toBe(`Ended by an agent on ${when}.`);
    expect(endedLine(ended(null), "me-p", en)).toBe(`Ended on ${when}.`);
  });
  it("says it in the console's language, the time in its locale", () => {
    const deWhen = new Date("2026-11-22T08:00:00.000Z").toLocaleString("de");
    expect(endedLine(ended({ personaId: "me-p", name: "Me" }), "me-p", de, "de")).toBe(`Von Ihnen beendet am ${deWhen}.`);
    expect(endedLine(ended({ personaId: "p1", name: "Ann" }), "me-p", de, "de")).toBe(`Beendet von Ann (Besucher) am ${deWhen}.`);
  });
});

describe("the message length limit", () => {
  it("counts characters (not UTF-16 units) after trimming, as the server does", () => {
    expect(charactersOver("x".repeat(4000))).toBe(0);
    expect(charactersOver(`  ${"é".repeat(4000)}  `)).toBe(0);
    expect(charactersOver("😀".repeat(4001))).toBe(1);
  });
});
