// The live preview renders the real widget with the unsaved config in a page of the console's
// own origin. These rules make that config behave as it would on the owner's site at the time,
// URL, country, screen and agent availability the owner picked.
import type { Config } from "@beckon/widget/config";

export type PreviewControls = {
  /** Wall-clock time as typed ("2026-11-22T23:00") in `timezone`. */
  localTime: string;
  timezone: string;
  /** The page the visitor is on, e.g. https://shop.example.com/pricing. */
  url: string;
  /** ISO country code, or "" for unknown. */
  country: string;
  agentsAvailable: boolean;
};

export type Screen = "desktop" | "mobile";
export type Viewport = { width: number; height: number };

/** The visitor's whole viewport the preview shows: a common phone, and a laptop screen. */
export const VIEWPORTS: Record<Screen, Viewport> = { mobile: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };

/** How the preview shows a screen: fitted to its box, or at the visitor's own size (scrolling in its box). */
export type Zoom = "fit" | "actual";

/**
 * The lowest phone screen the preview shows (a phone held upright is at least this tall; the
 * corners where buttons sit are all in it): where there is less room, the phone is scaled down.
 */
export const MIN_PHONE_HEIGHT = 480;

/** A screen as the preview shows it: the visitor viewport the page gets, its scale, and the box it takes on screen. */
export type Shown = { viewport: Viewport; scale: number; box: Viewport };

/**
 * How a screen fits a box `room.width` wide and at most `room.height` tall (Infinity: any height).
 * The phone is shown at its real width (390 px, scaled only where the box is narrower), as tall as
 * the box allows between MIN_PHONE_HEIGHT and a whole phone screen, so its labels read as on a
 * phone. The desktop is the whole 1280 × 800 viewport, scaled down to fit ("fit"), or at 100 %
 * ("actual") in a box that scrolls.
 */
export function previewSize(screen: Screen, zoom: Zoom, room: Viewport): Shown {
  const width = Math.max(room.width, 1);
  const height = room.height > 0 ? room.height : Infinity;
  const v = VIEWPORTS[screen];
  if (screen === "mobile") {
    const scale = Math.min(1, width / v.width, height / MIN_PHONE_HEIGHT);
    const tall = Math.round(Math.max(MIN_PHONE_HEIGHT, Math.min(v.height, height / scale)));
    return { viewport: { width: v.width, height: tall }, scale, box: { width: v.width * scale, height: tall * scale } };
  }
  if (zoom === "actual") return { viewport: v, scale: 1, box: { width: Math.min(v.width, width), height: Math.min(v.height, height) } };
  const scale = Math.min(1, width / v.width, height / v.height);
  return { viewport: v, scale, box: { width: v.width * scale, height: v.height * scale } };
}

/**
 * Where a box showing `viewport` at 100 % starts scrolled so that the corner of `placement` (a
 * button's, e.g. "BOTTOM_RIGHT") is in view.
 */
export function actualSizeScroll(placement: string, viewport: Viewport, box: Viewport): { left: number; top: number } {
  const spareX = Math.max(0, viewport.width - box.width);
  const spareY = Math.max(0, viewport.height - box.height);
  const left = placement.endsWith("LEFT") ? 0 : placement.endsWith("CENTER") ? spareX / 2 : spareX;
  const top = placement.startsWith("TOP") ? 0 : placement.startsWith("MIDDLE") ? spareY / 2 : spareY;
  return { left: Math.round(left), top: Math.round(top) };
}

/** Minutes `zone` is ahead of UTC at the instant `utcMs`. */
export function zoneOffsetMinutes(utcMs: number, zone: string): number {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(utcMs));
  const n = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const asUtc = Date.UTC(n("year"), n("month") - 1, n("day"), n("hour"), n("minute"), n("second"));
  return Math.round((asUtc - Math.floor(utcMs / 1000) * 1000) / 60000);
}

/** The instant when the clock in `zone` shows `local` ("YYYY-MM-DDTHH:mm"), as ISO UTC. */
export function zonedTimeToIso(local: string, zone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return null;
  const wall = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5]);
  try {
    let utc = wall - zoneOffsetMinutes(wall, zone) * 60000;
    utc = wall - zoneOffsetMinutes(utc, zone) * 60000; // again, in case the first guess crossed a DST change
    return new Date(utc).toISOString();
  } catch {
    return null; // unknown zone
  }
}

/** The page path (with query and hash) of the chosen URL; "/" when it is not a URL. */
export function previewPath(url: string): string {
  try {
    const u = new URL(url);
    return u.pathname + u.search + u.hash;
  } catch {
    return url.startsWith("/") ? url : "/";
  }
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The config as the preview page must see it: its domain is the preview's host, URL conditions
 * that name the site's origin name the preview's instead, the time is the chosen one, and no
 * statistics are sent.
 */
export function previewConfig(config: Config, c: PreviewControls, previewOrigin: string): Config {
  const domain = config.domains[0];
  const hosts = domain ? [domain.name, ...(domain.aliases ?? [])].filter(Boolean) : [];
  const siteOrigin = new RegExp(`^https?://(www\\.)?(${hosts.map(escapeRegExp).join("|") || "$^"})(:\\d+)?`, "i");
  const previewHost = new URL(previewOrigin).hostname;
  const date = zonedTimeToIso(c.localTime, c.timezone);
  return {
    ...config,
    domains: config.domains.map((d, i) => (i === 0 ? { ...d, name: previewHost, aliases: [] } : d)),
    conditions: (config.conditions ?? []).map((cond) =>
      cond.conditionType === "URL" && cond.matchType === "EXACT" ? { ...cond, matchValue: cond.matchValue.replace(siteOrigin, previewOrigin) } : cond,
    ),
    options: {
      ...config.options,
      apiRoot: `${previewOrigin}/api`,
      cssLocation: `${previewOrigin}/static/beckon.css`,
      reportStats: false,
      ...(date ? { date } : {}),
    },
  };
}
