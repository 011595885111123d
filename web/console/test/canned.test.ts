import { describe, expect, it } from "vitest";
import type { CannedReply } from "../src/api/types";
import { fillPlaceholders, insertAt, loneShortcut, matchCanned, MAX_SHOWN, shortcutOf, slashQuery } from "../src/lib/canned";

const reply = (shortcut: string, text = `${shortcut} text`): CannedReply => ({ id: shortcut, shortcut, text, updatedAt: "2026-11-28T09:00:00.000Z" });

describe("the /query under the caret", () => {
  it("is found at the start of the box or after whitespace", () => {
    expect(slashQuery("/", 1)).toEqual({ start: 0, query: "" });
    expect(slashQuery("/tha", 4)).toEqual({ start: 0, query: "tha" });
    expect(slashQuery("Hi! /tha", 8)).toEqual({ start: 4, query: "tha" });
    expect(slashQuery("line one\n/ho", 12)).toEqual({ start: 9, query: "ho" });
  });

  it("is not inside a word, a URL or past a space", () => {
    expect(slashQuery("and/or", 6)).toBeNull();
    expect(slashQuery("see https://x.test/a", 20)).toBeNull();
    expect(slashQuery("/tha nks", 8)).toBeNull();
    expect(slashQuery("", 0)).toBeNull();
  });

  it("ends at the caret, whatever follows", () => {
    expect(slashQuery("/thanks and more", 3)).toEqual({ start: 0, query: "th" });
  });
});

describe("which replies a query matches", () => {
  const replies = [reply("thanks", "Thank you!"), reply("hours", "We are open 9 to 5"), reply("shipping-thanks"), reply("refund", "Refunds take 5 days")];

  it("puts shortcuts that start with it first, then those that hold it, then texts", () => {
    expect(matchCanned(replies, "th").map((r) => r.shortcut)).toEqual(["thanks", "shipping-thanks"]);
    expect(matchCanned(replies, "open").map((r) => r.shortcut)).toEqual(["hours"]);
    expect(matchCanned(replies, "5").map((r) => r.shortcut)).toEqual(["hours", "refund"]);
  });

  it("lists every reply for an empty query, by shortcut, at most a screenful", () => {
    expect(matchCanned(replies, "").map((r) => r.shortcut)).toEqual(["hours", "refund", "shipping-thanks", "thanks"]);
    const many = Array.from({ length: 20 }, (_, i) => reply(`r${String(i).padStart(2, "0")}`));
    expect(matchCanned(many, "")).toHaveLength(MAX_SHOWN);
  });

  it("ignores case and finds nothing when nothing matches", () => {
    expect(matchCanned(replies, "THANK").map((r) => r.shortcut)).toEqual(["thanks", "shipping-thanks"]);
    expect(matchCanned(replies, "zzz")).toEqual([]);
  });
});

describe("a shortcut typed in capitals", () => {
  it("is kept and matched in lower case", () => {
    expect(shortcutOf(" Opening-Hours ")).toBe("opening-hours");
    expect(matchCanned([reply("hours")], "HO").map((r) => r.shortcut)).toEqual(["hours"]);
  });
});

describe("a box that holds only a /word", () => {
  it("is a shortcut (Enter does not send it when nothing matches)", () => {
    expect(loneShortcut("/ho")).toBe("ho");
    expect(loneShortcut("  /HO \n")).toBe("HO");
    expect(loneShortcut("/")).toBe("");
  });

  it("is not text that merely holds a slash, or more words", () => {
    expect(loneShortcut("see /help")).toBeNull();
    expect(loneShortcut("/ho ho")).toBeNull();
    expect(loneShortcut("and/or")).toBeNull();
    expect(loneShortcut("/checkout/cart")).toBeNull();
    expect(loneShortcut("1/2")).toBeNull();
    expect(loneShortcut("")).toBeNull();
  });
});

describe("placeholders", () => {
  const values = { visitorName: "Ann", agentName: "Ada", domain: "shop.example.com" };

  it("fills the visitor's and the agent's names and the site", () => {
    expect(fillPlaceholders("Hi {visitor.name}, I'm {agent.name} from {domain}. {visitor.name}?", values)).toBe("Hi Ann, I'm Ada from shop.example.com. Ann?");
  });

  it("says 'there' for a visitor without a name", () => {
    expect(fillPlaceholders("Hi {visitor.name}!", { ...values, visitorName: null })).toBe("Hi there!");
    expect(fillPlaceholders("Hi {visitor.name}!", { ...values, visitorName: "  " })).toBe("Hi there!");
  });

  it("leaves unknown placeholders as they are", () => {
    expect(fillPlaceholders("Order {order.id} for {visitor.email} {Visitor.Name} {}", values)).toBe("Order {order.id} for {visitor.email} {Visitor.Name} {}");
  });
});

describe("inserting a reply", () => {
  it("replaces the query and puts the caret after the reply", () => {
    const text = "Hello! /tha and more";
    const at = slashQuery(text, 11)!;
    expect(insertAt(text, at, 11, "Thank you!")).toEqual({ text: "Hello! Thank you! and more", caret: 17 });
  });
});
