// Every call to the Beckon API, through openapi-fetch typed on the server's OpenAPI document
// (schema.gen.ts, from docs/openapi.json): JSON in and out, the session cookie (same origin) and
// the CSRF header on writes, errors as ApiError with the server's validation problems.

import createClient, { type FetchResponse, type MaybeOptionalInit } from "openapi-fetch";
import type { HttpMethod, MediaType, PathsWithMethod } from "openapi-typescript-helpers";
import type { Config } from "@beckon/widget/config";
import type { components, paths } from "./schema.gen";
import { tNow } from "../i18n/index";

type ErrorBody = components["schemas"]["ErrorBody"];
export type Problem = components["schemas"]["ProblemBody"];

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly problems: Problem[] = [],
  ) {
    super(message);
  }
}

/**
 * Whether a failed call never reached a working Beckon server: no network (status 0), or a proxy
 * in front of it answering for it (502, 503, 504). Asking again later may succeed.
 */
export function isUnreachable(e: unknown): boolean {
  return e instanceof ApiError && [0, 502, 503, 504].includes(e.status);
}

let csrfToken = "";

/** Set after login and /me: non-GET calls must carry it (crates/server/README.md, CSRF). */
export function setCsrfToken(token: string) {
  csrfToken = token;
}

/** The CSRF header for a write made outside this client (file uploads: XMLHttpRequest, for its progress). */
export function csrfHeaders(): Record<string, string> {
  return { "x-beckon-csrf": csrfToken };
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

// The document's paths start with /api, so the base is the console's own origin.
const client = createClient<paths>({ credentials: "same-origin", headers: { accept: "application/json" } });
client.use({
  onRequest({ request }) {
    if (request.method !== "GET") request.headers.set("x-beckon-csrf", csrfToken);
  },
  onError() {
    return new ApiError(0, tNow("app.noServer"));
  },
});

type Init<M extends HttpMethod, P extends keyof paths> = MaybeOptionalInit<paths[P], M>;
/** The init argument, optional when the operation needs no parameters and no body. */
type InitArg<M extends HttpMethod, P extends keyof paths> =
  undefined extends Init<M, P> ? [init?: Init<M, P>] : [init: Init<M, P>];
/** The operation's success body (undefined for a 204). */
type Answer<M extends HttpMethod, P extends keyof paths> = Required<
  FetchResponse<NonNullable<paths[P][M & keyof paths[P]]>, Init<M, P>, MediaType>
>["data"];

function method<M extends HttpMethod>(m: M) {
  return async <P extends PathsWithMethod<paths, M>>(path: P, ...[init]: InitArg<M, P>): Promise<Answer<M, P>> => {
    // `init` is typed by the signature above; openapi-fetch's rest-parameter type for it cannot be
    // re-derived for a generic path.
    const { data, error, response } = await client.request(m, path, init as never);
    if (!response.ok) {
      // A documented error is an ErrorBody; anything else (a proxy's page, an empty body) is not.
      const body = typeof error === "object" && error !== null ? (error as Partial<ErrorBody>) : null;
      if (response.status === 401 && path !== "/api/v1/auth/login") onUnauthorized();
      throw new ApiError(response.status, body?.error ?? tNow("app.serverAnswered", { status: response.status }), body?.problems ?? []);
    }
    // openapi-fetch gives the success body whenever the response is ok; its types cannot say so.
    return data as Answer<M, P>;
  };
}

/** `api.GET("/api/v1/…", { params, body })` answers the success body or throws ApiError. */
export const api = { GET: method("get"), POST: method("post"), PUT: method("put"), DELETE: method("delete") };

/**
 * A config the API answered. The OpenAPI document declares `Config` as any object with `userId`,
 * `domains` and `buttons` and leaves its shape to the model (crates/model), whose types the widget
 * has (`types.gen.ts`); the server answers only configs it has checked against the model.
 */
export function modelConfig(config: components["schemas"]["Config"]): Config {
  return config as Config;
}
