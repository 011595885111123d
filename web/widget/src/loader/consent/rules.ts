// Consent first (docs/configuration.md "Consent"), pure: whether the widget may make its own
// requests (statistics, geo and chat lookups, error reports, chat resume) and write storage, and
// what the consent managers' public APIs say. No DOM here: managers.ts wires these to the page.
import type { Domain } from "../../config/types.gen";

/** Consent is asked for on this domain (its waitForConsent property). */
export const waitsForConsent = (domain: Domain | null | undefined): boolean => domain?.properties?.waitForConsent === true;

/**
 * Beckon may make requests and write storage: the domain does not wait for consent, or the
 * visitor gave it (CNB.consent(true), or a consent manager) and has not taken it back.
 */
export const allowed = (domain: Domain | null | undefined, given: boolean | undefined): boolean =>
  given ?? !waitsForConsent(domain); // the loader's lookups test the same (widget.ts)

/** The parts of an IAB TCF v2 TCData object read here (the CMP's addEventListener callback). */
export type TcData = {
  gdprApplies?: boolean;
  eventStatus?: string;
  purpose?: { consents?: Record<string, boolean> };
  publisher?: { consents?: Record<string, boolean> };
};

/**
 * What a TCF v2 event says about storage (purpose 1, "store and/or access information on a
 * device"): true when GDPR does not apply or purpose 1 is consented (to the vendors or, Beckon
 * being the site's own tool, to the publisher); false when the visitor has decided without it;
 * undefined while the CMP's UI is still showing (eventStatus "cmpuishown": no decision yet).
 */
export function tcfConsent(tc: TcData | null | undefined, success: boolean): boolean | undefined {
  if (!success || !tc) return;
  if (tc.gdprApplies === false) return true;
  if (tc.eventStatus != "tcloaded" && tc.eventStatus != "useractioncomplete") return;
  return tc.purpose?.consents?.[1] === true || tc.publisher?.consents?.[1] === true;
}

/**
 * Google Consent Mode v2: the functionality_storage state of a dataLayer entry made by
 * gtag('consent', 'default' | 'update', {...}) (gtag pushes its `arguments` object), or undefined
 * when the entry says nothing about it.
 */
export function consentModeEntry(entry: unknown): boolean | undefined {
  try {
    const e = entry as ArrayLike<unknown>;
    if (!e || typeof e != "object" || e[0] != "consent" || (e[1] != "default" && e[1] != "update")) return;
    const v = (e[2] as Record<string, unknown> | undefined)?.functionality_storage;
    return v == "granted" ? true : v == "denied" ? false : undefined;
  } catch {
    return; // a hostile entry
  }
}

/** The state the dataLayer's entries add up to: the last one that names functionality_storage. */
export function consentModeState(dataLayer: ArrayLike<unknown> | undefined): boolean | undefined {
  let state: boolean | undefined;
  for (let i = 0; dataLayer && i < dataLayer.length; i++) state = consentModeEntry(dataLayer[i]) ?? state;
  return state;
}
