//! Security headers.
//!
//! Every response: `X-Content-Type-Options: nosniff` (a file is only ever what its type says) and
//! a `Referrer-Policy` (other sites learn at most our origin, never a path with a chat's id).
//!
//! The console's pages add a strict Content-Security-Policy: scripts only from this server (no
//! inline script, no eval), connections only to this server, nothing may frame the console
//! (`frame-ancestors 'none'`, and `X-Frame-Options: DENY` for old browsers). Its preview page is
//! framed by the console itself, so it allows `'self'` there. The widget's files and the hosted
//! embed get no such policy: they run on the owners' sites.

use axum::extract::Request;
use axum::http::{header, HeaderValue};
use axum::middleware::Next;
use axum::response::Response;
use tower_http::set_header::SetResponseHeaderLayer;

/// What every response says about its referrer.
pub const REFERRER_POLICY: &str = "strict-origin-when-cross-origin";

/// The console's policy, before its `frame-ancestors`. Styles may be inline (React's `style`
/// attributes, the widget's own in the preview); images may come from any https site (avatars).
const CONSOLE_CSP: &str =
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
     img-src 'self' data: blob: https:; font-src 'self' data:; media-src 'self' data: blob:; \
     connect-src 'self'; frame-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'";

/// The console's page that the console frames (the buttons editor's live preview).
pub const PREVIEW_PATH: &str = "/console/preview.html";

/// `nosniff` and the referrer policy on every response that has not set its own.
pub fn every_response() -> (
    SetResponseHeaderLayer<HeaderValue>,
    SetResponseHeaderLayer<HeaderValue>,
) {
    (
        SetResponseHeaderLayer::overriding(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ),
        SetResponseHeaderLayer::if_not_present(
            header::REFERRER_POLICY,
            HeaderValue::from_static(REFERRER_POLICY),
        ),
    )
}

/// The console's policy for a path under `/console/`.
pub fn console_policy(path: &str) -> (String, &'static str) {
    if path == PREVIEW_PATH {
        (
            format!("{CONSOLE_CSP}; frame-ancestors 'self'"),
            "SAMEORIGIN",
        )
    } else {
        (format!("{CONSOLE_CSP}; frame-ancestors 'none'"), "DENY")
    }
}

/// Middleware for the console's routes: its policy on every response.
pub async fn console(req: Request, next: Next) -> Response {
    let (csp, frames) = console_policy(req.uri().path());
    let mut r = next.run(req).await;
    let h = r.headers_mut();
    if let Ok(v) = HeaderValue::from_str(&csp) {
        h.insert(header::CONTENT_SECURITY_POLICY, v);
    }
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static(frames));
    // The console's own URLs name chats: not even their origin goes elsewhere.
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("same-origin"),
    );
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_preview_may_be_framed_and_only_by_the_console() {
        let (csp, frames) = console_policy("/console/inbox/c-1");
        assert!(csp.ends_with("frame-ancestors 'none'") && frames == "DENY");
        assert!(csp.contains("script-src 'self';") && csp.contains("connect-src 'self';"));
        assert!(!csp.contains("unsafe-eval") && !csp.contains("script-src 'self' 'unsafe-inline'"));
        let (csp, frames) = console_policy(PREVIEW_PATH);
        assert!(csp.ends_with("frame-ancestors 'self'") && frames == "SAMEORIGIN");
    }
}
