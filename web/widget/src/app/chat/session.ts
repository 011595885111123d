// One visitor's chat on one domain: the driver of the session's reducer (core/session/): it turns
// what happens (the window, the page, the socket, the API's answers, timers) into events, keeps the
// state the reducer returns for the window to subscribe to, and runs the effects the reducer asks
// for — with no rules of its own. The session outlives the window: closing the chat keeps the
// connection, so unread agent messages are still counted (onUnread, the button's bubble), the
// title blinks and the banner shows; opening it again picks up where it was.
import { createChatApi } from "./core/api";
import { browserAudio, soundUrl, titleBlink, type AudioPlayer } from "./core/attention";
import type { ConnectionOptions } from "./core/connection";
import { clientId } from "./core/outbox";
import type { ProfileInput } from "./core/profile";
import { initialState, legalRequired, properties, reduce } from "./core/session/reduce";
import type { ChatView, Effect, Happening, SessionState } from "./core/session/types";
import { chatStorage, type ChatStorage } from "./core/storage";
import { lastSeq } from "./core/timeline";
import { realTimers, type Timers } from "./core/timers";
import type { ChatMessage, PropertyValue } from "./core/types";
import type { Attachment } from "./core/wire.gen";
import { connect, watchPage, type Socket } from "./realtime";

export { END_LINGER_MS, SYSTEM } from "./core/session/socket";
export type { ChatView, Phase, SystemLine } from "./core/session/types";

export type SessionOptions = {
  apiRoot: string;
  staticRoot: string;
  domainId: string;
  /** properties of the domain from the config (chat-legal-* before a channel exists) */
  domainProperties?: Record<string, unknown> | null;
  onUnread?: UnreadListener;
  // seams for tests
  fetch?: typeof fetch;
  storage?: ChatStorage;
  timers?: Timers;
  WebSocket?: ConnectionOptions["WebSocket"];
  env?: ConnectionOptions["env"];
  random?: () => number;
  play?: AudioPlayer;
  doc?: { title: string } | null;
  /** whether the page is visible; default document.visibilityState */
  visible?: () => boolean;
  newId?: () => string;
  pageUrl?: () => string | null;
};

/**
 * Unread agent messages: the count, and the message that raised it when it arrived live while the
 * window was closed (what a screen reader is told once).
 */
export type UnreadListener = (n: number, arrived?: ChatMessage) => void;

export type ChatSession = {
  view(): ChatView;
  subscribe(fn: () => void): () => void;
  /** Props to honour: the latest onUnread. */
  setOnUnread(fn: UnreadListener | undefined): void;
  /** The window is open (true) or closed. */
  setOpen(open: boolean): void;
  /** Saves the profile (already validated) and starts the chat when none is running. */
  saveProfile(input: ProfileInput): void;
  /** Sends a message (trimmed; empty without files is ignored). Returns whether it was taken. */
  send(text: string, files?: Attachment[]): boolean;
  /** The input's value changed (typing indicator). */
  input(value: string): void;
  /** End Chat (spec §4.5): true when the end-chat action went out; the stored channel and persona ids are forgotten. */
  endChat(): boolean;
  /** Mails the visitor this conversation (after End Chat); the address, or rejects with why. */
  transcript(): Promise<string>;
  /** Retry after an error panel, or start a new chat after an ended one. */
  restart(): void;
  /** Starts the stored chat once (no-op without a stored profile). */
  begin(): void;
  /** Retries a message the server refused. */
  retry(clientId: string): void;
  /** Rates the chat this session held (1–5, a comment); `rating` in the view says how it went. */
  rate(score: number, comment: string): void;
  /** legal-notice properties: the channel's, else the domain's */
  properties(): Record<string, PropertyValue | undefined>;
  /** legal notice needed and not accepted yet */
  legalRequired(): boolean;
  dispose(): void;
};

const here = () => (typeof location != "undefined" ? location.href : null);

export function createChatSession(o: SessionOptions): ChatSession {
  const timers = o.timers || realTimers();
  const store = o.storage || chatStorage();
  const api = createChatApi({ apiRoot: o.apiRoot, fetch: o.fetch, onEnded: () => store.clearChannelId() });
  const title = titleBlink(o.doc === undefined ? (typeof document != "undefined" ? document : null) : o.doc, timers);
  const play = o.play || browserAudio;
  const newId = o.newId || (() => clientId());
  const visible = o.visible || (() => typeof document == "undefined" || document.visibilityState != "hidden");
  let onUnread = o.onUnread;
  const listeners = new Set<() => void>();
  /** The timers the reducer asked for, by key. */
  const scheduled = new Map<string, unknown>();
  let conn: Socket | null = null;
  let stopWatching: (() => void) | undefined;
  let s: SessionState = initialState({ ...o, persona: store.persona(), personaId: store.personaId() });

  /** Reduces the event and runs its effects; whether the reducer took it (a change or an effect). */
  function dispatch(e: Happening): boolean {
    const [next, fx] = reduce(s, { ...e, now: timers.now() });
    const took = next != s || fx.length > 0;
    if (next != s) {
      s = next;
      for (const fn of Array.from(listeners)) fn();
    }
    fx.forEach(run);
    return took;
  }

  const close = () => {
    const c = conn;
    conn = null;
    c?.close();
  };

  const look = () => {
    const href = here();
    // The page's own title, not the one the attention blink shows for a moment.
    if (href != null) dispatch({ type: "page", href, title: title.pageTitle() });
  };

  function run(e: Effect) {
    switch (e.fx) {
      case "send": {
        const then = conn && conn.send(e.frame) ? e.sent : e.unsent;
        if (then) dispatch(then);
        break;
      }
      case "call": {
        const { then, run } = e;
        (api[e.call] as (...a: unknown[]) => Promise<never>)(...e.args).then(
          (value) => dispatch({ type: then, run, value }),
          (error) => dispatch({ type: then, run, error }),
        );
        break;
      }
      case "store":
        (store[e.call] as (...a: unknown[]) => void)(...e.args);
        break;
      case "read":
        dispatch({
          type: "stored",
          run: e.run,
          stored: { channelId: store.channelId(), personaId: store.personaId(), readSeq: store.readSeq(), url: o.pageUrl ? o.pageUrl() : here() },
        });
        break;
      case "id":
        dispatch({ type: "queue", text: e.text, files: e.files, id: newId() });
        break;
      case "connect": {
        const { run, channelId, personaId } = e;
        conn = connect({
          url: api.realtimeUrl(),
          channelId,
          personaId,
          getToken: () => api.token(channelId, personaId).then((t) => t.token),
          lastSeq: () => lastSeq(s.messages),
          onFrame: (frame) => dispatch({ type: "frame", run, frame }),
          onState: (state) => dispatch({ type: "state", run, state }),
          WebSocket: o.WebSocket,
          timers,
          random: o.random,
          env: o.env,
        });
        break;
      }
      case "close":
        close();
        break;
      case "reconnect":
        conn?.reconnectNow();
        break;
      case "timer":
        timers.clearTimeout(scheduled.get(e.key));
        scheduled.set(
          e.key,
          timers.setTimeout(() => {
            scheduled.delete(e.key);
            dispatch(e.event);
          }, e.ms),
        );
        break;
      case "cancel":
        timers.clearTimeout(scheduled.get(e.key));
        scheduled.delete(e.key);
        break;
      case "play":
        play(soundUrl(o.staticRoot, e.sound));
        break;
      case "blink":
        title.blink(e.name);
        break;
      case "unread":
        try {
          onUnread?.(e.count, e.arrived);
        } catch {
          /* the host's callback must not break the chat */
        }
        break;
      case "look":
        look();
        break;
      case "watch":
        if (typeof window != "undefined") stopWatching = watchPage(look, timers);
    }
  }

  const onVisibility = () => dispatch({ type: "visibility", visible: visible() });
  const onOnline = () => dispatch({ type: "online" });
  if (typeof document != "undefined") document.addEventListener("visibilitychange", onVisibility);
  if (typeof window != "undefined") window.addEventListener("online", onOnline);

  return {
    view: () => s,
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    setOnUnread(fn) {
      onUnread = fn;
    },
    setOpen: (open) => void dispatch({ type: "open", open, visible: visible() }),
    saveProfile: (input) => void dispatch({ type: "profile", input, url: here(), accepted: store.legalNoticeAccepted() }),
    send: (text, files = []) => dispatch({ type: "send", text, files }),
    input: (value) => void dispatch({ type: "input", value }),
    endChat() {
      const was = s.phase;
      dispatch({ type: "end-chat" });
      return s.phase != was;
    },
    async transcript() {
      if (!s.channel || !s.personaId) throw new Error("There is no conversation to send.");
      return (await api.transcript(s.channel.id, s.personaId)).email;
    },
    restart: () => void dispatch({ type: "restart" }),
    begin: () => void dispatch({ type: "begin" }),
    retry: (id) => void dispatch({ type: "retry", id }),
    rate: (score, comment) => void dispatch({ type: "rate", score, comment }),
    properties: () => properties(s),
    legalRequired: () => legalRequired(s, store.legalNoticeAccepted()),
    dispose() {
      // Nobody is told any more (a window being unmounted); later answers and frames are dropped.
      listeners.clear();
      dispatch({ type: "dispose" });
      // Lets go of everything it holds: the socket, the page's watch, timers, the title's blink.
      close();
      stopWatching?.();
      for (const t of scheduled.values()) timers.clearTimeout(t);
      title.blink();
      if (typeof document != "undefined") document.removeEventListener("visibilitychange", onVisibility);
      if (typeof window != "undefined") window.removeEventListener("online", onOnline);
    },
  };
}

// One session per domain for the page view, shared by every mount of the window.
const sessions = new Map<string, ChatSession>();

export function sessionFor(key: string, make: () => ChatSession): ChatSession {
  let s = sessions.get(key);
  if (!s) sessions.set(key, (s = make()));
  return s;
}

/** The page's session for a chat API root and domain: the window's and the resumed chat's. */
export const pageSession = (apiRoot: string, staticRoot: string, domain: { id: string; properties?: unknown }): ChatSession =>
  sessionFor(`${apiRoot}|${domain.id}`, () =>
    createChatSession({
      apiRoot,
      staticRoot,
      domainId: domain.id,
      domainProperties: (domain.properties as Record<string, unknown>) || null,
    }),
  );

/** Ends and forgets every session (tests, or a page that removes the widget). */
export function disposeSessions(): void {
  for (const s of sessions.values()) s.dispose();
  sessions.clear();
}
