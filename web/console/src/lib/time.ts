// Dates as agents read them: "14:05" today, "3 Nov, 14:05" otherwise.

// One formatter each, made once: toLocaleTimeString(…, options) makes a new one at every call,
// about a millisecond each, which a thread's rows paid on every scroll frame.
const timeOfDay = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" });
const dayAndMonth = new Intl.DateTimeFormat(undefined, { day: "numeric", month: "short" });

export function shortTime(iso: string | null | undefined, now = new Date()): string {
  if (!iso) return "—";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "—";
  const time = timeOfDay.format(d);
  if (d.toDateString() === now.toDateString()) return time;
  return `${dayAndMonth.format(d)}, ${time}`;
}

export function fullTime(iso: string | null | undefined): string {
  if (!iso) return "—";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "—" : d.toLocaleString();
}

/** How long since `iso`, in the fewest words: "just now", "12 min", "3 h 5 min", "2 days". */
export function waitedText(iso: string, now: Date): string {
  const minutes = Math.floor((now.getTime() - new Date(iso).getTime()) / 60_000);
  if (!(minutes >= 1)) return "just now";
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return days === 1 ? "1 day" : `${days} days`;
}
