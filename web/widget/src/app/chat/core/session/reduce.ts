// One visitor's chat on one domain as a pure reducer: reduce(state, event) → [state, effects].
// Events are what happened (the window opened, the visitor sent, the socket's frames and states,
// the API's answers, timers), each with its time; effects are what the session asks of the page
// (frames to send, API calls, storage writes, timers, sounds, the title's blink, the unread count
// for the host). The driver (../../session.ts) runs them and holds no rules of its own.
import { attentionSeen, bannerCleared } from "../attention";
import { pageChanged, pageToReport } from "../pages";
import { initialPresence, agentPresence } from "../presence";
import { legalEnabled, toPersona } from "../profile";
import { ratingBody } from "../rating";
import { addPending, outboxOffline, retryDue, retryFailed } from "../outbox";
import { countUnread } from "../timeline";
import type { ClientPersona, PropertyValue } from "../types";
import { typingInput, typingOff } from "../typing";
import { ackLatest, ended, onFrame, onState } from "./socket";
import { fromStorage, restart, setupAnswer, start, stopConnection } from "./setup";
import { emit, set } from "./step";
import type { Effect, SessionEvent, SessionState, Step } from "./types";

export type SessionConfig = {
  apiRoot: string;
  domainId: string;
  domainProperties?: Record<string, unknown> | null;
  /** What storage holds of the visitor when the session is made. */
  persona: ClientPersona | null;
  personaId: string | null;
};

export const initialState = (o: SessionConfig): SessionState => ({
  phase: "profile",
  persona: o.persona,
  personaId: o.personaId,
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
  rating: "",
  apiRoot: o.apiRoot,
  domainId: o.domainId,
  domainProperties: (o.domainProperties as Record<string, PropertyValue>) || {},
  run: 0,
  open: false,
  seen: false,
  started: false,
  disposed: false,
  heard: false,
  everOpen: false,
  ackedSeq: 0,
  sysId: 0,
  chatId: "",
  agents: initialPresence(false),
  lastPage: null,
  stored: null,
  outbox: { online: false, sent: [], retrying: [] },
  typing: { on: false, lastSent: 0 },
  attention: { seen: true, clearing: false },
});

/** The domain's properties from the config, updated by the channel's (the server's current ones). */
export const properties = (s: SessionState): Record<string, PropertyValue | undefined> => ({
  ...s.domainProperties,
  ...((s.channel && s.channel.properties) || {}),
});

/** The legal notice is needed and was not accepted yet (`accepted`: storage's acceptance time). */
export const legalRequired = (s: SessionState, accepted: number): boolean =>
  legalEnabled(properties(s)) && !accepted && !(s.persona && s.persona.legalNoticeAccepted);

export function reduce(state: SessionState, e: SessionEvent): [SessionState, Effect[]] {
  const c: Step = { s: state, fx: [], now: e.now };
  // Answers, frames and timers of an earlier start (or of a disposed session) are dropped; who is
  // online holds whatever chat starts meanwhile.
  const stale = "run" in e && e.run != state.run && e.type != "available";
  if (!state.disposed && !stale) on(c, e);
  return [c.s, c.fx];
}

/** The visitor sees the chat (window open, tab visible), or stops seeing it. */
function seeing(c: Step, seen: boolean) {
  if (seen == c.s.seen) return;
  set(c, { seen });
  attentionSeen(c, seen);
  if (!seen) return;
  countUnread(c, 0);
  ackLatest(c);
}

function on(c: Step, e: SessionEvent) {
  const s = c.s;
  switch (e.type) {
    case "open":
      set(c, { open: e.open });
      seeing(c, e.open && e.visible);
      // Before the socket says who is online (no profile yet, or still connecting): ask.
      if (e.open && !s.heard) emit(c, { fx: "call", call: "available", args: [s.domainId], run: s.run, then: "available" });
      return;
    case "visibility":
      return seeing(c, s.open && e.visible);
    case "online":
      // Back online after 'Unable to connect': try again by itself.
      if (s.phase == "error" && s.error && s.error.kind == "network") restart(c);
      return;
    case "page": {
      const page = pageToReport(e.href, e.title, s.apiRoot);
      if (page && pageChanged(s.lastPage, page)) emit(c, { fx: "send", frame: { op: "page", ...page }, sent: { type: "told", page } });
      return;
    }
    case "told":
      return set(c, { lastPage: e.page });
    case "begin":
      if (s.started) return;
      set(c, { started: true });
      emit(c, { fx: "watch" });
      if (s.persona) restart(c);
      return;
    case "restart":
      return restart(c);
    case "profile": {
      const prev = s.persona;
      const persona = toPersona(e.input, prev && e.accepted ? { ...prev, legalNoticeAccepted: e.accepted } : prev, { now: e.now, url: e.url });
      emit(c, { fx: "store", call: "setPersona", args: [persona] });
      set(c, { persona });
      if (s.phase == "profile" || s.phase == "error") {
        set(c, { started: true });
        start(c);
      }
      return;
    }
    case "send": {
      const text = e.text.trim();
      if ((!text && !e.files.length) || !s.persona || s.phase == "ended" || s.phase == "error") return;
      if (s.phase == "connecting" && !s.everOpen) return;
      typingOff(c, false);
      // Taken: it is queued with a new client id (`queue`).
      return emit(c, { fx: "id", text, files: e.files });
    }
    case "queue":
      return addPending(c, e.text, e.files, e.id);
    case "unsent":
      return outboxOffline(c);
    case "input":
      if (s.phase == "live") typingInput(c, e.value);
      return;
    case "typing-idle":
      return typingOff(c, true);
    case "end-chat":
      // Ended once the frame went out (`end-sent`); else quietly nothing: the input stays.
      if (s.phase == "live") emit(c, { fx: "send", frame: { op: "client-action", action: "end-chat" }, sent: { type: "end-sent" } });
      return;
    case "end-sent":
      ended(c);
      // Ended by the visitor: "Start a new chat" starts a new conversation, so the visitor persona
      // is forgotten too (spec §4.5), and the server has nothing to reopen.
      return emit(c, { fx: "store", call: "clearChannel", args: [] });
    case "linger":
      if (s.conn != "ended") stopConnection(c);
      return;
    case "retry":
      return retryFailed(c, e.id);
    case "retry-due":
      return retryDue(c, e.id);
    case "rate":
      if (!s.chatId || !s.personaId || s.rating == "sending") return;
      set(c, { rating: "sending" });
      emit(c, { fx: "call", call: "rate", args: [s.chatId, s.personaId, ratingBody(e.score, e.comment)], run: s.run, then: "rated" });
      return;
    case "rated":
      return set(c, { rating: e.value ? "sent" : "failed" });
    case "acked":
      set(c, { ackedSeq: e.seq });
      return emit(c, { fx: "store", call: "setReadSeq", args: [e.seq] });
    case "banner-clear":
      return bannerCleared(c);
    case "available": {
      if (s.heard || !e.value) return; // unknown: the header stays as it is
      const agents = initialPresence(e.value.agentAvailable === true);
      return set(c, { agents, presence: agentPresence(agents), presenceKnown: true, repliesByEmail: e.value.repliesByEmail === true });
    }
    case "state":
      return onState(c, e.state);
    case "frame":
      return onFrame(c, e.frame);
    case "stored":
      return fromStorage(c, e.stored);
    case "found":
    case "created":
    case "history":
    case "away-history":
      return setupAnswer(c, e);
    case "dispose":
      return set(c, { disposed: true, run: s.run + 1 });
  }
}
