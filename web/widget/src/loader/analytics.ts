// Click analytics (spec §7), in the extras chunk: per the matched domain's properties, trackGA sends
// a click event (gtag, else the dataLayer) and trackConversion fires the page's conversion callback
// (gtag_report_conversion, else a gtag conversion event). Nothing is loaded: we only call what the
// page defines, and errors thrown by the page's functions are swallowed.
// The loader calls this from its click handler, synchronously once the chunk is there (for a
// surface the chunk waits a task, so the surface draws first: extras.ts); a click in
// the first moments after the buttons show, before the chunk has arrived, is queued and tracked
// when it arrives. Trade-off: such an early click on a link that unloads the page (an external
// site, not tel:/mailto:) may lose its analytics event. The click itself, surfaces and the
// cnb:click event never wait for the chunk.
import type { Action, Domain } from "../config/types.gen";

type Page = {
  gtag?: (...args: unknown[]) => void;
  dataLayer?: unknown[];
  gtag_report_conversion?: () => unknown;
};

export function track(domain: Domain | null | undefined, action: Action): void {
  const w = window as Page;
  const p = domain?.properties || {};
  const gtag = w.gtag;
  const data = { event_category: "Beckon Button", event_label: action.actionType + " " + action.actionValue };
  try {
    if (p.trackGA) typeof gtag == "function" ? gtag("event", "click", data) : w.dataLayer!.push({ event: "click", ...data });
  } catch {
    /* the page's analytics failed */
  }
  try {
    if (p.trackConversion)
      typeof w.gtag_report_conversion == "function" ? w.gtag_report_conversion() : gtag!("event", "conversion");
  } catch {
    /* idem, or there is none */
  }
}
