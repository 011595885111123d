// Statistics event (spec §7): one POST per page view to {apiRoot}/v1/stats when stats reporting is
// on, apiRoot is set and the page host matched a configured domain. Failures are swallowed.
import { apiUrl, postJson } from "./http";

export const STATS_WEBSITE = "beckon";

export function shouldSendStats(reportStats: boolean, apiRoot: string | undefined, domainId: string | undefined): boolean {
  return reportStats && !!apiRoot && !!domainId;
}

export function statsBody(domainId: string) {
  return { type: "event", payload: { website: STATS_WEBSITE, event_name: domainId, url: "" } };
}

export function sendStats(apiRoot: string, domainId: string): Promise<unknown> {
  return postJson(apiUrl(apiRoot, "/v1/stats"), statsBody(domainId));
}
