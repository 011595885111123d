import { describe, expect, it } from "vitest";
import { waitText } from "../src/owner/notifications";

describe("waitText", () => {
  it("says the notification delay as an agent reads it", () => {
    expect(waitText(120, "en")).toBe("after 2 minutes");
    expect(waitText(60, "en")).toBe("after 1 minute");
    expect(waitText(90, "en")).toBe("after 90 seconds");
    expect(waitText(0, "en")).toBe("right away");
  });
  it("in the console's language", () => {
    expect(waitText(60, "de")).toBe("nach 1 Minute");
    expect(waitText(90, "es")).toBe("después de 90 segundos");
    expect(waitText(0, "de")).toBe("sofort");
  });
});
