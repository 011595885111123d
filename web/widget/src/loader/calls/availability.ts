// CHAT condition lookup (spec §7): GET {apiRoot}/v1/chat/public/channels/available/{domainId}
// reading agentAvailable. Any failure counts as unavailable.
import { apiUrl, getJson } from "./http";

export async function lookupAgentsAvailable(apiRoot: string | undefined, domainId: string): Promise<boolean> {
  try {
    if (!apiRoot) return false;
    const body = (await getJson(
      apiUrl(apiRoot, "/v1/chat/public/channels/available/" + encodeURIComponent(domainId)),
    )) as { agentAvailable?: unknown } | null;
    return !!body && body.agentAvailable === true;
  } catch {
    return false;
  }
}
