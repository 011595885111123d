// The lookups a decision may need (spec §7), made before deciding only when an active button has a
// GEO or CHAT condition (the loader says which) and apiRoot is set.
// GEO → GET {apiRoot}/v1/geo[?ip=…] reading country_code; CHAT → GET
// {apiRoot}/v1/chat/public/channels/available/{domainId} reading agentAvailable. Any failure
// counts as no country / no agent available.
import type { Config, Domain } from "../../config/types.gen";
import type { RuntimeParams } from "../decide/types";
import { apiBase, getJson } from "./http";

export type Lookups = Pick<RuntimeParams, "countryCode" | "agentsAvailable">;

/** geo, chat: an active button of c needs that lookup (decide/needs.ts). */
export async function lookups(c: Config, domain: Domain | null, geo: boolean, chat: boolean): Promise<Lookups> {
  const o = c.options || {};
  const api = apiBase(o.apiRoot);
  const [g, ch] = await Promise.all([
    api && geo && getJson(api + "/v1/geo" + (o.ip ? "?ip=" + encodeURIComponent(o.ip) : "")),
    api && domain && chat && getJson(api + "/v1/chat/public/channels/available/" + encodeURIComponent(domain.id)),
  ]);
  const cc = g?.country_code;
  return {
    countryCode: typeof cc == "string" && cc ? cc.toUpperCase() : null,
    agentsAvailable: ch?.agentAvailable === true,
  };
}
