// A tiny router over the History API: the console lives under /console/ and the server answers
// index.html for every path there, so a reload or a shared link opens the same screen. Its React
// side is ui/useRoute.ts (the path as state) and ui/Link.tsx (an in-app link).
export const BASE = "/console/";

/** The path under /console/, without its trailing slashes. */
export function currentPath(): string {
  const p = location.pathname.startsWith(BASE) ? location.pathname.slice(BASE.length) : "";
  return p.replace(/\/+$/, "");
}

const listeners = new Set<() => void>();

/** Asked before each navigation (e.g. "leave with unsaved changes?"); false stays. */
let guard: ((path: string) => boolean) | null = null;

/** Sets the navigation guard until the returned function is called. */
export function guardNavigation(check: (path: string) => boolean): () => void {
  guard = check;
  return () => {
    if (guard === check) guard = null;
  };
}

// Each history entry of the console carries its place in the session's history, so that a Back
// or Forward the guard refuses can be undone: the browser has already moved when it says so
// (popstate), and history.go(back) returns to where the owner was. Entries without one (the
// first page) count as 0.
const placeOf = (state: unknown) => (typeof (state as { place?: unknown } | null)?.place === "number" ? (state as { place: number }).place : 0);
let place = placeOf(history.state);
/** The popstate that history.go() causes when a refused Back or Forward is undone. */
let undoing = false;

addEventListener("popstate", (e) => {
  const to = placeOf(e.state);
  if (undoing) {
    undoing = false;
    place = to;
    return;
  }
  if (guard && !guard(currentPath())) {
    undoing = true;
    history.go(place - to);
    return;
  }
  place = to;
  listeners.forEach((l) => l());
});

export function navigate(path: string, replace = false) {
  if (guard && !guard(path.replace(/^\/+/, ""))) return;
  const url = BASE + path.replace(/^\/+/, "");
  if (replace) history.replaceState({ place }, "", url);
  else history.pushState({ place: ++place }, "", url);
  listeners.forEach((l) => l());
}

/** Calls `changed` after each navigation until the returned function is called. */
export function onNavigation(changed: () => void): () => void {
  listeners.add(changed);
  return () => {
    listeners.delete(changed);
  };
}
