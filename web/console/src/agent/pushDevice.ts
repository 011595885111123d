// This browser's Web Push subscription (the server pushes an agent's browsers when a visitor
// writes while the agent is not online: crates/server/src/service/outbound/push.rs). Turning it on asks
// for the notification permission, subscribes through the console's service worker with the
// server's VAPID key, and saves the subscription; turning it off removes both.
import { api } from "../api/http";
import { consoleWorker } from "../lib/serviceWorker";
import { base64UrlBytes } from "../lib/base64url";

export type PushState = "on" | "off" | "unsupported" | "denied";

/** The browser's push service refused the subscription; the message is the browser's (NotifyToggle words the rest). */
export class PushSubscribeError extends Error {}

/** Whether this browser gets pushes now (its subscription exists). */
export async function pushState(): Promise<PushState> {
  if (typeof Notification === "undefined" || !("PushManager" in window)) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  const worker = await consoleWorker();
  if (!worker) return "unsupported";
  return (await worker.pushManager.getSubscription()) ? "on" : "off";
}

/** Subscribes this browser; resolves to the new state, or throws with what went wrong. */
export async function turnPushOn(): Promise<PushState> {
  if ((await Notification.requestPermission()) !== "granted") return "denied";
  const worker = await consoleWorker();
  if (!worker) return "unsupported";
  const { vapidPublicKey } = await api.GET("/api/v1/agent/push-subscriptions");
  let sub: PushSubscription;
  try {
    sub = await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlBytes(vapidPublicKey) });
  } catch (e) {
    throw new PushSubscribeError((e as Error).message);
  }
  const json = sub.toJSON();
  await api.POST("/api/v1/agent/push-subscriptions", { body: { endpoint: json.endpoint ?? null, keys: { p256dh: json.keys?.p256dh ?? null, auth: json.keys?.auth ?? null } } });
  return "on";
}

/** Unsubscribes this browser and tells the server. */
export async function turnPushOff(): Promise<PushState> {
  const worker = await consoleWorker();
  const sub = await worker?.pushManager.getSubscription();
  if (sub) {
    await api.DELETE("/api/v1/agent/push-subscriptions", { body: { endpoint: sub.endpoint } }).catch(() => {});
    await sub.unsubscribe();
  }
  return "off";
}
