// Statistics as a chart: one series per event (page views, clicks per button or action), one
// point per UTC day, with nice round ticks. Pure, so the SVG component only draws.

export type Count = { day: string; event: string; count: number };
export type Series = { event: string; total: number; points: number[] };

/** Every day from `from` to `to` (YYYY-MM-DD, inclusive). */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  const d = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${to}T00:00:00Z`);
  while (d <= end && days.length < 400) {
    days.push(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return days;
}

/** Series sorted by total, biggest first; days without a count are 0. */
export function toSeries(counts: Count[], days: string[]): Series[] {
  const index = new Map(days.map((d, i) => [d, i]));
  const byEvent = new Map<string, number[]>();
  for (const c of counts) {
    const i = index.get(c.day);
    if (i === undefined) continue;
    let points = byEvent.get(c.event);
    if (!points) byEvent.set(c.event, (points = days.map(() => 0)));
    points[i] += c.count;
  }
  return [...byEvent.entries()]
    .map(([event, points]) => ({ event, points, total: points.reduce((a, b) => a + b, 0) }))
    .sort((a, b) => b.total - a.total || a.event.localeCompare(b.event));
}

/** A round maximum for the y axis (1, 2, 5 × 10^n) and its ticks. */
export function niceTicks(max: number, count = 4): number[] {
  if (max <= 0) return [0, 1];
  const raw = max / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag;
  const ticks: number[] = [];
  for (let t = 0; t < max + step; t += step) ticks.push(t);
  return ticks;
}

/** What an event name means to an owner: "pageview", or the button/action it names. */
export function eventLabel(event: string, names: Record<string, string>): string {
  if (event === "pageview") return "Page views";
  return names[event] ? `${names[event]} (${event})` : event;
}
