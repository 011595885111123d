// Which buttons and actions show (spec §5.1). Pure: the same config and params give the same decision.
import type { Action, Button } from "../../config/types.gen";
import type { Decide, DecidedButton, RuntimeParams } from "./types";
import { hostMatches } from "./domain";
import { displayOk } from "./display";
import { conditionsPass } from "./conditions";
import { scheduledNow } from "../../shared/schedule";
import { refs } from "./needs";
import { isHttpUrl } from "../actions/validate";
import type { Warning } from "../messages";
import { hasScrollRule } from "../render/show";
import { LISTS } from "../../shared/features";

/** Action limit per button type (spec §2.2, §9). */
export const ACTION_LIMIT: Record<string, number> = { FULL: 5, DOTS: 10, SINGLE: 1, MULTI: Infinity };

/** True when `button` cannot be placed because `earlier` (kept before it) occupies its placement. */
export function collides(earlier: Button, button: Button): boolean {
  const taken = earlier.options || {};
  const wanted = button.options || {};
  const samePlacement = taken.placement === wanted.placement;
  // A button shown or hidden by scrolling leaves its place free part of the time.
  const scrolls = hasScrollRule(taken.scroll);
  // Two buttons attached to different elements do not share a place.
  const attachedApart = taken.position === "ABSOLUTE" && wanted.position === "ABSOLUTE" && taken.attachTo !== wanted.attachTo;
  return samePlacement && !scrolls && !attachedApart;
}

/** Links and frames need an http(s) URL as their value (spec §5.2). */
const needsUrl = (action: Action): boolean => /^(LINK|IFRAME)$/.test(action.actionType);

export const decide: Decide = (config, params) => {
  const warnings: Warning[] = [];
  const buttons: DecidedButton[] = [];
  const domains = config.domains;
  const multiple = domains[0]?.properties?.allowMultipleButtons;
  const onPage = domains.filter((domain) => hostMatches(domain, params.domain));

  for (const button of config.buttons) {
    if (buttons.length > 0 && !multiple) break;
    const domain = onPage.find((d) => d.id === button.domainId);
    if (!button.active || !domain) continue;
    if (!displayOk(button.options?.displayMode, params.desktop)) continue;
    if (!params.disableConditions && !conditionsPass(refs(config, button, "conditions"), params)) continue;
    if (buttons.some((kept) => collides(kept.button, button))) continue;
    const limit = ACTION_LIMIT[button.type];
    if (!limit) {
      warnings.push(["button", button.type]);
      continue;
    }
    // A hosted embed without the lists part (../features.ts) draws single buttons only.
    if (!LISTS && button.type !== "SINGLE") {
      warnings.push(["lists", button.type]);
      continue;
    }
    const actions = refs(config, button, "actions").filter((action) => {
      if (!scheduled(action, domain.timezone, params)) return false;
      if (needsUrl(action) && !isHttpUrl(action.actionValue)) {
        warnings.push(["url", action.id]);
        return false;
      }
      return true;
    });
    if (actions.length > 0) buttons.push({ button, domain, actions: actions.slice(0, limit) });
  }
  return { domain: onPage[0] || null, buttons, warnings };
};

/** The action's schedule lets it show now, in the domain's time zone (else the browser's). */
const scheduled = (action: Action, timezone: string | undefined, params: RuntimeParams): boolean =>
  params.disableScheduler || scheduledNow(action.schedule, params.now, timezone || params.browserTimeZone);
