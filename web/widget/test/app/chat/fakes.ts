// Fake socket, environment and timers for the chat core tests.
import { vi } from "vitest";
import type { Environment, SocketLike } from "../../../src/app/chat/core/connection";
import type { Timers } from "../../../src/app/chat/core/timers";

export class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  static last = (): FakeSocket => FakeSocket.all[FakeSocket.all.length - 1];
  readyState = 0;
  sent: any[] = [];
  closed: number | undefined;
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: { code: number; reason?: string }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  constructor(public url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    if (this.readyState != 1) throw new Error("not open");
    this.sent.push(JSON.parse(data));
  }
  close(code?: number) {
    this.closed = code ?? 1000;
    this.readyState = 3;
  }
  // server side
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  ready(extra: object = {}) {
    this.receive({ op: "ready", role: "visitor", channelId: "c-1", personaId: "p-1", lastSeq: 0, agentsOnline: false, ...extra });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  frames(op: string) {
    return this.sent.filter((f) => f.op == op);
  }
}

export class FakeEnv implements Environment {
  listeners = new Map<string, Set<() => void>>();
  vis = "visible";
  online = true;
  addEventListener(t: string, fn: () => void) {
    if (!this.listeners.has(t)) this.listeners.set(t, new Set());
    this.listeners.get(t)!.add(fn);
  }
  removeEventListener(t: string, fn: () => void) {
    this.listeners.get(t)?.delete(fn);
  }
  visibility = () => this.vis;
  onLine = () => this.online;
  fire(t: string) {
    for (const fn of [...(this.listeners.get(t) || [])]) fn();
  }
  count() {
    let n = 0;
    for (const s of this.listeners.values()) n += s.size;
    return n;
  }
}

/** Timers backed by vitest's fake timers. */
export const fakeTimers = (): Timers => ({
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (id) => clearTimeout(id as never),
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (id) => clearInterval(id as never),
  now: () => Date.now(),
});

/** Lets pending promise callbacks run. */
export const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

export const useFakeClock = () => vi.useFakeTimers({ now: new Date("2026-01-01T10:00:00Z") });
