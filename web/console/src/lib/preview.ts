// The live preview renders the real widget with the unsaved config in a page of the console's
// own origin. These rules make that config behave as it would on the owner's site at the time,
// URL, country, screen and agent availability the owner picked.
import type { Config } from "../../../widget/src/config/types.gen";

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

/** Space between frames shown side by side, in CSS pixels. */
export const FRAME_GAP = 8;

/**
 * The scales (each at most 1) at which visitor viewports, side by side at the same height on
 * screen and `gap` apart, fit a box `width` wide and at most `height` tall, so the whole of each
 * (every corner where buttons sit) is in view. One viewport fits the box's width and height.
 */
export function fitScales(viewports: Viewport[], width: number, height: number, gap = FRAME_GAP): number[] {
  if (width <= 0 || height <= 0) return viewports.map(() => 1);
  const widthPerHeight = viewports.reduce((sum, v) => sum + v.width / v.height, 0);
  const shownHeight = Math.min(height, (width - gap * (viewports.length - 1)) / widthPerHeight);
  return viewports.map((v) => Math.max(0, Math.min(1, shownHeight / v.height)));
}

/**
 * Desktop and phone go side by side when the desktop is still shown at least this large (about
 * what a 1024 px window shows of it alone); narrower, the owner switches between them.
 */
export const MIN_SIDE_BY_SIDE_SCALE = 0.25;

/** True when the desktop and the phone fit side by side in `width` × `height`. */
export function sideBySideFits(width: number, height: number): boolean {
  return fitScales([VIEWPORTS.desktop, VIEWPORTS.mobile], width, height)[0] >= MIN_SIDE_BY_SIDE_SCALE;
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
