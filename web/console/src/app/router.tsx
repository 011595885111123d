// A tiny router over the History API: the console lives under /console/ and the server answers
// index.html for every path there, so a reload or a shared link opens the same screen.
import { useEffect, useState, type AnchorHTMLAttributes, type MouseEvent } from "react";

export const BASE = "/console/";

function currentPath(): string {
  const p = location.pathname.startsWith(BASE) ? location.pathname.slice(BASE.length) : "";
  return p.replace(/\/+$/, "");
}

const listeners = new Set<() => void>();

/** Asked before each in-app navigation (e.g. "leave with unsaved changes?"); false stays. */
let guard: ((path: string) => boolean) | null = null;

/** Sets the navigation guard until the returned function is called. */
export function guardNavigation(check: (path: string) => boolean): () => void {
  guard = check;
  return () => {
    if (guard === check) guard = null;
  };
}

export function navigate(path: string, replace = false) {
  if (guard && !guard(path.replace(/^\/+/, ""))) return;
  const url = BASE + path.replace(/^\/+/, "");
  if (replace) history.replaceState(null, "", url);
  else history.pushState(null, "", url);
  listeners.forEach((l) => l());
}

/** The path under /console/ split into segments, e.g. ["inbox", "c-1"]. */
export function useRoute(): string[] {
  const [path, setPath] = useState(currentPath);
  useEffect(() => {
    const update = () => setPath(currentPath());
    listeners.add(update);
    addEventListener("popstate", update);
    return () => {
      listeners.delete(update);
      removeEventListener("popstate", update);
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
