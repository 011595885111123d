// The agent's WebSocket (docs/realtime.md): the session cookie authenticates it, the server holds
// the agent's presence lease while at least one is open (so closing every console tab makes the
// agent away), and it reconnects by itself; after a reconnect `onResync` tells the app to fetch
// what it may have missed. When the server ends the login (close 4001) it does not reconnect: the
// console shows the login form.
import { sessionEnded } from "../api/http";
import { reconnectDelay } from "../lib/backoff";
import type { ClientFrame, ServerFrame } from "../api/types";

/** The close code of a socket whose login ended (logged out, password changed, account removed). */
export const SESSION_ENDED = 4001;

export type { ClientFrame, ServerFrame };

export type RealtimeHandlers = {
  onFrame: (frame: ServerFrame) => void;
  onState: (connected: boolean) => void;
  onResync: () => void;
};

export class AgentSocket {
  private ws: WebSocket | null = null;
  private attempt = 0;
  private everOpened = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;
  /** What to say again after every (re)connect, e.g. the agent's chosen status. */
  private sticky = new Map<string, ClientFrame>();

  constructor(private readonly handlers: RealtimeHandlers) {}

  start() {
    this.closed = false;
    this.connect();
  }

  stop() {
    this.closed = true;
    clearTimeout(this.timer);
    this.ws?.close(1000);
    this.ws = null;
  }

  send(frame: ClientFrame): boolean {
    if (this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(frame));
    return true;
  }

  /** Sends now and again after each reconnect. */
  sendSticky(key: string, frame: ClientFrame) {
    this.sticky.set(key, frame);
    this.send(frame);
  }

  private connect() {
    const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/v1/realtime`;
    const ws = new WebSocket(url);
    this.ws = ws;
    ws.onmessage = (e) => {
      let frame: ServerFrame;
      try {
        frame = JSON.parse(String(e.data));
      } catch {
        return;
      }
      if (frame.op === "ready") {
        const reconnected = this.everOpened;
        this.everOpened = true;
        this.attempt = 0;
        for (const f of this.sticky.values()) this.send(f);
        this.handlers.onState(true);
        if (reconnected) this.handlers.onResync();
      }
      this.handlers.onFrame(frame);
    };
    ws.onclose = (e) => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.handlers.onState(false);
      if (this.closed) return;
      if (e.code === SESSION_ENDED) {
        this.closed = true;
        sessionEnded();
        return;
      }
      this.timer = setTimeout(() => this.connect(), reconnectDelay(this.attempt++));
    };
  }
}
