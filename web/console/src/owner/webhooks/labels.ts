// What the Webhooks screen says about events and deliveries, worded by the `t` given. Pure
// (test/webhooks.test.ts).
import type { WebhookDelivery } from "../../api/types";
import type { Translate } from "../../i18n/index";

/** The catalogue key of each event type's name. */
const EVENT_KEYS: Record<string, string> = {
  "conversation.started": "webhooks.event_started",
  "message.created": "webhooks.event_message",
  "conversation.ended": "webhooks.event_ended",
  "conversation.rated": "webhooks.event_rated",
  "webhook.test": "webhooks.event_test",
};

/** A person's words for an event type (the type itself when unknown). */
export function eventLabel(type: string, t: Translate): string {
  return EVENT_KEYS[type] ? t(EVENT_KEYS[type]) : type;
}

/** A delivery's state in words: "Succeeded", "Failed", "Retrying" (tried, not yet through) or "Queued". */
export function deliveryState(d: Pick<WebhookDelivery, "status" | "attempts">, t: Translate): string {
  if (d.status === "succeeded") return t("webhooks.succeeded");
  if (d.status === "failed") return t("webhooks.failed");
  return t(d.attempts > 0 ? "webhooks.retrying" : "webhooks.queued");
}

/** The endpoint's last answer: "200", "no answer" (tried without one) or "—" (not tried yet). */
export function answerText(d: Pick<WebhookDelivery, "responseCode" | "attempts">, t: Translate): string {
  if (d.responseCode != null) return String(d.responseCode);
  return d.attempts > 0 ? t("webhooks.noAnswer") : "—";
}

/** Whether the log is still moving (worth asking again soon). */
export function anyPending(list: readonly Pick<WebhookDelivery, "status">[]): boolean {
  return list.some((d) => d.status === "pending");
}
