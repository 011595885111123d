// Reconnect delays: quick at first, then up to 15 s, with jitter so many tabs do not reconnect
// in step after a server restart.
export function reconnectDelay(attempt: number, random = Math.random): number {
  const base = Math.min(15_000, 500 * 2 ** Math.min(attempt, 5));
  return Math.round(base * (0.75 + random() * 0.5));
}
