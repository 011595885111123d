// Statistics events (spec §7), sent by the extras chunk when stats reporting is on, apiRoot is set
// and the page host matched a configured domain (the caller checks). Failures are swallowed.
//   - sendStats: the spec's page view, one POST per page view to {apiRoot}/v1/stats;
//   - sendItemStats: Beckon's extension of the same body (crates/server/README.md): a named event
//     about buttons, counted once per button: "view" with the buttons shown (once per page view)
//     and "click" with the action clicked and its button.
import { apiBase, postJson } from "./http";

export const STATS_WEBSITE = "beckon";

const post = (apiRoot: string, domainId: string, extension?: object) =>
  postJson(apiBase(apiRoot) + "/v1/stats", {
    type: "event",
    payload: { website: STATS_WEBSITE, event_name: domainId, url: "", ...extension },
  });

export function sendStats(apiRoot: string, domainId: string): Promise<unknown> {
  return post(apiRoot, domainId);
}

export function sendItemStats(
  apiRoot: string,
  domainId: string,
  name: "view" | "click",
  buttons: string[],
  action?: string,
): Promise<unknown> {
  return post(apiRoot, domainId, { name, buttons, action });
}
