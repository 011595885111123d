//! The installation check's input: which page loaded a domain's embed. The hosted embed request
//! (`GET /d/{id}.js`, a `<script>`) carries the page in its `Referer`; the statistics call
//! (`POST /v1/stats`, a cross-origin `fetch`) in its `Origin` and `Referer`. The spec's
//! statistics body has an empty `url` and names only the domain, so the page comes from these
//! headers. Browsers send only the page's origin cross-site by default
//! (`strict-origin-when-cross-origin`), the full address when the page's referrer policy allows
//! it, and nothing from an `https` page to an `http` server or under `no-referrer`.
//!
//! Sightings are batched with the statistics (`infra/stats.rs`) and kept per (domain, host) by the
//! store; the owner API (`api/http/owner/publishing.rs`) compares each host with the domain's name and
//! aliases when it answers, so fixing a typo in the domain name turns the warning off.

use axum::http::{header, HeaderMap};

/// Longest page address kept (longer ones are cut at a character boundary).
pub const MAX_URL: usize = 2048;

/// The page (host, address) the request came from: `Referer` when it is an http(s) address,
/// else `Origin`. `None` without either (or with `Origin: null`).
pub fn page_of(headers: &HeaderMap) -> Option<(String, String)> {
    [header::REFERER, header::ORIGIN]
        .iter()
        .filter_map(|h| headers.get(h)?.to_str().ok())
        .find_map(parse_page)
}

/// `(host, address)` of an http(s) address: the host in lower case without port; the address
/// without its fragment, at most [`MAX_URL`] bytes.
pub fn parse_page(value: &str) -> Option<(String, String)> {
    let url = url::Url::parse(value.trim()).ok()?;
    if !matches!(url.scheme(), "http" | "https") {
        return None;
    }
    let host = url.host_str()?.trim_end_matches('.').to_ascii_lowercase();
    if host.is_empty() {
        return None;
    }
    let mut address = url.to_string();
    if let Some(i) = address.find('#') {
        address.truncate(i);
    }
    if address.len() > MAX_URL {
        let mut end = MAX_URL;
        while !address.is_char_boundary(end) {
            end -= 1;
        }
        address.truncate(end);
    }
    Some((host, address))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_from_referer_then_origin() {
        let mut h = HeaderMap::new();
        assert_eq!(page_of(&h), None);
        h.insert(header::ORIGIN, "https://Shop.Example:8443".parse().unwrap());
        assert_eq!(
            page_of(&h),
            Some(("shop.example".into(), "https://shop.example:8443/".into()))
        );
        h.insert(
            header::REFERER,
            "https://www.shop.example/cart?x=1#top".parse().unwrap(),
        );
        assert_eq!(
            page_of(&h),
            Some((
                "www.shop.example".into(),
                "https://www.shop.example/cart?x=1".into()
            ))
        );
    }

    #[test]
    fn other_schemes_and_null_origins_are_no_page() {
        assert_eq!(parse_page("null"), None);
        assert_eq!(parse_page("file:///home/me/page.html"), None);
        assert_eq!(parse_page("chrome-extension://abc/"), None);
        let mut h = HeaderMap::new();
        h.insert(header::REFERER, "about:blank".parse().unwrap());
        h.insert(header::ORIGIN, "http://127.0.0.1:5173".parse().unwrap());
        assert_eq!(
            page_of(&h),
            Some(("127.0.0.1".into(), "http://127.0.0.1:5173/".into()))
        );
    }

    #[test]
    fn long_addresses_are_cut() {
        let long = format!("https://a.example/{}", "é".repeat(MAX_URL));
        let (_, url) = parse_page(&long).unwrap();
        assert!(url.len() <= MAX_URL);
    }
}
