// The tab title carries the unread count, so an agent on another tab sees new messages.
export const BASE_TITLE = "Beckon console";

/** `name`: the console's, in its language ("Beckon-Konsole"). */
export function tabTitle(unread: number, page?: string, name = BASE_TITLE): string {
  const base = page ? `${page} · ${name}` : name;
  return unread > 0 ? `(${unread > 99 ? "99+" : unread}) ${base}` : base;
}
