// Listens to the page's consent managers (in the extras chunk, and only on a domain that waits for
// consent): IAB TCF v2 through __tcfapi('addEventListener', 2, cb), and Google Consent Mode v2
// through the dataLayer (its entries now, and each later push). Each answer is handed to
// onConsent (true: storage consented; false: refused or taken back). Only the pages' public APIs
// are called; a manager that throws is ignored.
import { consentModeEntry, consentModeState, tcfConsent, type TcData } from "./rules";

type Page = {
  __tcfapi?: (command: string, version: number, cb: (tc: TcData, success: boolean) => void) => void;
  dataLayer?: unknown[];
};

export function listenToManagers(win: object, onConsent: (given: boolean) => void): void {
  const w = win as Page;
  try {
    if (typeof w.__tcfapi == "function")
      w.__tcfapi("addEventListener", 2, (tc, success) => {
        const c = tcfConsent(tc, success);
        if (c !== undefined) onConsent(c);
      });
  } catch {
    /* the CMP failed */
  }
  try {
    const layer = w.dataLayer;
    if (!layer || typeof layer.push != "function") return;
    const now = consentModeState(layer);
    if (now !== undefined) onConsent(now);
    // Later gtag('consent', 'update', …) calls push to the same array: wrap its push (which may
    // itself be gtm.js's wrapper) and read each entry after it is added.
    const push = layer.push;
    layer.push = function (this: unknown[], ...entries: unknown[]) {
      const n = push.apply(this, entries);
      for (const e of entries) {
        const c = consentModeEntry(e);
        if (c !== undefined) onConsent(c);
      }
      return n;
    };
  } catch {
    /* a frozen or hostile dataLayer */
  }
}
