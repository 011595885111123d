// The server's validation problems (`{path, message}`) placed next to their fields.
import type { Problem } from "../api/http";

/** Problems of exactly this field. */
export function problemsAt(problems: Problem[], path: string): string[] {
  return problems.filter((p) => p.path === path).map((p) => p.message);
}

/** Problems inside this part of the config (a button, an action), for a count on its heading. */
export function problemsUnder(problems: Problem[], path: string): number {
  return problems.filter((p) => p.path === path || p.path.startsWith(`${path}.`) || p.path.startsWith(`${path}[`)).length;
}

/** The DOM id of the field a path names, so a summary can link to it. */
export function fieldId(path: string): string {
  return `field-${path.replace(/[^A-Za-z0-9_-]/g, "_")}`;
}
