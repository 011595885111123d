// The server's limit on a chat message, for visitors and agents alike (crates/server/src/wire/limits.rs):
// characters as Unicode code points, counted after trimming. The widget's message box and the
// console's reply box both say how far a draft is over before it is sent, instead of a browser's
// maxLength cutting a pasted text short without a word.

/** Longest message, in characters (the server's MAX_MESSAGE_CHARS). */
export const MAX_MESSAGE_CHARS = 4000;

/** How many characters a draft is over the limit once trimmed, as the server counts them (0: fits). */
export function charactersOver(draft: string): number {
  return Math.max(0, [...draft.trim()].length - MAX_MESSAGE_CHARS);
}

/** What the writer is told about a draft `over` characters too long. */
export const tooLongText = (over: number): string =>
  `${over} ${over == 1 ? "character" : "characters"} too long: a message holds at most ${MAX_MESSAGE_CHARS}.`;
