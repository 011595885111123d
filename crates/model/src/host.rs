//! Which domain a page belongs to (docs/configuration.md, "Which domain a page belongs to"; spec §5.1). The
//! widget (web/widget/src/loader/decide/domain.ts) and the server (the chat API's origin check)
//! apply this same rule; both test suites read the cases of
//! `crates/model/tests/fixtures/rules/hosts.json`, so the two cannot drift apart.

/// A host as the rule compares it: lower case, without surrounding spaces, a scheme
/// (`https://`), one leading `www.`, anything from the first `/`, `?` or `#`, a port and a
/// trailing dot. `"HTTPS://WWW.Shop.example.com.:8443/cart"` is `"shop.example.com"`;
/// `"[::1]:8080"` is `"[::1]"`.
pub fn normalize_host(value: &str) -> String {
    let lower = value.trim().to_lowercase();
    let mut s = lower.as_str();
    // A scheme: word characters, '+', '.' or '-', then "://".
    if let Some((scheme, rest)) = s.split_once("://") {
        let scheme_like = !scheme.is_empty()
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '+' | '.' | '-'));
        if scheme_like {
            s = rest;
        }
    }
    s = s.strip_prefix("www.").unwrap_or(s);
    s = s.split(['/', '?', '#']).next().unwrap_or("");
    // A port: ':' and digits (or nothing) at the end ("[::1]" ends with ']', so keeps its own).
    if let Some((host, port)) = s.rsplit_once(':') {
        if port.chars().all(|c| c.is_ascii_digit()) {
            s = host;
        }
    }
    s.strip_suffix('.').unwrap_or(s).to_owned()
}

/// Whether the page `host` (a host name, a `Host` header or an `Origin`, any form
/// [`normalize_host`] takes) is the domain `name` or one of its `aliases`.
pub fn host_matches<'a>(
    name: &str,
    aliases: impl IntoIterator<Item = &'a String>,
    host: &str,
) -> bool {
    let host = normalize_host(host);
    !host.is_empty()
        && (normalize_host(name) == host || aliases.into_iter().any(|a| normalize_host(a) == host))
}

/// What is wrong with a domain name or alias an owner enters, if anything. A name is a host
/// only: `shop.example.com`, `localhost`, `127.0.0.1`, `[::1]`; no scheme, path, port or
/// spaces (the rule ignores ports, so a port in a name would only mislead). An empty name is
/// not reported here: the config's own validation says it is missing.
pub fn domain_name_problem(name: &str) -> Option<String> {
    let n = name.trim();
    if n.is_empty() {
        return None;
    }
    if n.contains("://") || n.contains(['/', '?', '#']) {
        return Some(format!(
            "{n:?} is not a host name; give just the host, like \"shop.example.com\" \
             (no scheme or path)"
        ));
    }
    let bracketed_ipv6 = n.starts_with('[')
        && n.ends_with(']')
        && n[1..n.len() - 1]
            .chars()
            .all(|c| c.is_ascii_hexdigit() || matches!(c, ':' | '.'));
    if !bracketed_ipv6 && n.contains(':') {
        return Some(format!(
            "{n:?} has a port; give just the host, like \"shop.example.com\": a domain matches \
             its pages on any port"
        ));
    }
    let ok = n.len() <= 253
        && (bracketed_ipv6
            || n.chars()
                .all(|c| c.is_alphanumeric() || matches!(c, '.' | '-' | '_')));
    (!ok).then(|| format!("{n:?} is not a host name like \"shop.example.com\""))
}
