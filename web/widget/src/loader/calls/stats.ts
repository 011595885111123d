// Statistics event (spec §7), sent by the extras chunk: one POST per page view to
// {apiRoot}/v1/stats when stats reporting is on, apiRoot is set and the page host matched a
// configured domain (the caller checks). Failures are swallowed.
import { apiBase, postJson } from "./http";

export const STATS_WEBSITE = "beckon";

export function sendStats(apiRoot: string, domainId: string): Promise<unknown> {
  return postJson(apiBase(apiRoot) + "/v1/stats", {
    type: "event",
    payload: { website: STATS_WEBSITE, event_name: domainId, url: "" },
  });
}
