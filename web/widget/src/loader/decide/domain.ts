// Domain matching (spec §5.1; docs/configuration.md, "Which domain a page belongs to"): a button's domain matches
// the page host by name or alias, ignoring protocol, a leading "www.", a port, a path and letter
// case. The server applies the same rule (crates/model/src/host.rs); both are tested on
// crates/model/tests/fixtures/rules/hosts.json.
import type { Domain } from "../../config/types.gen";

/** Lower case without protocol and "www." (front), trailing dot, port, path, query and fragment (end). */
export const normHost = (h: string | undefined): string =>
  (h || "").trim().toLowerCase().replace(/^([\w+.-]+:\/\/)?(www\.)?|\.?(:\d*)?([/?#].*)?$/g, "");

export const hostMatches = (d: Domain, host: string): boolean => {
  const h = normHost(host);
  return !!h && [d.name, ...(d.aliases || [])].some((n) => normHost(n) == h);
};

/** The first configured domain matching the host, or null. */
export const findDomain = (domains: Domain[] | undefined, host: string): Domain | null =>
  (domains || []).find((d) => hostMatches(d, host)) || null;
