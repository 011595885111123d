// The two ways to put Beckon on a page (docs/configuration.md, "Embed"): the hosted embed, which follows
// every publication, and the inline config with the loader, which is fixed until pasted again.
export function hostedSnippet(embedUrl: string): string {
  return `<script async src="${embedUrl}"></script>`;
}

/** When a publication reaches visitors of the hosted embed, given the server's `--embed-max-age`. */
export function hostedFreshness(maxAgeSeconds: number): string {
  if (!maxAgeSeconds) return "Every page view checks for a new publication: visitors see what you publish on their next page view.";
  const minutes = Math.round(maxAgeSeconds / 60);
  const wait = maxAgeSeconds < 120 ? `${maxAgeSeconds} seconds` : `${minutes} minutes`;
  return `This server lets browsers and caches reuse it for ${wait}: what you publish reaches visitors within ${wait}.`;
}

export function inlineSnippet(origin: string, config: unknown): string {
  const json = JSON.stringify({ ...(config as object), options: { ...((config as { options?: object }).options ?? {}), apiRoot: `${origin}/api`, cssLocation: `${origin}/static/beckon.css` } });
  // "</" inside a script element would end it early.
  return `<script>window.CNB_DATA = ${json.replace(/<\//g, "<\\/")};</script>\n<script async src="${origin}/static/beckon.js"></script>`;
}
