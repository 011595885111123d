// The lookups a decision may need (spec §7), made only when an active button needs them and
// apiRoot is set: GEO → GET {apiRoot}/v1/geo[?ip=…] reading country_code; CHAT → GET
// {apiRoot}/v1/chat/public/channels/available/{domainId} reading agentAvailable. Any failure
// counts as no country / no agent available.
import type { Config, Domain } from "../../config/types.gen";
import type { RuntimeParams } from "../decide/types";
import { needsChat, needsGeo } from "../decide/needs";
import { apiBase, getJson } from "./http";

export type Lookups = Pick<RuntimeParams, "countryCode" | "agentsAvailable">;

export async function lookups(c: Config, domain: Domain | null): Promise<Lookups> {
  const o = c.options || {};
  const api = apiBase(o.apiRoot);
  const [geo, chat] = await Promise.all([
    api && needsGeo(c) && getJson(api + "/v1/geo" + (o.ip ? "?ip=" + encodeURIComponent(o.ip) : "")),
    api && domain && needsChat(c) && getJson(api + "/v1/chat/public/channels/available/" + encodeURIComponent(domain.id)),
  ]);
  const cc = geo?.country_code;
  return {
    countryCode: typeof cc == "string" && cc ? cc.toUpperCase() : null,
    agentsAvailable: chat?.agentAvailable === true,
  };
}
