// The loader's small HTTP helpers. Lookups never wait longer than the timeout: the fetch is
// aborted and the promise rejects, so buttons are never held back for long.

export const TIMEOUT_MS = 3000;

/** "https://x/api/" + "/v1/geo" → "https://x/api/v1/geo". */
export function apiUrl(apiRoot: string, path: string): string {
  return apiRoot.replace(/\/+$/, "") + path;
}

/** GET a JSON body; rejects on a non-2xx status, a network error, bad JSON or the timeout. */
export function getJson(url: string, timeoutMs = TIMEOUT_MS): Promise<unknown> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const ac = typeof AbortController == "function" ? new AbortController() : undefined;
  return Promise.race([
    fetch(url, { signal: ac && ac.signal }).then((r) => {
      return r.ok ? r.json() : Promise.reject(r.status);
    }),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        if (ac) ac.abort();
        reject("timeout");
      }, timeoutMs);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Fire-and-forget JSON POST that survives page unload; failures are swallowed. */
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
