import { describe, expect, it } from "vitest";
import { translate } from "../src/i18n/index";
import { answerText, anyPending, deliveryState, eventLabel } from "../src/owner/webhooks/labels";

const t = (key: string) => translate("en", key);

describe("webhook labels", () => {
  it("names events in words, unknown ones by their type", () => {
    expect(eventLabel("message.created", t)).toBe("A message is sent (visitor or agent)");
    expect(eventLabel("webhook.test", t)).toBe("Test event");
    expect(eventLabel("something.new", t)).toBe("something.new");
    expect(eventLabel("conversation.rated", (key) => translate("de", key))).toBe("Ein Besucher bewertet ein Gespräch");
  });

  it("tells a delivery's state and the endpoint's last answer", () => {
    expect(deliveryState({ status: "pending", attempts: 0 }, t)).toBe("Queued");
    expect(deliveryState({ status: "pending", attempts: 2 }, t)).toBe("Retrying");
    expect(deliveryState({ status: "succeeded", attempts: 3 }, t)).toBe("Succeeded");
    expect(deliveryState({ status: "failed", attempts: 8 }, t)).toBe("Failed");
    expect(answerText({ responseCode: 500, attempts: 1 }, t)).toBe("500");
    expect(answerText({ responseCode: null, attempts: 1 }, t)).toBe("no answer");
    expect(answerText({ responseCode: null, attempts: 0 }, t)).toBe("—");
    expect(anyPending([{ status: "succeeded" }, { status: "pending" }])).toBe(true);
    expect(anyPending([{ status: "failed" }])).toBe(false);
  });
});
