// The desktop call panel's pure parts: which devices get it (shared/device.ts), what it shows for
// each action (call/panel.ts), its texts in every language (call/texts.ts) and a QR code that
// encodes the link.
import { describe, expect, it } from "vitest";
import { cannotPlaceCalls } from "../../src/shared/device";
import { callPanel, qrSvg } from "../../src/call/panel";
import { CALL_TEXTS, callTexts } from "../../src/call/texts";
import { LANGUAGES } from "../../src/shared/lang";

describe("cannotPlaceCalls", () => {
  it("is a wide screen with neither touch nor a coarse pointer", () => {
    expect(cannotPlaceCalls({ coarsePointer: false, touchPoints: 0, width: 1280 })).toBe(true);
    expect(cannotPlaceCalls({ coarsePointer: true, touchPoints: 5, width: 390 })).toBe(false); // a phone
    expect(cannotPlaceCalls({ coarsePointer: true, touchPoints: 5, width: 1024 })).toBe(false); // a tablet
    expect(cannotPlaceCalls({ coarsePointer: false, touchPoints: 10, width: 1280 })).toBe(false); // a touch laptop
    expect(cannotPlaceCalls({ coarsePointer: false, touchPoints: 0, width: 500 })).toBe(false); // a narrow window
  });
});

describe("callPanel", () => {
  it("shows the number and the link; WhatsApp adds WhatsApp Web", () => {
    expect(callPanel({ id: "a", actionType: "PHONE", actionValue: "+31 20 123 4567" }, "tel:+31201234567")).toEqual({ kind: "PHONE", number: "+31 20 123 4567", href: "tel:+31201234567" });
    expect(callPanel({ id: "s", actionType: "SMS", actionValue: "sms:+15550100" }, "sms:+15550100").number).toBe("+15550100");
    const wa = callPanel({ id: "w", actionType: "WHATSAPP", actionValue: "+31 6 1234 5678", properties: { message: "Hi & hello" } }, "https://wa.me/31612345678");
    expect(wa.web).toBe("https://web.whatsapp.com/send?phone=31612345678&text=Hi%20%26%20hello");
  });
  it("draws a QR code as an SVG", () => {
    expect(qrSvg("tel:+31201234567")).toMatch(/^<svg[^>]*>.*<path /s);
  });
});

describe("call texts", () => {
  it("every language has every key English has", () => {
    const keys = Object.keys(CALL_TEXTS.en);
    for (const l of LANGUAGES) expect(Object.keys((CALL_TEXTS as Record<string, object>)[l] ?? {}), l).toEqual(keys);
    expect(callTexts("fr").copy).toBe("Copier");
  });
});
