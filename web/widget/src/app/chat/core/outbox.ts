// Messages the visitor sent that the server has not acknowledged yet. Each gets a client id once;
// it is sent when the connection is open (at once, or as soon as it opens again) and re-sent
// with the same client id after a reconnect until an `ack` {clientId, id, seq} settles it — the
// server de-duplicates on the client id, so nothing is lost or stored twice. Until then the
// message is shown as pending. Steps of the session's reducer (session/reduce.ts): the list is the
// view's `pending`, the rest is `outbox`.
import type { Attachment } from "./types";
import { emit, set } from "./session/step";
import type { OutboxState, Pending, Step } from "./session/types";

export type { Pending, PendingState } from "./session/types";

/** A random client id: crypto.randomUUID, else getRandomValues, else Math.random. */
export function clientId(c: Partial<Crypto> | undefined = typeof crypto != "undefined" ? crypto : undefined): string {
  try {
    if (c && typeof c.randomUUID == "function") return c.randomUUID();
  } catch {
    /* insecure context */
  }
  const b = new Uint8Array(16);
  try {
    if (c && typeof c.getRandomValues == "function") c.getRandomValues(b);
    else throw 0;
  } catch {
    for (let i = 0; i < 16; i++) b[i] = Math.floor(Math.random() * 256);
  }
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => (x + 256).toString(16).slice(1)).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Retry delay after a 429 / 500 refusal. */
export const RETRY_MS = 2000;

const box = (c: Step, patch: Partial<OutboxState>) => set(c, { outbox: { ...c.s.outbox, ...patch } });
const without = (ids: string[], id: string) => ids.filter((x) => x != id);
const find = (c: Step, id: string) => c.s.pending.find((x) => x.clientId == id);

/** Sends a pending message when the connection is open and it has not gone on this one yet. */
function sendOne(c: Step, p: Pending) {
  const o = c.s.outbox;
  if (!o.online || o.sent.includes(p.clientId) || p.state != "pending") return;
  // Counted as sent; a send that fails comes back as `unsent`: the connection is gone.
  box(c, { sent: [...o.sent, p.clientId] });
  emit(c, {
    fx: "send",
    frame: {
      op: "chat-message",
      clientId: p.clientId,
      message: p.text,
      attachments: p.attachments,
      persona: c.s.persona ? { name: c.s.persona.name } : undefined, // spec §7; the server ignores it
      type: "client-message",
    },
    unsent: { type: "unsent" },
  });
}

/** Queues a message (already trimmed and non-empty) and sends it if connected. */
export function addPending(c: Step, text: string, attachments: Attachment[], clientId: string): void {
  const p: Pending = { clientId, text, attachments, createdAt: c.now, state: "pending" };
  set(c, { pending: [...c.s.pending, p] });
  sendOne(c, p);
}

/** The connection is open (again): every pending message goes, once on this connection. */
export function outboxOnline(c: Step): void {
  box(c, { online: true, sent: [] });
  for (const p of c.s.pending) sendOne(c, p);
}

/** The connection is gone: whatever was sent and not acked goes again on the next one. */
export const outboxOffline = (c: Step): void => box(c, { online: false, sent: [] });

/** An `ack`, or a `chat-message` of ours seen before it: the message is stored. Returns it, if it was ours. */
export function settle(c: Step, id: string | null | undefined): Pending | undefined {
  const p = id ? find(c, id) : undefined;
  if (!p || !id) return undefined;
  const o = c.s.outbox;
  set(c, { pending: c.s.pending.filter((x) => x != p) });
  box(c, { sent: without(o.sent, id), retrying: without(o.retrying, id) });
  if (o.retrying.includes(id)) emit(c, { fx: "cancel", key: "retry:" + id });
  return p;
}

/** An `error` frame naming a client id: tried again a little later (429, 5xx), else failed. */
export function refused(c: Step, id: string, code: number, error?: string): void {
  const p = find(c, id);
  if (!p) return;
  const o = c.s.outbox;
  box(c, { sent: without(o.sent, id) });
  if (code == 429 || code >= 500) {
    // Not stored: try again on this connection a little later.
    if (!o.retrying.includes(id)) {
      box(c, { retrying: [...o.retrying, id] });
      emit(c, { fx: "timer", key: "retry:" + id, ms: RETRY_MS, event: { type: "retry-due", id } });
    }
    return;
  }
  set(c, { pending: c.s.pending.map((x) => (x == p ? { ...x, state: "failed" as const, error } : x)) });
}

/** The retry timer of a refused message is due. */
export function retryDue(c: Step, id: string): void {
  box(c, { retrying: without(c.s.outbox.retrying, id) });
  const p = find(c, id);
  if (p) sendOne(c, p);
}

/** The visitor tries a failed message again. */
export function retryFailed(c: Step, id: string): void {
  set(c, { pending: c.s.pending.map((x) => (x.clientId == id && x.state == "failed" ? { ...x, state: "pending" as const, error: undefined } : x)) });
  const p = find(c, id);
  if (p) sendOne(c, p);
}

/** Drops everything (End Chat, a new chat). */
export function clearOutbox(c: Step): void {
  for (const id of c.s.outbox.retrying) emit(c, { fx: "cancel", key: "retry:" + id });
  set(c, { pending: [] });
  box(c, { sent: [], retrying: [] });
}
