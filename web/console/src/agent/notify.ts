// Notifications that fire: a sound (browsers only play one after a user gesture, so the first
// click in the console unlocks it), and a desktop notification when the agent allowed them and
// is looking elsewhere.
const SOUNDS = {
  newChat: "/static/audio/notification-new-message-inactive-chat-client.webm",
  message: "/static/audio/notification-new-message-active-chat-all.webm",
} as const;

let unlocked = false;
const players = new Map<string, HTMLAudioElement>();

function player(src: string): HTMLAudioElement {
  let a = players.get(src);
  if (!a) {
    a = new Audio(src);
    a.preload = "auto";
    players.set(src, a);
  }
  return a;
}

/** Call once: the first click anywhere allows sounds from then on. */
export function unlockSoundOnFirstClick() {
  const unlock = () => {
    unlocked = true;
    for (const src of Object.values(SOUNDS)) player(src).load();
  };
  document.addEventListener("click", unlock, { once: true, capture: true });
  document.addEventListener("keydown", unlock, { once: true, capture: true });
}

/** The agent's choice (on unless turned off); sounds also need the first click. */
export function soundPreference(): boolean {
  return localStorage.getItem("beckon.console.sound") !== "off";
}

function soundEnabled(): boolean {
  return unlocked && soundPreference();
}

export function setSoundPreference(on: boolean) {
  localStorage.setItem("beckon.console.sound", on ? "on" : "off");
}

export function playSound(kind: keyof typeof SOUNDS) {
  if (!soundEnabled()) return;
  const a = player(SOUNDS[kind]);
  a.currentTime = 0;
  a.play().catch(() => {});
  document.documentElement.dataset.lastSound = kind; // lets browser tests see that it fired
}

export function desktopPermission(): NotificationPermission | "unsupported" {
  return typeof Notification === "undefined" ? "unsupported" : Notification.permission;
}

export async function askDesktopPermission(): Promise<NotificationPermission | "unsupported"> {
  if (typeof Notification === "undefined") return "unsupported";
  return Notification.requestPermission();
}

/** Shown only while the console is not the visible tab; a click brings the chat up. */
export function desktopNotify(title: string, body: string, onClick: () => void) {
  if (desktopPermission() !== "granted" || document.visibilityState === "visible") return;
  const n = new Notification(title, { body, tag: title, icon: undefined });
  n.onclick = () => {
    window.focus();
    onClick();
    n.close();
  };
}
