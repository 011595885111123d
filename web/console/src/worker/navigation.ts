// Which navigations the service worker answers from its copy of the app when the network fails:
// pure, unit-tested in test/worker.test.ts.

/**
 * Whether a navigation to `pathname` opens the console app (which the worker can answer offline
 * from its copy of index.html): a path under the scope, except the build's other pages
 * (`preview.html`, `api-docs.html`).
 */
export function isAppNavigation(pathname: string, scopePath: string): boolean {
  if (!pathname.startsWith(scopePath)) return false;
  const last = pathname.slice(scopePath.length).split("/").pop() ?? "";
  return !last.endsWith(".html") || last === "index.html";
}
