// Realtime client of the visitor (docs/realtime.md). It authenticates each socket with a fresh
// token and the last sequence number it has (the server then resumes: every stored message after
// it, then live ones), and it never gives up on a dropped connection: it reconnects with
// exponential back-off and jitter after a close, and at once when the browser comes back online,
// the page becomes visible again or is restored from the back/forward cache. Only an ended chat
// (410) or a chat that does not exist (403/404) stops it. A chat that ends while its socket is open
// keeps that socket (quiet: no pings, no reconnect) until `close()`: the agents see the visitor on
// the site while the tab is, not only while the chat lasts.
import { ChatError } from "./api";
import { readFrame } from "./frames";
import { realTimers, type Timers } from "./timers";
import type { ClientFrame, ServerFrame } from "./wire.gen";

export type ConnectionState =
  /** getting a token / opening the socket / waiting for `ready` */
  | "connecting"
  | "open"
  /** lost; a retry is scheduled (see `retryIn`) */
  | "reconnecting"
  /** the chat has ended (410, or `channel-ended`) */
  | "ended"
  /** the chat cannot be joined (403/404); no retries */
  | "failed"
  /** stopped by `close()` */
  | "closed";

/** The subset of the WebSocket API this client uses. */
export type SocketLike = {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number; reason?: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
};
export type SocketCtor = new (url: string) => SocketLike;

/** Where the browser's online / visibility / pageshow events come from. */
export type Environment = {
  addEventListener(type: string, fn: () => void): void;
  removeEventListener(type: string, fn: () => void): void;
  /** "visible" or "hidden". */
  visibility(): string;
  onLine(): boolean;
};

export type ConnectionOptions = {
  /** ws(s)://…/api/v1/realtime */
  url: string;
  channelId: string;
  personaId: string;
  /** A fresh token for each socket (api.token). Rejects with a ChatError. */
  getToken(): Promise<string>;
  /** Highest seq the client has; sent as `lastSeq` so the server resumes after it. */
  lastSeq(): number;
  /** Each frame the server sent, but pong and frames of the wrong shape (frames.ts). */
  onFrame(frame: ServerFrame): void;
  onState(state: ConnectionState, info: StateInfo): void;
  WebSocket?: SocketCtor;
  timers?: Timers;
  random?: () => number;
  env?: Environment | null;
  /** First retry delay (ms). */
  baseDelay?: number;
  /** Longest retry delay (ms). */
  maxDelay?: number;
  /** Client ping interval; a socket that hears nothing for two intervals is replaced. */
  pingInterval?: number;
};

export type StateInfo = {
  /** Retries since the last open socket. */
  attempt: number;
  /** Delay of the scheduled retry (reconnecting). */
  retryIn?: number;
  /** Why: the error frame, close code or ChatError. */
  reason?: string;
  code?: number;
};

export const BASE_DELAY = 1000;
export const MAX_DELAY = 30000;
export const PING_INTERVAL = 25000;

/** Delay before retry number `attempt` (0-based): exponential, capped, with "equal jitter". */
export function backoff(attempt: number, random: () => number, base = BASE_DELAY, max = MAX_DELAY): number {
  const cap = Math.min(max, base * Math.pow(2, Math.min(attempt, 16)));
  return Math.round(cap / 2 + random() * (cap / 2));
}

export function browserEnvironment(): Environment | null {
  if (typeof window == "undefined" || typeof document == "undefined") return null;
  return {
    addEventListener(type, fn) {
      (type == "visibilitychange" ? document : window).addEventListener(type, fn);
    },
    removeEventListener(type, fn) {
      (type == "visibilitychange" ? document : window).removeEventListener(type, fn);
    },
    visibility: () => document.visibilityState,
    onLine: () => navigator.onLine !== false,
  };
}

export type Connection = {
  state(): ConnectionState;
  /** Sends a frame when the socket is open and authenticated; false otherwise. */
  send(frame: ClientFrame): boolean;
  /** Connects now if not connected (resets the back-off). */
  reconnectNow(): void;
  /** Stops for good. */
  close(): void;
};

const OPEN = 1;
const ENV_EVENTS = ["online", "visibilitychange", "pageshow"];

export function connect(o: ConnectionOptions): Connection {
  const timers = o.timers || realTimers();
  const random = o.random || Math.random;
  const Ctor = o.WebSocket || (WebSocket as unknown as SocketCtor);
  const env = o.env === undefined ? browserEnvironment() : o.env;
  const pingEvery = o.pingInterval || PING_INTERVAL;

  let state: ConnectionState = "connecting";
  let socket: SocketLike | null = null;
  let ready = false;
  let attempt = 0;
  let retry: unknown = null;
  let ping: unknown = null;
  let heard = 0;
  /** Bumped on each attempt: late answers of an older one are ignored. */
  let generation = 0;

  const setState = (s: ConnectionState, info: Partial<StateInfo> = {}) => {
    state = s;
    o.onState(s, { attempt, ...info });
  };
  const final = () => state == "ended" || state == "failed" || state == "closed";

  function stopTimers() {
    if (retry != null) timers.clearTimeout(retry);
    if (ping != null) timers.clearInterval(ping);
    retry = ping = null;
  }

  function drop() {
    const s = socket;
    socket = null;
    ready = false;
    if (s) {
      s.onopen = s.onmessage = s.onclose = s.onerror = null;
      try {
        s.close(1000);
      } catch {
        /* already closed */
      }
    }
  }

  /** Stops for good; `keep`: the open socket stays (the visitor's presence on the site). */
  function finish(s: "ended" | "failed" | "closed", info: Partial<StateInfo> = {}, keep = false) {
    if (final()) {
      if (s == "closed") drop();
      return;
    }
    stopTimers();
    if (!keep) drop();
    removeEnv();
    setState(s, info);
  }

  function schedule(info: Partial<StateInfo>) {
    if (final()) return;
    stopTimers();
    drop();
    const delay = backoff(attempt, random, o.baseDelay, o.maxDelay);
    attempt++;
    setState("reconnecting", { ...info, retryIn: delay });
    retry = timers.setTimeout(() => {
      retry = null;
      open();
    }, delay);
  }

  async function open() {
    if (final()) return;
    const gen = ++generation;
    drop();
    setState("connecting");
    let token: string;
    try {
      token = await o.getToken();
    } catch (e) {
      if (gen != generation || final()) return;
      const err = e as ChatError;
      if (err && err.kind == "ended") return finish("ended", { reason: err.message, code: 410 });
      if (err && err.kind == "not-found") return finish("failed", { reason: err.message, code: 404 });
      return schedule({ reason: err && err.message, code: err && err.status });
    }
    if (gen != generation || final()) return;
    let s: SocketLike;
    try {
      s = new Ctor(o.url);
    } catch (e) {
      return schedule({ reason: String(e) });
    }
    socket = s;
    s.onopen = () => {
      heard = timers.now();
      const auth: ClientFrame = {
        op: "auth",
        token,
        channelId: o.channelId,
        personaId: o.personaId,
        lastSeq: Math.max(0, o.lastSeq() || 0),
      };
      s.send(JSON.stringify(auth));
    };
    s.onmessage = (ev) => {
      // The chat ended: the socket only says the visitor is still here.
      if (final()) return;
      heard = timers.now();
      const f = readFrame(ev.data);
      if (!f) return;
      if (f.op == "ready") {
        ready = true;
        attempt = 0;
        startPing();
        setState("open");
      } else if (f.op == "error" && !ready) {
        // Authentication refused; the server closes with 1008 next.
        const { code, error } = f;
        if (code == 410) return finish("ended", { reason: error, code });
        if (code == 403 || code == 404) return finish("failed", { reason: error, code });
      } else if (f.op == "pong") {
        return;
      }
      o.onFrame(f);
      if (f.op == "channel-ended" || (f.op == "error" && f.code == 410)) {
        finish("ended", { code: 410 }, true);
      }
    };
    s.onerror = () => {
      /* a close follows */
    };
    s.onclose = (ev) => {
      if (socket != s) return;
      schedule({ code: ev && ev.code, reason: ev && ev.reason });
    };
  }

  function startPing() {
    if (ping != null) timers.clearInterval(ping);
    ping = timers.setInterval(() => {
      if (!socket || !ready) return;
      if (timers.now() - heard > 2 * pingEvery) {
        // Nothing heard for too long: the network dropped without a close.
        return schedule({ reason: "no answer" });
      }
      try {
        socket.send('{"op":"ping"}');
      } catch {
        schedule({ reason: "send failed" });
      }
    }, pingEvery);
  }

  /** online / visible / pageshow: reconnect now unless a socket is up (or on its way up). */
  const wake = () => {
    if (final() || !env) return;
    if (env.visibility() == "hidden" || !env.onLine()) return;
    if (state == "reconnecting") reconnectNow();
    else if (state == "open" && socket && socket.readyState != OPEN) reconnectNow();
  };
  function removeEnv() {
    if (env) for (const t of ENV_EVENTS) env.removeEventListener(t, wake);
  }
  if (env) for (const t of ENV_EVENTS) env.addEventListener(t, wake);

  function reconnectNow() {
    if (final()) return;
    stopTimers();
    attempt = 0;
    void open();
  }

  void open();

  return {
    state: () => state,
    send(frame) {
      if (!socket || !ready || state != "open" || socket.readyState != OPEN) return false;
      try {
        socket.send(JSON.stringify(frame));
        return true;
      } catch {
        return false;
      }
    },
    reconnectNow,
    close: () => finish("closed"),
  };
}
