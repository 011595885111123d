// What the console's pages and its service worker (src/worker/sw.ts) say to each other.

/** The worker asks an open console window to show a console address (a notification's). */
export type OpenMessage = { type: "beckon:open"; url: string };

export const OPEN = "beckon:open";

export function isOpenMessage(data: unknown): data is OpenMessage {
  const m = data as Partial<OpenMessage> | null;
  return typeof m === "object" && m !== null && m.type === OPEN && typeof m.url === "string";
}
