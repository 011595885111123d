// Statistics as a chart: one series per event (page views, views per button, clicks per button or
// action), one point per UTC day, with nice round ticks. Pure, so the SVG component only draws;
// names are worded by the `t` given, figures in the console's language.
import type { Config } from "@beckon/widget/config";
import type { DayCount, ItemCount } from "../api/types";
import type { Translate } from "../i18n/index";
import { numberText } from "./figures";

export type Count = DayCount;
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
export function eventLabel(event: string, names: Record<string, string>, t: Translate): string {
  if (event === "pageview") return t("stats.pageViews");
  return names[event] ? `${names[event]} (${event})` : event;
}

/** A per-button count of the owner stats API: a view (actionId null) or a click on an action. */
export type { ItemCount };

/** What the statistics screen breaks the figures down by. */
export type Breakdown = "overview" | "button-views" | "button-clicks" | "action-clicks";

/** The breakdowns offered, with the catalogue key of each one's name. */
export const BREAKDOWNS: { value: Breakdown; label: string }[] = [
  { value: "overview", label: "stats.overview" },
  { value: "button-views", label: "stats.viewsPerButton" },
  { value: "button-clicks", label: "stats.clicksPerButton" },
  { value: "action-clicks", label: "stats.clicksPerAction" },
];

/**
 * The counts of a breakdown, keyed for toSeries: the page's own events ("pageview", …) and
 * "views"/"clicks" (all buttons) for the overview; "view:<button>", "click:<button>" or
 * "action:<action>" per item otherwise.
 */
export function breakdownCounts(counts: Count[], items: ItemCount[], by: Breakdown): Count[] {
  const key = (i: ItemCount): string | null => {
    if (by === "overview") return i.event === "view" ? "views" : i.event === "click" ? "clicks" : null;
    if (by === "button-views") return i.event === "view" ? `view:${i.buttonId}` : null;
    if (by === "button-clicks") return i.event === "click" ? `click:${i.buttonId}` : null;
    return i.event === "click" && i.actionId ? `action:${i.actionId}` : null;
  };
  const out: Count[] = by === "overview" ? [...counts] : [];
  for (const i of items) {
    const event = key(i);
    if (event) out.push({ day: i.day, event, count: i.count });
  }
  return out;
}

/** Owner-facing names of a config's buttons and actions, by id. */
export function itemNames(config: Config | null, t: Translate): { buttons: Record<string, string>; actions: Record<string, string> } {
  const actions: Record<string, string> = {};
  for (const a of config?.actions ?? []) actions[a.id] = a.labelText?.trim() || `${a.actionType.toLowerCase()} ${a.actionValue}`.trim();
  const buttons: Record<string, string> = {};
  for (const b of config?.buttons ?? []) {
    const what = b.actions.map((id) => actions[id] ?? id).join(", ");
    const type = t(`stats.button_${b.type}`);
    buttons[b.id] = what ? `${type}: ${what}` : type;
  }
  return { buttons, actions };
}

/** The label of a series key of breakdownCounts; ids no longer in the config are named as such. */
export function seriesLabel(key: string, names: ReturnType<typeof itemNames>, t: Translate): string {
  const [kind, id] = [key.slice(0, key.indexOf(":")), key.slice(key.indexOf(":") + 1)];
  const gone = t("stats.removed", { id });
  if (key === "views") return t("stats.buttonViews");
  if (key === "clicks") return t("stats.allClicks");
  if (kind === "view") return t("stats.viewsOf", { name: names.buttons[id] ?? gone });
  if (kind === "click") return t("stats.clicksOn", { name: names.buttons[id] ?? gone });
  if (kind === "action") return t("stats.clicksOn", { name: names.actions[id] ?? gone });
  return eventLabel(key, { ...names.buttons, ...names.actions }, t);
}

/** How a series is drawn: its colour, the marker at each point and the line's dash pattern. */
export type SeriesStyle = { colour: string; marker: Marker; dash: string };
export type Marker = "circle" | "square" | "triangle" | "diamond" | "cross";

/** Colours with at least 4.5:1 contrast on white, so lines and legend text read alike. */
export const PALETTE = ["#1f5fbf", "#b3261e", "#1e7a3c", "#8a4b00", "#6b3fa0", "#00707a"];
const MARKERS: Marker[] = ["circle", "square", "triangle", "diamond", "cross"];
const DASHES = ["", "6 3", "2 3", "8 3 2 3"];

/** The overview's series: the same colour and marker on every domain and period. */
const FIXED: Record<string, number> = { pageview: 0, views: 3, clicks: 2 };

/**
 * The style of a series key of breakdownCounts, which depends on the key only (never on its rank
 * in this period), so a series looks the same on every domain and period: the overview's three
 * series have fixed styles; a button's or action's follows its place in the config; anything
 * else (a removed id, another event) a hash of its key. The marker and dash also differ where
 * colours repeat, and tell equal lines apart.
 */
export function seriesStyle(key: string, config: Config | null): SeriesStyle {
  const id = key.slice(key.indexOf(":") + 1);
  let n = FIXED[key];
  if (n === undefined) {
    const list = key.startsWith("action:") ? (config?.actions ?? []) : key.startsWith("view:") || key.startsWith("click:") ? config?.buttons ?? [] : [];
    const i = list.findIndex((x) => x.id === id);
    n = i >= 0 ? i : [...key].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);
  }
  return { colour: PALETTE[n % PALETTE.length], marker: MARKERS[n % MARKERS.length], dash: DASHES[n % DASHES.length] };
}

/** For each series, the label of an earlier one with exactly the same points (one line hides the other). */
export function sameLines(series: { label: string; points: number[] }[]): (string | null)[] {
  return series.map((s, i) => series.slice(0, i).find((o) => o.points.every((p, j) => p === s.points[j]))?.label ?? null);
}

/** One action's click-through in a period: its clicks ÷ the views of the buttons that hold it. */
export type ClickThrough = { actionId: string; views: number; clicks: number; rate: number | null };

/**
 * Click-through per action: clicks on the action over the views of every button that holds it
 * in the config (or that it was clicked in). Actions of the config come first, in its order,
 * then removed ones that still have clicks.
 */
export function clickThrough(items: ItemCount[], config: Config | null): ClickThrough[] {
  const views = new Map<string, number>();
  const clicks = new Map<string, number>();
  const clickedIn = new Map<string, Set<string>>();
  for (const i of items) {
    if (i.event === "view") views.set(i.buttonId, (views.get(i.buttonId) ?? 0) + i.count);
    if (i.event === "click" && i.actionId) {
      clicks.set(i.actionId, (clicks.get(i.actionId) ?? 0) + i.count);
      if (!clickedIn.has(i.actionId)) clickedIn.set(i.actionId, new Set());
      clickedIn.get(i.actionId)!.add(i.buttonId);
    }
  }
  const ids = [...(config?.actions ?? []).map((a) => a.id), ...[...clicks.keys()].filter((id) => !config?.actions?.some((a) => a.id === id))];
  return ids.map((actionId) => {
    const buttons = new Set([...(config?.buttons ?? []).filter((b) => b.actions.includes(actionId)).map((b) => b.id), ...(clickedIn.get(actionId) ?? [])]);
    const v = [...buttons].reduce((sum, b) => sum + (views.get(b) ?? 0), 0);
    const c = clicks.get(actionId) ?? 0;
    return { actionId, views: v, clicks: c, rate: v > 0 ? c / v : null };
  });
}

/** A click-through rate as owners read it, in `lang`: "25 %", "2.5 %" (German "2,5 %"), or "—" without views. */
export function percent(rate: number | null, lang: string): string {
  if (rate === null) return "—";
  const p = rate * 100;
  return `${numberText(p, lang, p >= 10 ? 0 : 1)} %`;
}
