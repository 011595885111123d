// A tiny router over the History API: the console lives under /console/ and the server answers
// index.html for every path there, so a reload or a shared link opens the same screen.
import { useEffect, useState, type AnchorHTMLAttributes, type MouseEvent } from "react";

export const BASE = "/console/";

function currentPath(): string {
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

/** The path under /console/ split into segments, e.g. ["inbox", "c-1"]. */
export function useRoute(): string[] {
  const [path, setPath] = useState(currentPath);
  useEffect(() => {
    const update = () => setPath(currentPath());
    listeners.add(update);
    return () => {
      listeners.delete(update);
    };
  }, []);
  return path ? path.split("/").map(decodeURIComponent) : [];
}

export function Link({ to, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(to);
    rest.onClick?.(e);
  };
  return <a {...rest} href={BASE + to} onClick={onClick} />;
}
