// Messages the visitor sent that the server has not acknowledged yet. Each gets a client id once;
// it is sent when the connection is open (at once, or as soon as it opens again) and re-sent
// with the same client id after a reconnect until an `ack` {clientId, id, seq} settles it — the
// server de-duplicates on the client id, so nothing is lost or stored twice. Until then the
// message is shown as pending.
import type { Attachment } from "./types";
import { realTimers, type Timers } from "./timers";
import type { Ack, ClientFrame } from "./wire.gen";

export type PendingState = "pending" | "failed";

export type Pending = {
  clientId: string;
  text: string;
  attachments: Attachment[];
  /** Unix ms when typed. */
  createdAt: number;
  state: PendingState;
  /** Why it failed (an error frame's text). */
  error?: string;
};

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

export type OutboxOptions = {
  /** Sends one frame; false when not connected (the message waits). */
  send(frame: ClientFrame & { op: "chat-message" }): boolean;
  onChange(pending: Pending[]): void;
  /** The persona part of the frame (spec §7; the server ignores it). */
  persona?: () => unknown;
  newId?: () => string;
  timers?: Timers;
};

/** Retry delay after a 429 / 500 refusal. */
export const RETRY_MS = 2000;

export type Outbox = {
  /** Queues a message (already trimmed and non-empty) and sends it if connected. */
  add(text: string, attachments?: Attachment[]): Pending;
  /** The connection is open (again): send every pending message not yet sent on it. */
  connected(): void;
  /** The connection is gone: whatever was sent and not acked goes again on the next one. */
  disconnected(): void;
  /** An `ack`; returns the settled message, if it was ours. */
  ack(a: Ack): Pending | undefined;
  /** A `chat-message` of ours seen before its ack settles it too. */
  seen(clientId: string | null | undefined): void;
  /** An `error` frame naming a client id. */
  refused(clientId: string, code: number, error?: string): void;
  /** A failed message is tried again. */
  retry(clientId: string): void;
  list(): Pending[];
  /** Drops everything (End Chat). */
  clear(): void;
};

export function createOutbox(o: OutboxOptions): Outbox {
  const timers = o.timers || realTimers();
  const newId = o.newId || (() => clientId());
  let items: Pending[] = [];
  /** Client ids sent on the current connection (each goes once per connection). */
  const sent = new Set<string>();
  let online = false;
  const later = new Map<string, unknown>();

  const changed = () => o.onChange(items.slice());

  function sendOne(p: Pending) {
    if (!online || sent.has(p.clientId) || p.state != "pending") return;
    const ok = o.send({
      op: "chat-message",
      clientId: p.clientId,
      message: p.text,
      attachments: p.attachments,
      persona: o.persona?.(),
      type: "client-message",
    });
    if (ok) sent.add(p.clientId);
    else online = false;
  }

  function remove(id: string): Pending | undefined {
    const p = items.find((x) => x.clientId == id);
    if (!p) return undefined;
    items = items.filter((x) => x != p);
    sent.delete(id);
    const t = later.get(id);
    if (t != null) timers.clearTimeout(t);
    later.delete(id);
    changed();
    return p;
  }

  return {
    add(text, attachments = []) {
      const p: Pending = { clientId: newId(), text, attachments, createdAt: timers.now(), state: "pending" };
      items = [...items, p];
      changed();
      sendOne(p);
      return p;
    },
    connected() {
      online = true;
      sent.clear();
      for (const p of items) sendOne(p);
    },
    disconnected() {
      online = false;
      sent.clear();
    },
    ack: (a) => (a && a.clientId ? remove(a.clientId) : undefined),
    seen(id) {
      if (id) remove(id);
    },
    refused(id, code, error) {
      const p = items.find((x) => x.clientId == id);
      if (!p) return;
      sent.delete(id);
      if (code == 429 || code >= 500) {
        // Not stored: try again on this connection a little later.
        if (!later.has(id))
          later.set(
            id,
            timers.setTimeout(() => {
              later.delete(id);
              const cur = items.find((x) => x.clientId == id);
              if (cur) sendOne(cur);
            }, RETRY_MS),
          );
        return;
      }
      items = items.map((x) => (x == p ? { ...x, state: "failed" as const, error } : x));
      changed();
    },
    retry(id) {
      items = items.map((x) => (x.clientId == id && x.state == "failed" ? { ...x, state: "pending" as const, error: undefined } : x));
      changed();
      const p = items.find((x) => x.clientId == id);
      if (p) sendOne(p);
    },
    list: () => items.slice(),
    clear() {
      for (const t of later.values()) timers.clearTimeout(t);
      later.clear();
      items = [];
      sent.clear();
      changed();
    },
  };
}
