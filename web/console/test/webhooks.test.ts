import { describe, expect, it } from "vitest";
import { answerText, anyPending, deliveryState, eventLabel } from "../src/owner/webhooks/labels";

describe("webhook labels", () => {
  it("names events in words, unknown ones by their type", () => {
    expect(eventLabel("message.created")).toBe("A message is sent (visitor or agent)");
    expect(eventLabel("webhook.test")).toBe("Test event");
    expect(eventLabel("something.new")).toBe("something.new");
  });

  it("tells a delivery's state and the endpoint's last answer", () => {
    expect(deliveryState({ status: "pending", attempts: 0 })).toBe("Queued");
    expect(deliveryState({ status: "pending", attempts: 2 })).toBe("Retrying");
    expect(deliveryState({ status: "succeeded", attempts: 3 })).toBe("Succeeded");
    expect(deliveryState({ status: "failed", attempts: 8 })).toBe("Failed");
    expect(answerText({ responseCode: 500, attempts: 1 })).toBe("500");
    expect(answerText({ responseCode: null, attempts: 1 })).toBe("no answer");
    expect(answerText({ responseCode: null, attempts: 0 })).toBe("—");
    expect(anyPending([{ status: "succeeded" }, { status: "pending" }])).toBe(true);
    expect(anyPending([{ status: "failed" }])).toBe(false);
  });
});
