//! The small pages behind links in mail (`/c/{token}`, `/u/{token}`): one document shape and
//! style, never cached (the token is in the address), no referrer, no framing.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

use crate::infra::mail::html;

/// The page around its content (the chat window brings its own styles).
const STYLE: &str =
    "body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#f6f7f9;color:#1b1f24}\
     main{max-width:36rem;margin:0 auto;padding:2rem 1rem}h1{font-size:1.4rem}\
     button{font:inherit;padding:.5rem 1rem;border-radius:8px;border:1px solid #1a56db;\
     background:#1a56db;color:#fff;cursor:pointer}button:focus-visible{outline:3px solid #1b1f24;\
     outline-offset:2px}";

/// A page titled `title` (escaped here) holding `main` (HTML the caller built, every value in it
/// escaped), under the Content-Security-Policy `csp`.
pub fn link_page(status: StatusCode, title: &str, main: &str, csp: &'static str) -> Response {
    let doc = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <meta name=\"referrer\" content=\"no-referrer\"><title>{t}</title><style>{STYLE}</style>\
         </head><body><main><h1>{t}</h1>{main}</main></body></html>",
        t = html(title),
    );
    let mut r = (status, doc).into_response();
    let h = r.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(csp),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    r
}
