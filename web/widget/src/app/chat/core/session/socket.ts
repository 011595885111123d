// What the socket tells the session: its state (open, reconnecting …) and the server's frames
// (docs/realtime.md), each a change of the state and the effects it asks for.
import { TEXT } from "../api";
import { agentMessage } from "../attention";
import type { ConnectionState } from "../connection";
import { clearOutbox, outboxOffline, outboxOnline, refused, settle } from "../outbox";
import { agentPresence, initialPresence, reducePresence } from "../presence";
import { ackFrame, ackTarget, mergeMessages, missedBefore, unreadAdd } from "../timeline";
import { isAgentSender } from "../types";
import { typingOff } from "../typing";
import type { ServerFrame } from "../wire.gen";
import { texts } from "../../../i18n/index";
import { emit, set } from "./step";
import type { Step } from "./types";

/** How long the socket stays after End Chat when the server does not answer (once it has, the
 * socket stays while the page does: the agents see the visitor on the site). */
export const END_LINGER_MS = 5000;

/** The system messages (spec §8), in the widget's language. */
export const SYSTEM = texts("system");

export function systemLine(c: Step, text: string): void {
  const id = c.s.sysId + 1;
  set(c, { sysId: id, system: [...c.s.system, { id, text, time: c.now }] });
}

/** Acknowledges the last agent message (read) while the visitor looks at the chat. */
export function ackLatest(c: Step): void {
  const m = c.s.seen && ackTarget(c.s.messages, c.s.personaId, c.s.ackedSeq);
  // Counted once the frame went out (`acked`): storage keeps it for the next page view.
  if (m) emit(c, { fx: "send", frame: ackFrame(m), sent: { type: "acked", seq: m.seq } });
}

/** The chat has ended (the agent, End Chat, or the socket's 410). */
export function ended(c: Step): void {
  if (c.s.phase == "ended") return;
  // The persona id stays (unless the visitor ended it: End Chat): a new chat from this browser
  // with the same e-mail reopens this thread (the server will not do that for the e-mail alone).
  emit(c, { fx: "store", call: "clearChannelId", args: [] });
  typingOff(c, false);
  clearOutbox(c);
  systemLine(c, SYSTEM.ended);
  set(c, { phase: "ended", presence: { ...c.s.presence, typing: [] } });
  // The server answers end-chat with channel-ended (the connection then keeps its socket, quiet,
  // while the page is here); without an answer the socket is let go a little later.
  emit(c, { fx: "timer", key: "linger", ms: END_LINGER_MS, event: { type: "linger", run: c.s.run } });
}

export function onState(c: Step, state: ConnectionState): void {
  const was = c.s.conn;
  set(c, { conn: state });
  if (state == "open") {
    systemLine(c, c.s.everOpen ? SYSTEM.back : SYSTEM.connected);
    set(c, { everOpen: true, phase: c.s.phase == "ended" ? "ended" : "live", connectFailed: false });
    outboxOnline(c);
    ackLatest(c);
  } else if (state == "reconnecting") {
    outboxOffline(c);
    if (was == "open") systemLine(c, SYSTEM.lost);
    if (!c.s.everOpen) set(c, { connectFailed: true });
  } else if (state == "connecting") {
    if (!c.s.everOpen && was == "idle") systemLine(c, SYSTEM.connecting);
  } else if (state == "ended") {
    ended(c);
  } else if (state == "failed") {
    outboxOffline(c);
    systemLine(c, SYSTEM.failed);
    set(c, { phase: "error", error: { kind: "setup", text: TEXT.setupText }, connectFailed: true });
  }
}

export function onFrame(c: Step, f: ServerFrame): void {
  switch (f.op) {
    case "ready": {
      const agents = initialPresence(f.role == "visitor" && !!f.agentsOnline);
      const repliesByEmail = f.role == "visitor" && !!f.repliesByEmail;
      set(c, { heard: true, lastPage: null, agents, presence: agentPresence(agents), presenceKnown: true, repliesByEmail });
      // A new connection: the page the visitor is on is told again.
      emit(c, { fx: "look" });
      break;
    }
    case "chat-message": {
      const m = f.message;
      const before = c.s.messages;
      // A gap: a new socket resumes after the last message held, this one included.
      if (missedBefore(before, m)) return emit(c, { fx: "reconnect" });
      const merged = mergeMessages(before, [m]);
      if (merged == before) return; // already shown
      settle(c, m.clientId);
      set(c, { messages: merged });
      if (!isAgentSender(m.sender, c.s.personaId)) return;
      unreadAdd(c, m, c.s.open ? undefined : m);
      agentMessage(c, (m.sender && m.sender.name) || "", c.s.seen);
      // their typing stops with their message
      const sid = m.sender && m.sender.id;
      if (sid && c.s.agents.typing[sid] !== undefined) {
        const typing = { ...c.s.agents.typing };
        delete typing[sid];
        const agents = { ...c.s.agents, typing };
        set(c, { agents, presence: agentPresence(agents) });
      }
      ackLatest(c);
      break;
    }
    case "ack":
      if (settle(c, f.clientId) && !f.duplicate) emit(c, { fx: "play", sound: "sent" });
      break;
    case "error":
      if (f.clientId) refused(c, f.clientId, f.code, f.error);
      break;
    case "presence": {
      const agents = reducePresence(c.s.agents, f, c.s.personaId);
      set(c, { agents, presence: agentPresence(agents) });
      break;
    }
    case "channel-ended":
      ended(c);
  }
}
