// Builders for the session reducer's tests (src/app/chat/core/session/): states, events at a
// time of the test's choosing, and what the effects of a reduction say.
import { initialState, reduce } from "../../../../src/app/chat/core/session/reduce";
import type { Effect, Happening, SessionState, Step } from "../../../../src/app/chat/core/session/types";
import type { ChatMessage, Sender } from "../../../../src/app/chat/core/types";
import type { ServerFrame } from "../../../../src/app/chat/core/wire.gen";

export const T0 = Date.parse("2026-01-01T10:00:00Z");
export const ann = { name: "Ann", email: "ann@example.com", ip: null, url: null, legalNoticeAccepted: 0 };
export const me: Sender = { id: "p-1", type: "ChatClient", name: "Ann", avatarUrl: null };
export const ada: Sender = { id: "p-9", type: "ChatAgentPersona", name: "Ada", avatarUrl: null };
export const channel = { id: "c-1", lastSeq: 0, properties: {} } as unknown as SessionState["channel"] & object;

/** A stored message: its seq, sender, time (T0 + seq seconds unless given) and client id. */
export const message = (seq: number, sender: Sender, at = T0 + seq * 1000, clientId = ""): ChatMessage => ({
  id: "m-" + seq,
  seq,
  clientId,
  text: "t" + seq,
  sender,
  attachments: [],
  createdAt: new Date(at).toISOString(),
});

/** A message of the site's side unless another sender is given. */
export const msg = (seq: number, sender: Sender = ada, clientId = ""): ChatMessage => message(seq, sender, undefined, clientId);

/** A session of domain d-1 that has not begun: no stored visitor unless `persona`. */
export const fresh = (patch: Partial<SessionState> = {}): SessionState => ({
  ...initialState({ apiRoot: "https://chat.example/api", domainId: "d-1", persona: null, personaId: null }),
  ...patch,
});

/** Ann's chat c-1, live on an open socket of run 1, with the window open and the tab visible. */
export const live = (patch: Partial<SessionState> = {}): SessionState =>
  fresh({
    phase: "live",
    persona: ann,
    personaId: "p-1",
    channel,
    chatId: "c-1",
    conn: "open",
    run: 1,
    everOpen: true,
    heard: true,
    open: true,
    seen: true,
    outbox: { online: true, sent: [], retrying: [] },
    stored: { channelId: "c-1", personaId: "p-1", readSeq: 0, url: null },
    ...patch,
  });

/** Reduces the events in turn (each at T0 + its index, or its own `now`): the last state and every effect. */
export function run(s: SessionState, ...events: Array<Happening & { now?: number }>): [SessionState, Effect[]] {
  const all: Effect[] = [];
  events.forEach((e, i) => {
    const [next, fx] = reduce(s, { now: T0 + i, ...e });
    s = next;
    all.push(...fx);
  });
  return [s, all];
}

/** The event of a server frame on the socket of run 1. */
export const frame = (f: ServerFrame | Record<string, unknown>, run = 1): Happening => ({ type: "frame", run, frame: f as ServerFrame });

/** The event of the socket's state of run 1. */
export const state = (s: Extract<Happening, { type: "state" }>["state"], run = 1): Happening => ({ type: "state", run, state: s });

/** The frames the effects send. */
export const frames = (fx: Effect[]) => fx.flatMap((e) => (e.fx == "send" ? [e.frame] : []));

/** The last effect asked for. */
export const last = (fx: Effect[]): Effect | undefined => fx[fx.length - 1];

/** The effects of one kind. */
export const only = <K extends Effect["fx"]>(fx: Effect[], kind: K) => fx.filter((e): e is Extract<Effect, { fx: K }> => e.fx == kind);

/** A step at T0 over a state, for the parts' own steps (outbox, typing, attention, unread). */
export const step = (s: SessionState, now = T0): Step => ({ s, fx: [], now });
