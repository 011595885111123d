// What the extras chunk does for the React app (dist/beckon-app.js), so that a click on a surface
// button finds it ready: the app is prefetched when the pointer or the focus comes to a surface
// button; on a touch screen, where no pointer hovers before the tap, at idle after the page's load
// event when a shown button opens a surface, unless the visitor saves data or the connection is
// 2G (prefetchOnTouch). It is imported at once when this browser holds an open chat, which the app then resumes
// (auto-open after 1 s: app/embed.ts; the bubble with the unread count is drawn here, on the
// app's cnb:chat-unread event, also on a multi/dots toggle holding the chat: bubble.ts). The loader imports the same
// URL on click (surface.ts), so the browser fetches and runs the chunk only once.
// Without a stored chat, a chat button whose action has welcome messages (chatmodal-messages) and
// show-notification-count "true" shows a bubble with 1 until its chat is opened (spec §4.5).
import type { Ctx } from "./contract";
import { KEYS } from "../shared/storage-keys";
import { setBubble, showBubble } from "./bubble";

/**
 * Sets up prefetching; resumes a stored chat now when may() (consent first: consent/rules.ts),
 * else returns the resume for when consent comes (the touch screen's prefetch waits with it;
 * hover and focus prefetch only Beckon's own file, for the button under the pointer). Never
 * throws (the chunk's other work goes on).
 */
export function chatResume(ctx: Ctx, may: () => boolean = () => true): () => void {
  let waiting = noop;
  const resume = () => {
    if (!may()) return;
    const go = waiting;
    waiting = noop;
    go();
  };
  try {
    // The chunk sits beside this one (boot.ts imports beckon-extras.js from the loader's folder).
    const url = new URL("beckon-app.js", import.meta.url).href;
    const base = new URL(".", url).href;
    let app: Promise<{ resume(l: Ctx, base: string): void; continueFromLink(l: Ctx, base: string, token: string): Promise<string> }> | undefined;
    const load = () => (app ||= import(url));
    // Surface actions are drawn as <button> (links as <a>): render/index.ts. Once the chunk is
    // there, nothing is left to prefetch.
    const prefetch = (ev: Event) => {
      if ((ev.target as Element).closest?.(".call-now-button button.cnb-act"))
        load().then(
          () => {
            document.removeEventListener("pointerover", prefetch);
            document.removeEventListener("focusin", prefetch);
          },
          () => (app = undefined), // a later hover or the click tries again
        );
    };
    document.addEventListener("pointerover", prefetch, { passive: true });
    document.addEventListener("focusin", prefetch);
    const chats = ctx.roots.flatMap((r) => Array.from(r.querySelectorAll<HTMLElement>("[data-action-type=CHAT]")));
    waiting = () => {
      prefetchOnTouch(ctx, () => load().catch(() => (app = undefined)));
      if (chats.length) resumeStored(load, () => (app = undefined), ctx, base);
    };
    resume();
    if (!chats.length) return resume;
    // The app tells unread agent messages; their bubble is drawn here (bubble.ts).
    document.addEventListener("cnb:chat-unread", (e) => {
      const d = (e as CustomEvent<{ actionId: string; count: number }>).detail;
      const a = ctx.config?.actions?.find((x) => x.id == d.actionId);
      if (a) showBubble(a, d.count);
    });
    // A link from the visitor's e-mail (crates/server/src/api/http/continuation.rs) brought them
    // here: that conversation becomes this browser's and opens; the token leaves the address.
    // The visitor's own request (they followed the link): it does not wait for consent.
    const link = continuationToken(location.hash);
    if (link) {
      waiting = noop;
      history.replaceState(history.state, "", location.pathname + location.search);
      load().then(
        (m) => m.continueFromLink(ctx, base, link),
        () => (app = undefined),
      );
      return resume;
    }
    if (!hasStoredChat())
      for (const b of chats) {
        const p = ctx.config?.actions?.find((a) => a.id == b.dataset.actionId)?.properties;
        if (p && /^true$/i.test(String(p["show-notification-count"])) && String(p["chatmodal-messages"] || "").trim()) {
          const id = b.dataset.actionId!;
          setBubble(id, "1");
          const opened = (e: Event) => {
            if ((e as CustomEvent).detail.actionId != id) return;
            document.removeEventListener("cnb:expand", opened);
            setBubble(id, null);
          };
          document.addEventListener("cnb:expand", opened);
        }
      }
  } catch {
    /* no prefetch and no resume: the click still loads the app (surface.ts) */
  }
  return resume;
}

const noop = (): void => {};

/** This browser holds an open chat (read only now: the first read of localStorage is a synchronous load from the browser process). */
function hasStoredChat(): boolean {
  try {
    return !!localStorage.getItem(KEYS.channelId);
  } catch {
    return false; // no storage: no stored chat
  }
}

type App = { resume(l: Ctx, base: string): void };

/** Resumes a chat stored in this browser (the app reconnects; auto-open: app/embed.ts). */
function resumeStored(load: () => Promise<App>, failed: () => void, ctx: Ctx, base: string): void {
  if (hasStoredChat()) load().then((m) => m.resume(ctx, base), failed);
}

/** The token of `#cnb-continue=…` (a continuation link's redirect), or "". Pure. */
export function continuationToken(hash: string): string {
  const m = /[#&]cnb-continue=([\w.-]+)/.exec(hash);
  return m ? m[1] : "";
}

type Connection = { saveData?: boolean; effectiveType?: string };

/**
 * Whether to fetch the app ahead of a tap on this device: a screen without hover (a phone or a
 * tablet: the tap is the first the app hears of the visitor), not when Save-Data is on or the
 * connection is 2G (the bytes would compete with the page's own, for a surface maybe never opened).
 * Pure: the media query's answer and navigator.connection are passed in.
 */
export function prefetchesOnTouch(noHover: boolean, connection: Connection | undefined): boolean {
  return noHover && !connection?.saveData && !/^(slow-)?2g$/.test(connection?.effectiveType || "");
}

/**
 * On a touch screen, calls prefetch at idle after the page's load event when a shown button opens
 * a surface (a <button>: render/index.ts), so the first tap finds the app: after load, so the
 * page's own loading is untouched.
 */
function prefetchOnTouch(ctx: Ctx, prefetch: () => void): void {
  const connection = (navigator as { connection?: Connection }).connection;
  if (!prefetchesOnTouch(matchMedia("(hover: none)").matches, connection)) return;
  if (!ctx.roots.some((root) => root.querySelector("button.cnb-act"))) return;
  const atIdle = () => {
    if (typeof requestIdleCallback === "function") requestIdleCallback(prefetch, { timeout: 2000 });
    else setTimeout(prefetch, 200);
  };
  if (document.readyState === "complete") atIdle();
  else addEventListener("load", atIdle, { once: true });
}
