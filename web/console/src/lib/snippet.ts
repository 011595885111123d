// The two ways to put Beckon on a page (docs/configuration.md, "Embed"): the hosted embed, which follows
// every publication, and the inline config with the loader, which is fixed until pasted again.
import { translate, type ConsoleLang } from "../i18n/index";
import { durationText } from "./figures";

export function hostedSnippet(embedUrl: string): string {
  return `<script async src="${embedUrl}"></script>`;
}

/** When a publication reaches visitors of the hosted embed, given the server's `--embed-max-age`, in `lang`. */
export function hostedFreshness(maxAgeSeconds: number, lang: ConsoleLang): string {
  if (!maxAgeSeconds) return translate(lang, "embed.everyView");
  const wait = maxAgeSeconds < 120 ? durationText(maxAgeSeconds, "second", lang) : durationText(Math.round(maxAgeSeconds / 60), "minute", lang);
  return translate(lang, "embed.cached", { wait });
}

export function inlineSnippet(origin: string, config: unknown): string {
  const json = JSON.stringify({ ...(config as object), options: { ...((config as { options?: object }).options ?? {}), apiRoot: `${origin}/api`, cssLocation: `${origin}/static/beckon.css` } });
  // "</" inside a script element would end it early.
  return `<script>window.CNB_DATA = ${json.replace(/<\//g, "<\\/")};</script>\n<script async src="${origin}/static/beckon.js"></script>`;
}
