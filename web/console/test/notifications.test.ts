import { describe, expect, it } from "vitest";
import { waitText } from "../src/owner/notifications";

describe("waitText", () => {
  it("says the notification delay as an agent reads it", () => {
    expect(waitText(120)).toBe("after 2 minutes");
    expect(waitText(60)).toBe("after 1 minute");
    expect(waitText(90)).toBe("after 90 seconds");
    expect(waitText(0)).toBe("right away");
  });
});
