// Error reporting (spec §7). Only events whose extra data carries the marker { cnb: 1 } are sent
// (so errors of the host page that merely pass through never leave it), by POST to
// options.errorReportingUrl; nothing is sent when it is unset. After a failed send or a 429 the
// reporter backs off (1 s, doubling up to 5 min) and drops events meanwhile; at most 10 events
// are sent per page view.
import { postJson } from "./http";

export const RELEASE = "1.0.109";
export const ENVIRONMENT = "production";
export const MAX_EVENTS = 10;
export const BACKOFF_START_MS = 1000;
export const BACKOFF_MAX_MS = 300000;

export type Extra = { cnb?: number; [key: string]: unknown };
export type ReporterOptions = { url?: string; userId?: string; now?: () => number };
export type Reporter = (err: unknown, extra?: Extra) => void;

export function createReporter(opts: ReporterOptions): Reporter {
  const now = opts.now || Date.now;
  let sent = 0;
  let delay = 0;
  let until = 0;
  const backOff = () => {
    delay = delay ? Math.min(delay * 2, BACKOFF_MAX_MS) : BACKOFF_START_MS;
    until = now() + delay;
  };
  return (err, extra) => {
    try {
      if (!opts.url || !extra || extra.cnb !== 1 || sent >= MAX_EVENTS || now() < until) return;
      sent++;
      const e = (err || {}) as { message?: unknown; stack?: unknown };
      postJson(opts.url, {
        message: String(err instanceof Error ? e.message : err),
        stack: typeof e.stack == "string" ? e.stack : "",
        release: RELEASE,
        environment: ENVIRONMENT,
        userId: opts.userId || "",
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

let current: Reporter = () => {};

/** Start error reporting for the site owner's userId (spec §2.1). */
export function initErrors(opts: ReporterOptions): void {
  current = createReporter(opts);
}

/** Report a Beckon error; sent only when extra carries { cnb: 1 }. */
export function reportError(err: unknown, extra?: Extra): void {
  current(err, extra);
}
