// Which buttons and actions show (spec §5.1). Pure: the same config and params give the same decision.
import type { Action, Button } from "../../config/types.gen";
import type { Decide, DecidedButton } from "./types";
import { findDomain, hostMatches } from "./domain";
import { displayOk } from "./display";
import { conditionsPass } from "./conditions";
import { scheduledNow } from "./schedule";
import { isHttpUrl } from "../actions/validate";

/** Action limit per button type (spec §2.2, §9). */
export const ACTION_LIMIT: Record<string, number> = { FULL: 5, DOTS: 10, SINGLE: 1, MULTI: Infinity };
export const URL_WARNING =
  "Error evaluating actionValue (likely an invalid or incomplete URL), excluding this action";

const find = <T extends { id: string }>(list: T[] | undefined, id: string) => (list || []).find((x) => x.id == id);

/** `b` cannot be placed because `prev` (kept earlier) occupies its placement. */
const collides = (prev: Button, b: Button) => {
  const p = prev.options || {}, o = b.options || {}, s = p.scroll || {};
  return (
    p.placement == o.placement &&
    !((s.revealAtHeight || 0) > 0 || (s.hideAtHeight || 0) > 0) &&
    !(p.position == "ABSOLUTE" && o.position == "ABSOLUTE" && p.attachTo != o.attachTo)
  );
};

export const decide: Decide = (config, params) => {
  const warnings: string[] = [];
  const buttons: DecidedButton[] = [];
  const domains = config.domains || [];
  const first = domains[0];
  const multiple = !!(first && first.properties && first.properties.allowMultipleButtons);

  for (const button of config.buttons || []) {
    if (buttons.length && !multiple) break;
    const domain = find(domains, button.domainId);
    if (
      !button.active || !domain || !hostMatches(domain, params.domain) ||
      !displayOk((button.options || {}).displayMode, params.viewport) ||
      !(params.disableConditions || conditionsPass(
        (button.conditions || []).map((id) => find(config.conditions, id)!).filter(Boolean), params)) ||
      buttons.some((k) => collides(k.button, button))
    ) continue;
    const limit = ACTION_LIMIT[button.type];
    if (!limit) {
      warnings.push("Unknown button type " + button.type);
      continue;
    }
    const actions: Action[] = [];
    for (const id of button.actions || []) {
      const a = find(config.actions, id);
      if (!a) continue;
      const s = a.schedule;
      if (!params.disableScheduler &&
        !scheduledNow(s, params.now, (s && s.timezone) || domain.timezone || params.browserTimeZone || undefined)) continue;
      if ((a.actionType == "LINK" || a.actionType == "IFRAME") && !isHttpUrl(a.actionValue)) {
        warnings.push(URL_WARNING + " " + a.id);
        continue;
      }
      actions.push(a);
    }
    if (actions.length) buttons.push({ button, domain, actions: actions.slice(0, limit) });
  }
  return { domain: findDomain(domains, params.domain), buttons, warnings };
};
