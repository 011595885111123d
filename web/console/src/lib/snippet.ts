// The two ways to put Beckon on a page (README "Embedding"): the hosted embed, which follows
// every publication, and the inline config with the loader, which is fixed until pasted again.
export function hostedSnippet(embedUrl: string): string {
  return `<script async src="${embedUrl}"></script>`;
}

export function inlineSnippet(origin: string, config: unknown): string {
  const json = JSON.stringify({ ...(config as object), options: { ...((config as { options?: object }).options ?? {}), apiRoot: `${origin}/api`, cssLocation: `${origin}/static/beckon.css` } });
  // "</" inside a script element would end it early.
  return `<script>window.CNB_DATA = ${json.replace(/<\//g, "<\\/")};</script>\n<script async src="${origin}/static/beckon.js"></script>`;
}
