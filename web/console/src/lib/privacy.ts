// Retention and a visitor's data, the words and numbers the Privacy screen shows, in the
// console's language `lang` (pure).
import type { VisitorExport } from "../api/types";
import { translate, type ConsoleLang } from "../i18n/index";
import { durationText } from "./figures";

/** The retention choices offered, in days; `null`: until erased. A value set otherwise (the API) is offered too. */
export const RETENTION_CHOICES: (number | null)[] = [null, 30, 90, 180, 365, 730];

export function retentionChoices(current: number | null): (number | null)[] {
  if (RETENTION_CHOICES.includes(current)) return RETENTION_CHOICES;
  const days = [...RETENTION_CHOICES.filter((d) => d !== null), current as number].sort((a, b) => a - b);
  return [null, ...days];
}

/** A retention in words: "Until you erase them", "30 days", "2 years". */
export function retentionLabel(days: number | null, lang: ConsoleLang): string {
  if (days === null) return translate(lang, "privacy.untilErased");
  return days % 365 === 0 ? durationText(days / 365, "year", lang) : durationText(days, "day", lang);
}

/** "3 conversations", "1 file": a count of `what` in words. */
const counted = (lang: ConsoleLang, what: "conversations" | "messages" | "files", count: number) => translate(lang, `privacy.${what}`, { count });

/** What an export holds, in a sentence: "2 conversations, 5 messages and 1 file of ann@example.com." */
export function exportSummary(e: VisitorExport, lang: ConsoleLang): string {
  if (!e.conversations.length) return translate(lang, "privacy.nothingKept", { email: e.email });
  const messages = e.conversations.reduce((n, c) => n + c.messages.length, 0);
  return translate(lang, "privacy.exported", {
    conversations: counted(lang, "conversations", e.conversations.length),
    messages: counted(lang, "messages", messages),
    files: counted(lang, "files", e.files.length),
    email: e.email,
  });
}

/** What erasing removed, in a sentence: "Erased 2 conversations and 1 file of ann@example.com." */
export function erasedSummary(r: { conversations: number; files: number }, email: string, lang: ConsoleLang): string {
  return translate(lang, "privacy.erased", { conversations: counted(lang, "conversations", r.conversations), files: counted(lang, "files", r.files), email });
}

/** The downloaded file's name: the address made safe for any file system. */
export function exportFileName(email: string): string {
  return `beckon-visitor-data-${email.toLowerCase().replace(/[^a-z0-9@._-]+/g, "_")}.json`;
}
