// What a click on an action does besides its link (spec §7): analytics per the matched domain's
// properties (trackGA, trackConversion), surfaces through openSurface, and a cnb:click event.
// Nothing is loaded: we only call what the page already defines.
import type { Action, Domain } from "../config/types.gen";
import type { ActionLink } from "./actions/types";
import { emit } from "./events";
import { openSurface } from "./surface";

export const GA_CATEGORY = "Beckon Button";

type Win = {
  gtag?: (...args: unknown[]) => void;
  dataLayer?: { push?: (...args: unknown[]) => unknown };
  gtag_report_conversion?: (url?: string) => unknown;
};

/** Calls the page's analytics for one click. Errors thrown by the page's functions are swallowed. */
export function trackClick(page: object, domain: Domain | null, action: Action): void {
  const win = page as Win;
  const p = (domain && domain.properties) || {};
  const gtag = typeof win.gtag == "function" ? win.gtag : null;
  try {
    if (p.trackGA) {
      const data = { event_category: GA_CATEGORY, event_label: action.actionType + " " + action.actionValue };
      if (gtag) gtag("event", "click", data);
      else if (win.dataLayer && typeof win.dataLayer.push == "function") win.dataLayer.push({ event: "click", ...data });
    }
  } catch {
    /* the page's analytics failed */
  }
  try {
    if (p.trackConversion) {
      if (typeof win.gtag_report_conversion == "function") win.gtag_report_conversion();
      else if (gtag) gtag("event", "conversion");
    }
  } catch {
    /* idem */
  }
}

/** RenderEnv.onAction: analytics, surface, cnb:click. */
export function handleAction(win: object, doc: Document, domain: Domain | null, action: Action, link: ActionLink, el: Element): void {
  trackClick(win, domain, action);
  if (link.kind == "surface") openSurface(action, el as HTMLElement);
  const root = el.closest && el.closest("[data-button-id]");
  emit(doc, "cnb:click", {
    actionId: action.id,
    actionType: action.actionType,
    buttonId: root ? root.getAttribute("data-button-id") : null,
  });
}
