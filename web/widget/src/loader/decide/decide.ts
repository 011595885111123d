// Which buttons and actions show (spec §5.1). Pure: the same config and params give the same decision.
import type { Button } from "../../config/types.gen";
import type { Decide, DecidedButton } from "./types";
import { hostMatches } from "./domain";
import { displayOk } from "./display";
import { conditionsPass } from "./conditions";
import { scheduledNow } from "./schedule";
import { refs } from "./needs";
import { isHttpUrl } from "../actions/validate";
import type { Warning } from "../messages";

/** Action limit per button type (spec §2.2, §9). */
export const ACTION_LIMIT: Record<string, number> = { FULL: 5, DOTS: 10, SINGLE: 1, MULTI: Infinity };

/** `b` cannot be placed because `prev` (kept earlier) occupies its placement. */
const collides = (prev: Button, b: Button) => {
  const p = prev.options || {}, o = b.options || {}, s = p.scroll || {};
  return (
    p.placement == o.placement &&
    !(s.revealAtHeight! > 0 || s.hideAtHeight! > 0) &&
    !(p.position == "ABSOLUTE" && o.position == p.position && p.attachTo != o.attachTo)
  );
};

export const decide: Decide = (config, params) => {
  const warnings: Warning[] = [], buttons: DecidedButton[] = [], domains = config.domains;
  const multiple = ((domains[0] || {}).properties || {}).allowMultipleButtons;
  const onPage = domains.filter((d) => hostMatches(d, params.domain));

  for (const button of config.buttons) {
    if (buttons[0] && !multiple) break;
    const domain = onPage.find((d) => d.id == button.domainId), limit = ACTION_LIMIT[button.type];
    if (
      !button.active || !domain ||
      !displayOk((button.options || {}).displayMode, params.desktop) ||
      !(params.disableConditions ||
        conditionsPass(refs(config, button, "conditions"), params)) ||
      buttons.some((k) => collides(k.button, button))
    ) continue;
    if (!limit) {
      warnings.push(["button", button.type]);
      continue;
    }
    const actions = refs(config, button, "actions").filter(
      (a) =>
        (params.disableScheduler || scheduledNow(a.schedule, params.now, domain.timezone || params.browserTimeZone)) &&
        // push() returns the new length: a warned action is always dropped.
        (!/^(LINK|IFRAME)$/.test(a.actionType) || isHttpUrl(a.actionValue) || !warnings.push(["url", a.id])),
    );
    if (actions[0]) buttons.push({ button, domain, actions: actions.slice(0, limit) });
  }
  return { domain: onPage[0] || null, buttons, warnings };
};
