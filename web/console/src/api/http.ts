// Every call to the Beckon API: JSON in and out, the session cookie (same origin) and the CSRF
// header on writes, errors as ApiError with the server's validation problems.

import type { ErrorBody, ProblemBody } from "@beckon/widget/wire";

export type Problem = ProblemBody;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly problems: Problem[] = [],
  ) {
    super(message);
  }
}

let csrfToken = "";

/** Set after login and /me: non-GET calls must carry it (crates/server/README.md, CSRF). */
export function setCsrfToken(token: string) {
  csrfToken = token;
}

/** Called when any call answers 401: the session ended (logged out elsewhere, password reset). */
let onUnauthorized: () => void = () => {};
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

/** The server ended this login elsewhere (the realtime socket closed with 4001): log in again. */
export function sessionEnded() {
  onUnauthorized();
}

export async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const method = init.method ?? "GET";
  const headers: Record<string, string> = { accept: "application/json" };
  if (init.body !== undefined) headers["content-type"] = "application/json";
  if (method !== "GET") headers["x-beckon-csrf"] = csrfToken;
  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      method,
      headers,
      credentials: "same-origin",
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new ApiError(0, "Cannot reach the Beckon server. Check your connection.");
  }
  if (res.status === 204) return undefined as T;
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const error = data as Partial<ErrorBody> | null;
    if (res.status === 401 && !path.startsWith("/v1/auth/login")) onUnauthorized();
    throw new ApiError(res.status, error?.error ?? `The server answered ${res.status}.`, error?.problems ?? []);
  }
  return data as T;
}
