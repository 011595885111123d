// The installation check's words: "Waiting for your site…" until a page of the domain loads the
// embed, then "Installed on https://… (seen 2 minutes ago)", and a warning per unknown host. Pure;
// in the console's language given (`t`), English by default.

import type { Installation, Sighting } from "../../api/types";
import { english, type T } from "../../i18n/t";

export type { Installation, Sighting };

/** "just now", "1 minute ago", "2 hours ago", "3 days ago". */
export function ago(iso: string, now: number, t: T = english): string {
  const s = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (s < 45) return t("publishing.justNow");
  if (s < 3600) return t("publishing.minutesAgo", { count: Math.max(1, Math.round(s / 60)) });
  if (s < 86400) return t("publishing.hoursAgo", { count: Math.round(s / 3600) });
  return t("publishing.daysAgo", { count: Math.round(s / 86400) });
}

/** The page as the owner recognises it: its address without a lone trailing slash. */
export function pageName(s: Sighting): string {
  return s.url.replace(/^(https?:\/\/[^/]+)\/$/, "$1");
}

export function installedText(i: Installation, now: number, t: T = english): string {
  if (!i.installed) return t("publishing.waiting");
  return t("publishing.installed", { page: pageName(i.installed), ago: ago(i.installed.seenAt, now, t) });
}

export function unknownHostText(s: Sighting, domainName: string, now: number, t: T = english): string {
  return t("publishing.unknownHost", { page: pageName(s), ago: ago(s.seenAt, now, t), domain: domainName });
}
