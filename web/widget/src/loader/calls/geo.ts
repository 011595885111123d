// GEO lookup (spec §7): GET {apiRoot}/v1/geo[?ip=…] → {ip, country_code}. Any failure → null.
import { apiUrl, getJson } from "./http";

export async function lookupCountry(apiRoot: string | undefined, ip?: string): Promise<string | null> {
  try {
    if (!apiRoot) return null;
    const body = (await getJson(apiUrl(apiRoot, "/v1/geo") + (ip ? "?ip=" + encodeURIComponent(ip) : ""))) as {
      country_code?: unknown;
    } | null;
    const cc = body && body.country_code;
    return typeof cc == "string" && cc ? cc.toUpperCase() : null;
  } catch {
    return null;
  }
}
