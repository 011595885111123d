// Getting the visitor's attention for agent messages (spec §4.5, §7, §9): the tab title blinks
// 'New message from {agent}' every 700 ms while the tab is hidden or the chat window closed; the
// 'You have new messages' banner clears 10 s after the visitor returns; three sounds from
// {staticRoot}/audio/.
import { realTimers, type Timers } from "./timers";
import { t, texts } from "../../i18n/index";

export const BLINK_INTERVAL_MS = 700;
export const BANNER_CLEAR_MS = 10_000;
/** The banner's and the title's texts, in the widget's language. */
export const ATTENTION = texts("attention");
export const blinkText = (agent: string): string => t("attention.blink", { name: agent });

export const SOUNDS = {
  /** The visitor's message went out. */
  sent: "message-sent-all.webm",
  /** An agent message while the visitor is looking at the chat. */
  active: "notification-new-message-active-chat-all.webm",
  /** An agent message while the window is closed or the tab hidden. */
  inactive: "notification-new-message-inactive-chat-client.webm",
} as const;
export type Sound = keyof typeof SOUNDS;

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

export type AttentionOptions = {
  staticRoot: string;
  play?: AudioPlayer;
  doc?: TitleTarget | null;
  timers?: Timers;
  onBanner?(visible: boolean): void;
};

export type Attention = {
  /** The visitor's message was sent. */
  sent(): void;
  /** An agent message arrived; `seen`: window open and tab visible. */
  agentMessage(agentName: string, seen: boolean): void;
  /** Window open and tab visible (true) or not; stops the blink, clears the banner 10 s later. */
  setSeen(seen: boolean): void;
  banner(): boolean;
  /** The page's own title (while the tab's title blinks, the one it had before). */
  pageTitle(): string;
  dispose(): void;
};

export function createAttention(o: AttentionOptions): Attention {
  const timers = o.timers || realTimers();
  const play = o.play || browserAudio;
  const doc = o.doc === undefined ? (typeof document != "undefined" ? document : null) : o.doc;
  let blink: unknown = null;
  let original = "";
  let alt = false;
  let banner = false;
  let clear: unknown = null;
  let seen = true;

  const stopBlink = () => {
    if (blink == null) return;
    timers.clearInterval(blink);
    blink = null;
    if (doc && alt) doc.title = original;
    alt = false;
  };
  const startBlink = (agent: string) => {
    if (!doc) return;
    const text = blinkText(agent);
    if (blink != null) timers.clearInterval(blink);
    else original = doc.title;
    blink = timers.setInterval(() => {
      alt = !alt;
      doc.title = alt ? text : original;
    }, BLINK_INTERVAL_MS);
  };
  const setBanner = (v: boolean) => {
    if (v == banner) return;
    banner = v;
    o.onBanner?.(v);
  };
  const stopClear = () => {
    if (clear != null) timers.clearTimeout(clear);
    clear = null;
  };

  return {
    sent: () => play(soundUrl(o.staticRoot, "sent")),
    agentMessage(agent, isSeen) {
      if (isSeen) return play(soundUrl(o.staticRoot, "active"));
      seen = false;
      play(soundUrl(o.staticRoot, "inactive"));
      startBlink(agent || "");
      stopClear();
      setBanner(true);
    },
    setSeen(v) {
      if (v == seen) return;
      seen = v;
      if (!v) return stopClear();
      stopBlink();
      if (banner && clear == null)
        clear = timers.setTimeout(() => {
          clear = null;
          setBanner(false);
        }, BANNER_CLEAR_MS);
    },
    banner: () => banner,
    pageTitle: () => (blink != null ? original : doc ? doc.title : ""),
    dispose() {
      stopBlink();
      stopClear();
    },
  };
}
