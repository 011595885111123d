// What the service worker makes of a Web Push message: pure, so it is unit-tested
// (test/worker.test.ts). A push payload is data from outside the page: every field is checked,
// and the address a notification opens is always the console's own.

/** The notification a push message shows, and the console address its click opens. */
export type PushNotice = {
  title: string;
  body: string;
  /** An absolute URL under the console's scope (never another origin or path). */
  url: string;
  /** The conversation's id: a conversation's notifications replace each other. */
  tag?: string;
};

/** Long enough for any chat's title and a message's start; platforms cut them shorter anyway. */
const MAX_TITLE = 120;
const MAX_BODY = 500;
const MAX_TAG = 200;

const text = (v: unknown, max: number): string => (typeof v === "string" ? v.trim().slice(0, max) : "");

/**
 * `raw` resolved against the console's scope (e.g. "http://host/console/") when it stays inside it:
 * the same origin and a path under the scope's. Anything else (another site, `javascript:`, a path
 * that climbs out with `..`, not a string) is null.
 */
export function consoleUrl(raw: unknown, scope: string): string | null {
  if (typeof raw !== "string" || raw.trim() === "") return null;
  let url: URL;
  let base: URL;
  try {
    base = new URL(scope);
    url = new URL(raw.trim(), base);
  } catch {
    return null;
  }
  if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) return null;
  return url.href;
}

/**
 * The notice for a push payload (`{"title", "body", "url", "tag"}` as JSON text, or already
 * parsed). A push must always show something (browsers require it), so a payload that is not
 * what it should be still gives a plain "Beckon" notice that opens the console.
 */
export function pushNotice(payload: unknown, scope: string): PushNotice {
  let data: unknown = payload;
  if (typeof payload === "string") {
    try {
      data = JSON.parse(payload);
    } catch {
      data = null;
    }
  }
  const fields = data !== null && typeof data === "object" && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  const tag = text(fields.tag, MAX_TAG);
  return {
    title: text(fields.title, MAX_TITLE) || "Beckon",
    body: text(fields.body, MAX_BODY),
    url: consoleUrl(fields.url, scope) ?? new URL(scope).href,
    ...(tag ? { tag } : {}),
  };
}
