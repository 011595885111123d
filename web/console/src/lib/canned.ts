// Canned replies in the reply box, the pure part: finding the "/query" the agent is typing at the
// caret, which replies it matches, filling a reply's placeholders and putting it in the box in
// place of the query (for the agent to edit: a canned reply is never sent by itself).
import type { CannedReply } from "../api/types";

/** A "/query" being typed: where its "/" is, and what follows it up to the caret. */
export type SlashQuery = { start: number; query: string };

/** A shortcut as it is kept and matched: trimmed, in lower case ("Hours" is /hours). */
export function shortcutOf(typed: string): string {
  return typed.trim().toLowerCase();
}

/**
 * The "/word" a reply would be when the whole box is one (nothing before or after it, no second
 * "/"): Enter does not send that to the visitor unless a canned reply was chosen from the list,
 * since it was meant as a shortcut. Null for anything else, e.g. "see /help" or "1/2".
 */
export function loneShortcut(draft: string): string | null {
  const m = /^\/([^\s/]*)$/.exec(draft.trim());
  return m ? m[1] : null;
}

/** The most replies the list shows at once. */
export const MAX_SHOWN = 8;

/**
 * The "/query" that ends at the caret, if any: a "/" at the start of the box or after whitespace,
 * then no whitespace up to the caret ("/" alone is an empty query: every reply).
 */
export function slashQuery(text: string, caret: number): SlashQuery | null {
  const before = text.slice(0, caret);
  const m = /(^|\s)\/(\S*)$/.exec(before);
  if (!m) return null;
  return { start: before.length - m[2].length - 1, query: m[2] };
}

/**
 * The replies a query matches, best first: shortcuts that start with it, then shortcuts that
 * hold it, then texts that hold it (without case); each group by shortcut. At most MAX_SHOWN.
 */
export function matchCanned(replies: CannedReply[], query: string): CannedReply[] {
  const q = shortcutOf(query);
  const rank = (r: CannedReply) => {
    const s = r.shortcut.toLowerCase();
    if (s.startsWith(q)) return 0;
    if (s.includes(q)) return 1;
    if (r.text.toLowerCase().includes(q)) return 2;
    return -1;
  };
  return replies
    .map((r) => ({ r, rank: rank(r) }))
    .filter((x) => x.rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.r.shortcut.localeCompare(b.r.shortcut))
    .slice(0, MAX_SHOWN)
    .map((x) => x.r);
}

/** What placeholders stand for in one chat. */
export type PlaceholderValues = { visitorName: string | null | undefined; agentName: string; domain: string };

/** Said in place of {visitor.name} when the visitor gave no name. */
export const NO_VISITOR_NAME = "there";

/**
 * The reply's text with {visitor.name}, {agent.name} and {domain} filled in; any other {…} stays
 * as written (the agent sees it and fills it in by hand).
 */
export function fillPlaceholders(text: string, v: PlaceholderValues): string {
  const values: Record<string, string> = {
    "visitor.name": v.visitorName?.trim() || NO_VISITOR_NAME,
    "agent.name": v.agentName,
    domain: v.domain,
  };
  return text.replace(/\{([a-z.]+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** The box's text with the query replaced by `insert`, and where the caret goes (after it). */
export function insertAt(text: string, at: SlashQuery, caret: number, insert: string): { text: string; caret: number } {
  const out = text.slice(0, at.start) + insert + text.slice(caret);
  return { text: out, caret: at.start + insert.length };
}
