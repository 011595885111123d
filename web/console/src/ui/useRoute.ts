// The console's path as React state (lib/router.ts moves it).
import { useEffect, useState } from "react";
import { currentPath, onNavigation } from "../lib/router";

/** The path under /console/ split into segments, e.g. ["inbox", "c-1"]. */
export function useRoute(): string[] {
  const [path, setPath] = useState(currentPath);
  useEffect(() => onNavigation(() => setPath(currentPath())), []);
  return path ? path.split("/").map(decodeURIComponent) : [];
}
