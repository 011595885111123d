// Setting a chat up (spec §7, §8): the stored chat or a new one, its history, then the socket; and
// what a failure leaves (the error panels, an ended chat read-only, an erased visitor forgotten).
// Each API answer comes back as an event of the start (`run`) that asked for it.
import { ChatError, TEXT } from "../api";
import { clearOutbox, outboxOffline } from "../outbox";
import { countUnread, mergeMessages, unreadAdd } from "../timeline";
import type { ChannelResponse, ChatMessage } from "../types";
import { emit, set } from "./step";
import type { Answer, Step, Stored } from "./types";

/** Lets the socket go; whatever was sent and not acked goes again on the next one. */
export function stopConnection(c: Step): void {
  emit(c, { fx: "close" });
  outboxOffline(c);
}

/** (Re)starts the chat: the stored one, or a new one. Without a profile there is nothing to start. */
export function start(c: Step): void {
  set(c, { run: c.s.run + 1 });
  stopConnection(c);
  if (!c.s.persona) return set(c, { phase: "profile" });
  set(c, { phase: "connecting", conn: "idle", error: null, historyError: false, connectFailed: false });
  emit(c, { fx: "read", run: c.s.run });
}

/** Retry after an error panel, or a new chat after an ended one. */
export function restart(c: Step): void {
  set(c, { messages: [], system: [], error: null, historyError: false, rating: "" });
  clearOutbox(c);
  set(c, { ackedSeq: 0 });
  start(c);
}

/** Storage's answer to the start: the stored chat is fetched, or a new one created. */
export function fromStorage(c: Step, stored: Stored): void {
  set(c, { stored });
  if (stored.channelId && stored.personaId)
    emit(c, { fx: "call", call: "getChannel", args: [stored.channelId, stored.personaId], run: c.s.run, then: "found" });
  else create(c);
}

function create(c: Step) {
  const { personaId, url } = c.s.stored!;
  const persona = c.s.persona!;
  // personaId, when still stored, is this browser's visitor of an ended chat (see ended()).
  const args: [string, typeof persona, string | null] = [c.s.domainId, { ...persona, url: url ?? persona.url ?? null }, personaId];
  emit(c, { fx: "call", call: "createChannel", args, run: c.s.run, then: "created" });
}

/** The channel, its history, the unread messages among it, and the socket. */
export function setupAnswer(c: Step, e: Answer): void {
  const stored = c.s.stored!;
  switch (e.type) {
    case "found":
      if (e.value) return channel(c, e.value);
      if (e.error instanceof ChatError && e.error.kind == "ended") {
        // The stored chat ended while the visitor was away (410): its history is still theirs to
        // read (the server answers it to the chat's own persona), shown read-only under the spec's text.
        set(c, { chatId: stored.channelId! });
        return emit(c, { fx: "call", call: "history", args: [stored.channelId!, stored.personaId!], run: c.s.run, then: "away-history" });
      }
      if (!(e.error instanceof ChatError) || e.error.kind != "not-found") return fail(c, e.error);
      // unknown here (another server, data reset): start a new chat
      emit(c, { fx: "store", call: "clearChannel", args: [] });
      return create(c);
    case "created":
      return e.value ? channel(c, e.value) : fail(c, e.error);
    case "away-history":
      // without it, the text and "Start a new chat" still show
      set(c, { personaId: stored.personaId, messages: mergeMessages(c.s.messages, e.value ? e.value.messages : []) });
      return gone(c);
    case "history": {
      let messages: ChatMessage[] = [];
      if (e.value) messages = e.value.messages;
      else if (e.error instanceof ChatError && (e.error.kind == "ended" || e.error.kind == "not-found")) return fail(c, e.error);
      else set(c, { historyError: true });
      // Agent messages since the visitor last looked (another page view) are unread.
      for (const m of messages) if (m.seq > stored.readSeq) unreadAdd(c, m);
      set(c, { messages: mergeMessages(c.s.messages, messages), everOpen: false });
      emit(c, { fx: "connect", run: c.s.run, channelId: c.s.channel!.id, personaId: c.s.personaId! });
    }
  }
}

function channel(c: Step, res: ChannelResponse) {
  const channelId = res.channel.id;
  const personaId = res.chatClientPersona.id;
  set(c, { chatId: channelId, channel: res.channel, personaId });
  emit(c, { fx: "store", call: "setChannel", args: [channelId, personaId] });
  emit(c, { fx: "call", call: "history", args: [channelId, personaId], run: c.s.run, then: "history" });
}

/** The setup failed: the panel that says why, an ended chat, or a visitor the owner erased. */
export function fail(c: Step, e: unknown): void {
  const kind = e instanceof ChatError ? e.kind : "setup";
  if (kind == "erased") return forget(c);
  if (kind == "ended") return gone(c);
  const network = kind == "network";
  set(c, { phase: "error", error: network ? { kind, text: TEXT.networkText } : { kind: "setup", text: TEXT.setupText } });
}

/** The chat has ended (410): the spec's text, with what was said so far read-only and "Start a new chat" (ChatWindow). */
function gone(c: Step) {
  stopConnection(c);
  set(c, { phase: "ended", error: { kind: "ended", text: TEXT.ended } });
}

/**
 * The owner erased this visitor's data (410 `erased`): everything the browser kept about them
 * goes, the profile too, and nothing is created; writing again makes them a new, blank visitor.
 */
function forget(c: Step) {
  stopConnection(c);
  emit(c, { fx: "store", call: "forget", args: [] });
  clearOutbox(c);
  countUnread(c, 0);
  set(c, { chatId: "", ackedSeq: 0, phase: "profile", persona: null, personaId: null, channel: null, error: null, messages: [], system: [], rating: "" });
}
