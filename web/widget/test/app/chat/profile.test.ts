import { describe, expect, it } from "vitest";
import {
  isEmail,
  legalAcceptedText,
  legalEnabled,
  legalNotice,
  toPersona,
  validateProfile,
} from "../../../src/app/chat/core/profile";
import { emails } from "../../rules";

describe("profile rules (spec §5.3)", () => {
  it("name required; e-mail required and valid", () => {
    expect(validateProfile({ name: " ", email: "", legal: false }, false)).toEqual({
      ok: false,
      errors: { name: "Please enter your name", email: "Please enter a valid email address" },
    });
    expect(validateProfile({ name: "Ann", email: "ann@example", legal: false }, false).ok).toBe(false);
    expect(validateProfile({ name: "Ann", email: "ann@example.com", legal: false }, false)).toEqual({ ok: true, errors: {} });
  });

  it("e-mail check: the server's rule, on the shared table", () => {
    for (const ok of emails.valid) expect(isEmail(ok), ok).toBe(true);
    for (const bad of emails.invalid) expect(isEmail(bad), bad).toBe(false);
    // The form's value is trimmed first.
    expect(isEmail(" ann@example.com ")).toBe(true);
  });

  it("the legal checkbox is required only when chat-legal-enabled is the string true", () => {
    expect(legalEnabled({ "chat-legal-enabled": "true" })).toBe(true);
    for (const v of [true, "TRUE", "1", "false", null, undefined]) expect(legalEnabled({ "chat-legal-enabled": v as never })).toBe(false);
    expect(legalEnabled(undefined)).toBe(false);
    const f = { name: "Ann", email: "a@b.co", legal: false };
    expect(validateProfile(f, true).errors).toEqual({ legal: "Please accept the legal notices" });
    expect(validateProfile({ ...f, legal: true }, true).ok).toBe(true);
  });

  it("the notice text with {link1}…{link3} becomes text and link parts, never HTML", () => {
    const n = legalNotice({
      "chat-legal-enabled": "true",
      "chat-legal-notice": "I accept the {link1} and {link2}<b>{link3}</b>",
      "chat-legal-link1": { link: "https://shop.example/terms", text: "Terms" },
      "chat-legal-link2": JSON.stringify({ link: "https://shop.example/privacy", text: "Privacy policy" }),
      "chat-legal-link3": { link: "javascript:alert(1)", text: "<img onerror=x>" },
    });
    expect(n!.parts).toEqual([
      { text: "I accept the " },
      { text: "Terms", href: "https://shop.example/terms" },
      { text: " and " },
      { text: "Privacy policy", href: "https://shop.example/privacy" },
      { text: "<b><img onerror=x></b>" },
    ]);
    expect(legalNotice({ "chat-legal-enabled": "false", "chat-legal-notice": "x" })).toBeNull();
  });

  it("missing links drop their placeholder; a bare URL is its own text; default text", () => {
    expect(legalNotice({ "chat-legal-enabled": "true", "chat-legal-notice": "Read {link2}.{link1}" })!.parts).toEqual([{ text: "Read ." }]);
    expect(
      legalNotice({ "chat-legal-enabled": "true", "chat-legal-link1": "https://shop.example/t" })!.parts,
    ).toEqual([{ text: "I accept the " }, { text: "https://shop.example/t", href: "https://shop.example/t" }]);
  });

  it("'Legal notices accepted on {date}'", () => {
    const ts = Date.UTC(2026, 2, 14, 12);
    expect(legalAcceptedText(ts, "en-US")).toBe("Legal notices accepted on 3/14/2026");
    expect(legalAcceptedText(ts, "de-DE")).toBe("Legal notices accepted on 14.3.2026");
  });

  it("the stored persona: trimmed, acceptance time kept or set now", () => {
    const p = toPersona({ name: " Ann ", email: " a@b.co ", legal: true }, null, { now: 42, url: "https://shop.example/" });
    expect(p).toEqual({ name: "Ann", email: "a@b.co", ip: null, url: "https://shop.example/", legalNoticeAccepted: 42 });
    expect(toPersona({ name: "Ann", email: "a@b.co", legal: false }, p, { now: 99 }).legalNoticeAccepted).toBe(42);
    expect(toPersona({ name: "Ann", email: "a@b.co", legal: false }, null, { now: 99 }).legalNoticeAccepted).toBe(0);
  });
});
