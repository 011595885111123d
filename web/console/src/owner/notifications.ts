// How the Agents screen says when e-mail notifications go out. Pure.

/** When a notification waits `seconds`: "after 2 minutes", "after 90 seconds", "right away". */
export function waitText(seconds: number): string {
  if (seconds <= 0) return "right away";
  if (seconds % 60 === 0) return `after ${seconds / 60} minute${seconds === 60 ? "" : "s"}`;
  return `after ${seconds} seconds`;
}
