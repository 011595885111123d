import { describe, expect, it } from "vitest";
import { allowed, consentModeEntry, consentModeState, tcfConsent, waitsForConsent } from "../../src/loader/consent/rules";

const waiting = { id: "d1", name: "example.com", properties: { waitForConsent: true } } as never;
const open = { id: "d2", name: "example.org" } as never;

describe("consent first", () => {
  it("a domain waits only when waitForConsent is true", () => {
    expect(waitsForConsent(waiting)).toBe(true);
    expect(waitsForConsent(open)).toBe(false);
    expect(waitsForConsent(null)).toBe(false);
  });

  it("allows requests and storage: without the option, or once given; never once refused", () => {
    expect(allowed(open, undefined)).toBe(true);
    expect(allowed(waiting, undefined)).toBe(false);
    expect(allowed(waiting, true)).toBe(true);
    expect(allowed(waiting, false)).toBe(false);
    // CNB.consent(false) stops Beckon even where the owner did not ask to wait.
    expect(allowed(open, false)).toBe(false);
  });
});

describe("IAB TCF v2", () => {
  const tc = (over: object) => ({ gdprApplies: true, eventStatus: "useractioncomplete", purpose: { consents: {} }, publisher: { consents: {} }, ...over });
  it("purpose 1 consented (vendors or publisher) is consent", () => {
    expect(tcfConsent(tc({ purpose: { consents: { 1: true } } }), true)).toBe(true);
    expect(tcfConsent(tc({ publisher: { consents: { 1: true } } }), true)).toBe(true);
    expect(tcfConsent(tc({ eventStatus: "tcloaded", purpose: { consents: { 1: true } } }), true)).toBe(true);
  });
  it("a decision without purpose 1 is a refusal; no decision yet says nothing", () => {
    expect(tcfConsent(tc({ purpose: { consents: { 2: true } } }), true)).toBe(false);
    expect(tcfConsent(tc({ eventStatus: "cmpuishown" }), true)).toBeUndefined();
    expect(tcfConsent(tc({ purpose: { consents: { 1: true } } }), false)).toBeUndefined();
    expect(tcfConsent(null, true)).toBeUndefined();
  });
  it("GDPR not applying is consent", () => {
    expect(tcfConsent({ gdprApplies: false }, true)).toBe(true);
  });
});

describe("Google Consent Mode v2", () => {
  // gtag() pushes its arguments object, not an array.
  function args(..._: unknown[]) {
    // eslint-disable-next-line prefer-rest-params
    return arguments;
  }
  it("reads functionality_storage of consent default and update entries", () => {
    expect(consentModeEntry(args("consent", "default", { functionality_storage: "denied" }))).toBe(false);
    expect(consentModeEntry(args("consent", "update", { functionality_storage: "granted" }))).toBe(true);
    expect(consentModeEntry(args("consent", "update", { ad_storage: "granted" }))).toBeUndefined();
    expect(consentModeEntry(args("event", "click", {}))).toBeUndefined();
    expect(consentModeEntry({ event: "gtm.js" })).toBeUndefined();
    expect(consentModeEntry(null)).toBeUndefined();
  });
  it("the state is the last entry that names it", () => {
    const layer = [
      args("consent", "default", { functionality_storage: "denied", ad_storage: "denied" }),
      { event: "gtm.js" },
      args("consent", "update", { functionality_storage: "granted" }),
      args("consent", "update", { ad_storage: "granted" }),
    ];
    expect(consentModeState(layer)).toBe(true);
    expect(consentModeState(layer.slice(0, 2))).toBe(false);
    expect(consentModeState([])).toBeUndefined();
    expect(consentModeState(undefined)).toBeUndefined();
  });
  it("a hostile entry is ignored", () => {
    const hostile = new Proxy([], { get: () => { throw Error("boom"); } });
    expect(consentModeEntry(hostile)).toBeUndefined();
  });
});
