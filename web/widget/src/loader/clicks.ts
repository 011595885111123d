// What a click on an action does besides its link (spec §7), synchronously so no conversion is
// lost: analytics per the matched domain's properties (trackGA, trackConversion), the surface for
// surface actions, and a cnb:click event. Nothing is loaded: we only call what the page defines,
// and errors thrown by the page's functions are swallowed.
import type { Action, Domain } from "../config/types.gen";
import type { ActionLink } from "./actions/types";
import { emit } from "./events";
import { openSurface } from "./surface";

type Page = {
  gtag?: (...args: unknown[]) => void;
  dataLayer?: unknown[];
  gtag_report_conversion?: () => unknown;
};

export function handleAction(domain: Domain | null | undefined, action: Action, link: ActionLink, el: Element): void {
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
  if (link.kind == "surface") openSurface(action, el);
  emit("cnb:click", {
    actionId: action.id,
    actionType: action.actionType,
    buttonId: el.closest<HTMLElement>("[data-button-id]")!.dataset.buttonId,
  });
}
