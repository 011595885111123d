// Retention and a visitor's data, the words and numbers the Privacy screen shows (pure).
import type { VisitorExport } from "../api/types";

/** The retention choices offered, in days; `null`: until erased. A value set otherwise (the API) is offered too. */
export const RETENTION_CHOICES: (number | null)[] = [null, 30, 90, 180, 365, 730];

export function retentionChoices(current: number | null): (number | null)[] {
  if (RETENTION_CHOICES.includes(current)) return RETENTION_CHOICES;
  const days = [...RETENTION_CHOICES.filter((d) => d !== null), current as number].sort((a, b) => a - b);
  return [null, ...days];
}

export function retentionLabel(days: number | null): string {
  if (days === null) return "Until you erase them";
  if (days % 365 === 0) return days === 365 ? "1 year" : `${days / 365} years`;
  return days === 1 ? "1 day" : `${days} days`;
}

/** What an export holds, in a sentence: "2 conversations, 5 messages and 1 file." */
export function exportSummary(e: VisitorExport): string {
  const messages = e.conversations.reduce((n, c) => n + c.messages.length, 0);
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  if (!e.conversations.length) return `Nothing is kept about ${e.email}.`;
  return `${count(e.conversations.length, "conversation", "conversations")}, ${count(messages, "message", "messages")} and ${count(e.files.length, "file", "files")} of ${e.email}.`;
}

/** The downloaded file's name: the address made safe for any file system. */
export function exportFileName(email: string): string {
  return `beckon-visitor-data-${email.toLowerCase().replace(/[^a-z0-9@._-]+/g, "_")}.json`;
}
