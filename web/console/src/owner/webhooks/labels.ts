// What the Webhooks screen says about events and deliveries. Pure (test/webhooks.test.ts).
import type { WebhookDelivery } from "../../api/types";

const EVENT_LABELS: Record<string, string> = {
  "conversation.started": "A conversation starts",
  "message.created": "A message is sent (visitor or agent)",
  "conversation.ended": "A conversation ends",
  "conversation.rated": "A visitor rates a conversation",
  "webhook.test": "Test event",
};

/** A person's words for an event type (the type itself when unknown). */
export function eventLabel(type: string): string {
  return EVENT_LABELS[type] ?? type;
}

/** A delivery's state in words: "Succeeded", "Failed", "Retrying" (tried, not yet through) or "Queued". */
export function deliveryState(d: Pick<WebhookDelivery, "status" | "attempts">): string {
  if (d.status === "succeeded") return "Succeeded";
  if (d.status === "failed") return "Failed";
  return d.attempts > 0 ? "Retrying" : "Queued";
}

/** The endpoint's last answer: "200", "no answer" (tried without one) or "—" (not tried yet). */
export function answerText(d: Pick<WebhookDelivery, "responseCode" | "attempts">): string {
  if (d.responseCode != null) return String(d.responseCode);
  return d.attempts > 0 ? "no answer" : "—";
}

/** Whether the log is still moving (worth asking again soon). */
export function anyPending(list: readonly Pick<WebhookDelivery, "status">[]): boolean {
  return list.some((d) => d.status === "pending");
}
