// The URL rule of spec §5.2 (docs/configuration.md, "Links and page URLs"), shared by the decision (LINK/IFRAME
// actions are excluded when it fails), links.ts and the console's links: a fully qualified http(s)
// URL with a host. The server's is_http_url (crates/model/src/checks.rs) is the same rule; both are
// tested on crates/model/tests/fixtures/rules/http-urls.json.

export const isHttpUrl = (v: string | undefined): boolean => {
  try {
    return /^https?:\/\/[^/?#\s]/i.test(v!) && !!new URL(v!).host;
  } catch {
    return false;
  }
};
