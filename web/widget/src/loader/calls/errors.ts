// Error reporting (spec §7), in the extras chunk. Only events whose extra data carries the marker
// { cnb: 1 } are sent (so errors of the host page that merely pass through never leave it), by POST
// to the current config's options.errorReportingUrl; nothing is sent when it is unset. After a
// failed send or a 429 the reporter backs off (1 s, doubling up to 5 min) and drops events
// meanwhile; at most 10 events are sent per page view.
import type { Config } from "../../config/types.gen";
import { VERSION } from "../version";
import { postJson } from "./http";

export const ENVIRONMENT = "production";
export const MAX_EVENTS = 10;
export const BACKOFF_START_MS = 1000;
export const BACKOFF_MAX_MS = 300000;

export type Extra = { cnb?: number; [key: string]: unknown };
export type Reporter = (err: unknown, extra?: Extra) => void;

/** config(): the config whose errorReportingUrl and userId apply now. */
export function createReporter(config: () => Config | undefined, now: () => number = Date.now): Reporter {
  let sent = 0;
  let delay = 0;
  let until = 0;
  const backOff = () => {
    delay = delay ? Math.min(delay * 2, BACKOFF_MAX_MS) : BACKOFF_START_MS;
    until = now() + delay;
  };
  return (err, extra) => {
    try {
      const c = config();
      const url = c && c.options && c.options.errorReportingUrl;
      if (!url || !extra || extra.cnb !== 1 || sent >= MAX_EVENTS || now() < until) return;
      sent++;
      const e = (err || {}) as { message?: unknown; stack?: unknown };
      postJson(url, {
        message: String(err instanceof Error ? e.message : err),
        stack: typeof e.stack == "string" ? e.stack : "",
        release: VERSION,
        environment: ENVIRONMENT,
        userId: c.userId || "",
        url: location.href,
        extra,
      }).then((r) => {
        if (!r || !r.ok) backOff(); // a failure, a 429 or another error status
        else delay = 0;
      });
    } catch {
      /* reporting must never throw */
    }
  };
}
