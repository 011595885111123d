// One visitor's chat on one domain, without React: it joins the pieces of core/ (API calls,
// storage, realtime connection, outbox, timeline, typing, presence, attention) into a store the
// window subscribes to. It outlives the window: closing the chat keeps the connection, so unread
// agent messages are still counted (onUnread, the button's bubble), the title blinks and the
// banner shows; opening it again picks up where it was.
import { ChatError, createChatApi, TEXT, type ChatApi, type ChatErrorKind } from "./core/api";
import { createAttention, type Attention, type AudioPlayer } from "./core/attention";
import type { Connection, ConnectionOptions, ConnectionState } from "./core/connection";
import { createOutbox, type Outbox, type Pending } from "./core/outbox";
import { agentPresence, initialPresence, reducePresence, type AgentPresence, type PresenceState } from "./core/presence";
import { legalEnabled, toPersona, type ProfileInput } from "./core/profile";
import { pageChanged, pageToReport, type Page } from "./core/pages";
import { ratingBody, type RatingState } from "./core/rating";
import { chatStorage, type ChatStorage } from "./core/storage";
import { ackFrame, ackTarget, createUnread, lastSeq, mergeMessages, missedBefore, type Unread } from "./core/timeline";
import { realTimers, type Timers } from "./core/timers";
import { createTyping, type Typing } from "./core/typing";
import { isAgentSender, type Channel, type ChatMessage, type ClientPersona, type PropertyValue } from "./core/types";
import type { Attachment, ServerFrame } from "./core/wire.gen";
import { connect, watchPage } from "./realtime";
import { texts } from "../i18n/index";

/** How long the socket stays after End Chat when the server does not answer (once it has, the
 * socket stays while the page does: the agents see the visitor on the site). */
export const END_LINGER_MS = 5000;

/** The system messages (spec §8), in the widget's language. */
export const SYSTEM = texts("system");

export type Phase =
  /** no stored profile yet */
  | "profile"
  /** creating/fetching the channel, loading history, opening the socket the first time */
  | "connecting"
  /** the socket was open at least once (it may be reconnecting now) */
  | "live"
  /** this chat has ended (End Chat, the agent, or 410) */
  | "ended"
  /** the chat could not be set up (see `error`) */
  | "error";

export type SystemLine = { id: number; text: string; time: number };

export type ChatView = {
  phase: Phase;
  persona: ClientPersona | null;
  personaId: string | null;
  channel: Channel | null;
  /** the realtime connection's state (idle before there is one) */
  conn: ConnectionState | "idle";
  /** set when the setup failed: which panel; `ended` for a 410 */
  error: { kind: ChatErrorKind; text: string } | null;
  /** history could not be loaded (spec §8 text), the chat goes on */
  historyError: boolean;
  /** the first socket failed; retries go on */
  connectFailed: boolean;
  messages: ChatMessage[];
  pending: Pending[];
  system: SystemLine[];
  presence: AgentPresence;
  /** whether the site's presence is known yet (the socket's ready, or the HTTP answer before it) */
  presenceKnown: boolean;
  /** the server mails a reply the visitor has not seen (the socket's ready says so) */
  repliesByEmail: boolean;
  unread: number;
  banner: boolean;
  /** End Chat was asked and is being sent */
  ending: boolean;
  /** the visitor's rating of this chat, once it has ended (core/rating.ts) */
  rating: RatingState;
};

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

export function createChatSession(o: SessionOptions): ChatSession {
  const timers = o.timers || realTimers();
  const store = o.storage || chatStorage();
  let onUnread = o.onUnread;
  const listeners = new Set<() => void>();
  const visible =
    o.visible || (() => (typeof document == "undefined" ? true : document.visibilityState != "hidden"));

  let v: ChatView = {
    phase: "profile",
    persona: store.persona(),
    personaId: store.personaId(),
    channel: null,
    conn: "idle",
    error: null,
    historyError: false,
    connectFailed: false,
    messages: [],
    pending: [],
    system: [],
    presence: { online: false, typing: [] },
    presenceKnown: false,
    repliesByEmail: false,
    unread: 0,
    banner: false,
    ending: false,
    rating: "",
  };
  let presence: PresenceState = initialPresence(false);
  let open = false;
  let seen = false;
  let ackedSeq = 0;
  let sysId = 0;
  let run = 0;
  let conn: Connection | null = null;
  let everOpen = false;
  let disposed = false;
  let started = false;
  /** The socket has told who is online (ready); until then the header shows the HTTP answer. */
  let heard = false;
  /** The agent message being counted, when it arrived live with the window closed. */
  let arrived: ChatMessage | undefined;
  /** The page last told on this connection (core/pages.ts), and the watch on the address. */
  let lastPage: Page | null = null;
  let stopWatching: (() => void) | undefined;
  const tellPage = () => {
    if (typeof location == "undefined" || !conn) return;
    // The page's own title, not the one the attention blink shows for a moment.
    const page = pageToReport(location.href, attention.pageTitle(), o.apiRoot);
    if (!page || !pageChanged(lastPage, page)) return;
    if (conn.send({ op: "page", ...page })) lastPage = page;
  };
  /** The chat this session holds (or held, once ended): the one a rating is about. */
  let chatId = "";

  const set = (patch: Partial<ChatView>) => {
    v = { ...v, ...patch };
    for (const fn of Array.from(listeners)) fn();
  };
  const system = (text: string) => set({ system: [...v.system, { id: ++sysId, text, time: timers.now() }] });

  const api: ChatApi = createChatApi({
    apiRoot: o.apiRoot,
    fetch: o.fetch,
    onEnded: () => store.clearChannelId(),
  });

  const outbox: Outbox = createOutbox({
    send: (f) => !!conn && conn.send(f),
    onChange: (pending) => set({ pending }),
    persona: () => (v.persona ? { name: v.persona.name } : undefined),
    newId: o.newId,
    timers,
  });

  const typing: Typing = createTyping((t) => {
    conn?.send({ op: "presence", typing: t, type: "typing-update" });
  }, timers);

  const attention: Attention = createAttention({
    staticRoot: o.staticRoot,
    play: o.play,
    doc: o.doc,
    timers,
    onBanner: (banner) => set({ banner }),
  });

  const unread: Unread = createUnread((n) => {
    set({ unread: n });
    try {
      onUnread?.(n, arrived);
    } catch {
      /* the host's callback must not break the chat */
    }
  });

  function ackLatest() {
    if (!seen || !conn) return;
    const m = ackTarget(v.messages, v.personaId, ackedSeq);
    if (m && conn.send(ackFrame(m))) store.setReadSeq((ackedSeq = m.seq));
  }

  function updateSeen() {
    const now = open && visible();
    if (now == seen) return;
    seen = now;
    attention.setSeen(now);
    if (now) {
      unread.reset();
      ackLatest();
    }
  }
  const onVisibility = () => updateSeen();
  // Back online after 'Unable to connect': try again by itself.
  const onOnline = () => {
    if (v.phase == "error" && v.error && v.error.kind == "network") restart();
  };
  if (typeof document != "undefined") document.addEventListener("visibilitychange", onVisibility);
  if (typeof window != "undefined") window.addEventListener("online", onOnline);

  function restart() {
    set({ messages: [], pending: [], system: [], error: null, historyError: false, rating: "" });
    outbox.clear();
    ackedSeq = 0;
    void start();
  }

  function stopConnection() {
    conn?.close();
    conn = null;
    outbox.disconnected();
  }

  /**
   * The owner erased this visitor's data (410 `erased`): everything the browser kept about them
   * goes, the profile too, and nothing is created; writing again makes them a new, blank visitor.
   */
  function forget() {
    stopConnection();
    store.forget();
    outbox.clear();
    unread.reset();
    chatId = "";
    ackedSeq = 0;
    set({ phase: "profile", persona: null, personaId: null, channel: null, error: null, messages: [], pending: [], system: [], rating: "" });
  }

  function fail(e: unknown, r: number) {
    if (r != run) return;
    const err = e instanceof ChatError ? e : new ChatError("setup", 0);
    if (err.kind == "erased") return forget();
    if (err.kind == "ended") {
      // The spec's text, with what was said so far read-only and "Start a new chat" (ChatWindow).
      stopConnection();
      return set({ phase: "ended", error: { kind: "ended", text: TEXT.ended } });
    }
    const kind = err.kind == "network" ? "network" : "setup";
    set({ phase: "error", error: { kind, text: kind == "network" ? TEXT.networkText : TEXT.setupText } });
  }

  async function start() {
    const r = ++run;
    stopConnection();
    const persona = v.persona;
    if (!persona) return set({ phase: "profile" });
    set({ phase: "connecting", conn: "idle", error: null, historyError: false, connectFailed: false, ending: false });
    let channelId = store.channelId();
    let personaId = store.personaId();
    let res;
    try {
      if (channelId && personaId) {
        try {
          res = await api.getChannel(channelId, personaId);
        } catch (e) {
          if (e instanceof ChatError && e.kind == "ended") return endedWhileAway(channelId, personaId, r, e);
          if (!(e instanceof ChatError) || e.kind != "not-found") throw e;
          store.clearChannel(); // unknown here (another server, data reset): start a new chat
        }
      }
      if (!res) {
        const url = o.pageUrl ? o.pageUrl() : typeof location != "undefined" ? location.href : null;
        // personaId, when still stored, is this browser's visitor of an ended chat (see ended()).
        res = await api.createChannel(o.domainId, { ...persona, url: url ?? persona.url ?? null }, personaId);
      }
    } catch (e) {
      return fail(e, r);
    }
    if (r != run || disposed) return;
    chatId = channelId = res.channel.id;
    personaId = res.chatClientPersona.id;
    store.setChannel(channelId, personaId);
    set({ channel: res.channel, personaId });

    let messages: ChatMessage[] = [];
    try {
      const h = await api.history(channelId, personaId);
      messages = h.messages;
    } catch (e) {
      if (r != run) return;
      if (e instanceof ChatError && (e.kind == "ended" || e.kind == "not-found")) return fail(e, r);
      set({ historyError: true });
    }
    if (r != run || disposed) return;
    // Agent messages since the visitor last looked (another page view) are unread.
    const read = store.readSeq();
    for (const m of messages) if (m.seq > read) unread.add(m, personaId, seen);
    set({ messages: mergeMessages(v.messages, messages) });
    openSocket(channelId, personaId, r);
  }

  /**
   * The stored chat ended while the visitor was away (410): its history is still theirs to read
   * (the server answers it to the chat's own persona), shown read-only under the spec's text.
   */
  async function endedWhileAway(channelId: string, personaId: string, r: number, e: ChatError) {
    chatId = channelId;
    let messages: ChatMessage[] = [];
    try {
      messages = (await api.history(channelId, personaId)).messages;
    } catch {
      /* the text and "Start a new chat" still show */
    }
    if (r != run || disposed) return;
    set({ personaId, messages: mergeMessages(v.messages, messages) });
    fail(e, r);
  }

  function openSocket(channelId: string, personaId: string, r: number) {
    everOpen = false;
    conn = connect({
      url: api.realtimeUrl(),
      channelId,
      personaId,
      getToken: () => api.token(channelId, personaId).then((t) => t.token),
      lastSeq: () => lastSeq(v.messages),
      onFrame: (f) => r == run && onFrame(f),
      onState: (s) => r == run && onState(s),
      WebSocket: o.WebSocket,
      timers,
      random: o.random,
      env: o.env,
    });
  }

  function onState(s: ConnectionState) {
    const was = v.conn;
    set({ conn: s });
    if (s == "open") {
      if (!everOpen) system(SYSTEM.connected);
      else system(SYSTEM.back);
      everOpen = true;
      set({ phase: v.phase == "ended" ? "ended" : "live", connectFailed: false });
      outbox.connected();
      ackLatest();
    } else if (s == "reconnecting") {
      outbox.disconnected();
      if (was == "open") system(SYSTEM.lost);
      if (!everOpen && !v.connectFailed) set({ connectFailed: true });
    } else if (s == "connecting") {
      if (!everOpen && was == "idle") system(SYSTEM.connecting);
    } else if (s == "ended") {
      ended();
    } else if (s == "failed") {
      outbox.disconnected();
      system(SYSTEM.failed);
      set({ phase: "error", error: { kind: "setup", text: TEXT.setupText }, connectFailed: true });
    }
  }

  function ended() {
    if (v.phase == "ended") return;
    // The persona id stays (unless the visitor ended it: endChat): a new chat from this browser
    // with the same e-mail reopens this thread (the server will not do that for the e-mail alone).
    store.clearChannelId();
    typing.sent();
    outbox.clear();
    system(SYSTEM.ended);
    set({ phase: "ended", ending: false, presence: { ...v.presence, typing: [] } });
    // The server answers end-chat with channel-ended (the connection then keeps its socket, quiet,
    // while the page is here); without an answer the socket is let go a little later.
    const r = run;
    timers.setTimeout(() => r == run && conn?.state() != "ended" && stopConnection(), END_LINGER_MS);
  }

  function onFrame(f: ServerFrame) {
    switch (f.op) {
      case "ready":
        heard = true;
        lastPage = null;
        tellPage();
        presence = initialPresence(f.role == "visitor" && !!f.agentsOnline);
        set({ presence: agentPresence(presence), presenceKnown: true, repliesByEmail: f.role == "visitor" && !!f.repliesByEmail });
        break;
      case "chat-message": {
        const m = f.message;
        const before = v.messages;
        if (missedBefore(before, m)) {
          // A gap: a new socket resumes after the last message held, this one included.
          conn?.reconnectNow();
          return;
        }
        const merged = mergeMessages(before, [m]);
        if (merged == before) return; // already shown
        outbox.seen(m.clientId);
        set({ messages: merged });
        if (isAgentSender(m.sender, v.personaId)) {
          arrived = open ? undefined : m;
          unread.add(m, v.personaId, seen);
          arrived = undefined;
          attention.agentMessage((m.sender && m.sender.name) || "", seen);
          // their typing stops with their message
          const t = { ...presence.typing };
          const sid = m.sender && m.sender.id;
          if (sid && t[sid] !== undefined) {
            delete t[sid];
            presence = { ...presence, typing: t };
            set({ presence: agentPresence(presence) });
          }
          ackLatest();
        }
        break;
      }
      case "ack":
        if (outbox.ack(f) && !f.duplicate) attention.sent();
        break;
      case "error":
        if (f.clientId) outbox.refused(f.clientId, f.code, f.error);
        break;
      case "presence":
        presence = reducePresence(presence, f, v.personaId);
        set({ presence: agentPresence(presence) });
        break;
      case "channel-ended":
        ended();
        break;
    }
  }

  /** The domain's properties from the config, updated by the channel's (the server's current ones). */
  const properties = (): Record<string, PropertyValue | undefined> => ({
    ...((o.domainProperties as Record<string, PropertyValue>) || {}),
    ...((v.channel && v.channel.properties) || {}),
  });

  return {
    view: () => v,
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    setOnUnread(fn) {
      onUnread = fn;
    },
    setOpen(isOpen) {
      open = isOpen;
      updateSeen();
      // Before the socket says who is online (no profile yet, or still connecting): ask.
      if (open && !heard)
        api.available(o.domainId).then(
          (a) => {
            if (heard || disposed) return;
            presence = initialPresence(a.agentAvailable === true);
            set({ presence: agentPresence(presence), presenceKnown: true, repliesByEmail: a.repliesByEmail === true });
          },
          () => {}, // unknown: the header stays as it is
        );
    },
    saveProfile(input) {
      const prev = v.persona;
      const accepted = store.legalNoticeAccepted();
      const persona = toPersona(input, prev && accepted ? { ...prev, legalNoticeAccepted: accepted } : prev, {
        now: timers.now(),
        url: typeof location != "undefined" ? location.href : null,
      });
      store.setPersona(persona);
      set({ persona });
      if (v.phase == "profile" || v.phase == "error") {
        started = true;
        void start();
      }
    },
    send(text, files = []) {
      const t = text.trim();
      if ((!t && !files.length) || !v.persona || v.phase == "ended" || v.phase == "error" || v.ending) return false;
      if (v.phase == "connecting" && !everOpen) return false;
      typing.sent();
      outbox.add(t, files);
      return true;
    },
    input(value) {
      if (v.phase == "live") typing.input(value);
    },
    endChat() {
      if (v.phase != "live" || !conn) return false;
      set({ ending: true });
      const ok = conn.send({ op: "client-action", action: "end-chat" });
      if (!ok) {
        // Quietly: the input comes back.
        set({ ending: false });
        return false;
      }
      ended();
      // Ended by the visitor: "Start a new chat" starts a new conversation, so the visitor persona
      // is forgotten too (spec §4.5), and the server has nothing to reopen.
      store.clearChannel();
      return true;
    },
    async transcript() {
      if (!v.channel || !v.personaId) throw new Error("There is no conversation to send.");
      return (await api.transcript(v.channel.id, v.personaId)).email;
    },
    restart,
    begin() {
      if (started) return;
      started = true;
      if (typeof window != "undefined") stopWatching = watchPage(tellPage, timers);
      if (v.persona) restart();
    },
    retry: (id) => outbox.retry(id),
    rate(score, comment) {
      const r = run;
      if (!chatId || !v.personaId || v.rating == "sending") return;
      set({ rating: "sending" });
      api.rate(chatId, v.personaId, ratingBody(score, comment)).then(
        () => r == run && set({ rating: "sent" }),
        () => r == run && set({ rating: "failed" }),
      );
    },
    properties,
    legalRequired: () => legalEnabled(properties()) && !store.legalNoticeAccepted() && !(v.persona && v.persona.legalNoticeAccepted),
    dispose() {
      disposed = true;
      stopWatching?.();
      run++;
      stopConnection();
      typing.dispose();
      attention.dispose();
      if (typeof document != "undefined") document.removeEventListener("visibilitychange", onVisibility);
      if (typeof window != "undefined") window.removeEventListener("online", onOnline);
      listeners.clear();
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
