// The tab title carries the unread count, so an agent on another tab sees new messages.
export const BASE_TITLE = "Beckon console";

export function tabTitle(unread: number, page?: string): string {
  const base = page ? `${page} · ${BASE_TITLE}` : BASE_TITLE;
  return unread > 0 ? `(${unread > 99 ? "99+" : unread}) ${base}` : base;
}
