// Getting the visitor's attention for agent messages (spec §4.5, §7, §9): the tab title blinks
// 'New message from {agent}' every 700 ms while the tab is hidden or the chat window closed; the
// 'You have new messages' banner clears 10 s after the visitor returns; three sounds from
// {staticRoot}/audio/. Steps of the session's reducer (session/reduce.ts), and the title's blink
// (the page's side of it).
import type { Timers } from "./timers";
import { emit, set } from "./session/step";
import type { AttentionState, Sound, Step } from "./session/types";
import { t, texts } from "../../i18n/index";

export const BLINK_INTERVAL_MS = 700;
export const BANNER_CLEAR_MS = 10_000;
/** The banner's and the title's texts, in the widget's language. */
export const ATTENTION = texts("attention");
export const blinkText = (agent: string): string => t("attention.blink", { name: agent });

export const SOUNDS: Record<Sound, string> = {
  /** The visitor's message went out. */
  sent: "message-sent-all.webm",
  /** An agent message while the visitor is looking at the chat. */
  active: "notification-new-message-active-chat-all.webm",
  /** An agent message while the window is closed or the tab hidden. */
  inactive: "notification-new-message-inactive-chat-client.webm",
};
export type { Sound };

export const soundUrl = (staticRoot: string, s: Sound): string =>
  `${(staticRoot || "").replace(/\/+$/, "")}/audio/${SOUNDS[s]}`;

/** Plays a sound file; errors (autoplay rules, no audio) are swallowed. */
export type AudioPlayer = (url: string) => void;

export const browserAudio: AudioPlayer = (url) => {
  try {
    const a = new Audio(url);
    const p = a.play();
    if (p && typeof p.catch == "function") p.catch(() => {});
  } catch {
    /* no audio here */
  }
};

export type TitleTarget = { title: string };

/** The tab's title blinking 'New message from {agent}' every 700 ms, and back. */
export type TitleBlink = {
  /** Starts (or renames) the blink; without a name, stops it and puts the page's title back. */
  blink(agent?: string): void;
  /** The page's own title (while the tab's title blinks, the one it had before). */
  pageTitle(): string;
};

export function titleBlink(doc: TitleTarget | null, timers: Timers): TitleBlink {
  let blink: unknown = null;
  let original = "";
  let alt = false;
  return {
    blink(agent) {
      if (agent == null) {
        if (blink == null) return;
        timers.clearInterval(blink);
        blink = null;
        if (doc && alt) doc.title = original;
        alt = false;
        return;
      }
      if (!doc) return;
      const text = blinkText(agent);
      if (blink != null) timers.clearInterval(blink);
      else original = doc.title;
      blink = timers.setInterval(() => {
        alt = !alt;
        doc.title = alt ? text : original;
      }, BLINK_INTERVAL_MS);
    },
    pageTitle: () => (blink != null ? original : doc ? doc.title : ""),
  };
}

const attention = (c: Step, patch: Partial<AttentionState>) => set(c, { attention: { ...c.s.attention, ...patch } });

const stopClearing = (c: Step) => {
  if (!c.s.attention.clearing) return;
  attention(c, { clearing: false });
  emit(c, { fx: "cancel", key: "banner" });
};

/** An agent message arrived; `seen`: window open and tab visible. */
export function agentMessage(c: Step, agent: string, seen: boolean): void {
  if (seen) return emit(c, { fx: "play", sound: "active" });
  attention(c, { seen: false });
  emit(c, { fx: "play", sound: "inactive" }, { fx: "blink", name: agent });
  stopClearing(c);
  set(c, { banner: true });
}

/** Window open and tab visible (true) or not: the blink stops, the banner clears 10 s later. */
export function attentionSeen(c: Step, seen: boolean): void {
  const a = c.s.attention;
  if (seen == a.seen) return;
  attention(c, { seen });
  if (!seen) return stopClearing(c);
  emit(c, { fx: "blink" });
  if (c.s.banner && !a.clearing) {
    attention(c, { clearing: true });
    emit(c, { fx: "timer", key: "banner", ms: BANNER_CLEAR_MS, event: { type: "banner-clear" } });
  }
}

/** The banner's 10 s are up. */
export const bannerCleared = (c: Step): void => {
  attention(c, { clearing: false });
  set(c, { banner: false });
};
