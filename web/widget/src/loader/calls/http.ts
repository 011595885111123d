// The runtime's HTTP helpers: a lookup GET for the loader, a POST for the extras chunk.

export const TIMEOUT_MS = 3000;

/** "https://x/api/" → "https://x/api" ("" when unset): paths such as "/v1/geo" are appended. */
export const apiBase = (apiRoot?: string): string => (apiRoot || "").replace(/\/+$/, "");

/**
 * GET a JSON body. Never rejects and never waits longer than the timeout: a failure, a non-2xx
 * status or the timeout resolves to a value without fields (false, undefined or the error).
 */
export const getJson = (url: string): Promise<any> =>
  new Promise<unknown>((done) => {
    setTimeout(done, TIMEOUT_MS);
    fetch(url)
      .then((r) => r.ok && r.json())
      .then(done, done);
  }).catch(() => {});

/** Fire-and-forget JSON POST that survives page unload; resolves to the response, or undefined. */
export function postJson(url: string, body: unknown): Promise<Response | undefined> {
  try {
    return fetch(url, {
      method: "POST",
      keepalive: true,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    }).catch(() => undefined);
  } catch {
    return Promise.resolve(undefined);
  }
}
