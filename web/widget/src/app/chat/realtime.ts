// The session's realtime client and page watch, from the chat's chunk (live.ts): stand-ins that
// work from the first call. The chunk loads while the chat fetches its channel and history,
// so it is in before the socket is wanted; what is asked before then happens once it is in, and
// what is stopped before then never starts. A chunk that fails to load (the network) is asked for
// again a second later.
import { loadChunk, type Chunk } from "../chunks";
import type { Connection, ConnectionOptions } from "./core/connection";
import type { Timers } from "./core/timers";

export const RELOAD_MS = 1000;

/** Runs `use` with the chunk once it is in, unless stopped by then. */
function whenIn(use: (m: Chunk<"live">) => void, stopped: () => boolean, timers: Timers) {
  const load = () =>
    loadChunk("live").then(
      (m) => stopped() || use(m),
      () => stopped() || timers.setTimeout(load, RELOAD_MS),
    );
  void load();
}

/** What the session does with its connection (core/connection.ts Connection). */
export type Socket = Pick<Connection, "send" | "reconnectNow" | "close">;

/** core/connection.ts connect(), once its chunk is in. */
export function connect(o: ConnectionOptions & { timers: Timers }): Socket {
  let conn: Connection | null = null;
  let closed = false;
  whenIn((m) => (conn = m.connect(o)), () => closed, o.timers);
  return {
    send: (f) => !!conn && conn.send(f),
    reconnectNow: () => conn?.reconnectNow(),
    close() {
      closed = true;
      conn?.close();
    },
  };
}

/** core/pages.ts watchPage(), once its chunk is in; returns the stop. */
export function watchPage(changed: () => void, timers: Timers): () => void {
  let stop: (() => void) | undefined;
  let stopped = false;
  whenIn((m) => (stop = m.watchPage(changed)), () => stopped, timers);
  return () => {
    stopped = true;
    stop?.();
  };
}
