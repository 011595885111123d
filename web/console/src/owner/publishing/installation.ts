// The installation check's words: "Waiting for your site…" until a page of the domain loads the
// embed, then "Installed on https://… (seen 2 minutes ago)", and a warning per unknown host. Pure.

import type { Installation, Sighting } from "../../api/types";

export type { Installation, Sighting };

/** "just now", "1 minute ago", "2 hours ago", "3 days ago". */
export function ago(iso: string, now: number): string {
  const s = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"} ago`;
  if (s < 45) return "just now";
  if (s < 3600) return unit(Math.max(1, Math.round(s / 60)), "minute");
  if (s < 86400) return unit(Math.round(s / 3600), "hour");
  return unit(Math.round(s / 86400), "day");
}

/** The page as the owner recognises it: its address without a lone trailing slash. */
export function pageName(s: Sighting): string {
  return s.url.replace(/^(https?:\/\/[^/]+)\/$/, "$1");
}

export function installedText(i: Installation, now: number): string {
  if (!i.installed) return "Waiting for your site…";
  return `Installed on ${pageName(i.installed)} (seen ${ago(i.installed.seenAt, now)})`;
}

export function unknownHostText(s: Sighting, domainName: string, now: number): string {
  return `The snippet was loaded by ${pageName(s)} (${ago(s.seenAt, now)}), which is not ${domainName} or one of its aliases. If that is your site, correct the host name in Settings or add it as an alias.`;
}
