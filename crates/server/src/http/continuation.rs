//! `GET /c/{token}`: the link in a visitor's e-mail (`outbound/notify.rs`), which continues the
//! conversation in whatever browser opens it. The token is a capability for that one
//! conversation (signed, 30 days: `token.rs`, purpose `Continue`); opening it makes the
//! conversation that browser's (`POST /api/v1/chat/public/continue`, done by the widget).
//!
//! Where it goes: back to the page where the chat began, with `#cnb-continue={token}` (a fragment,
//! so the owner's server and analytics never see it), when that page's host has loaded the
//! domain's embed within the link's lifetime (the embed sightings); otherwise a page served here,
//! the chat window alone with the domain's published look. A link that is not ours, or has
//! expired, is a page that says so.

use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use serde_json::{json, Value};
use utoipa_axum::routes;

use super::chat::continued;
use crate::mail::html;
use crate::state::AppState;
use crate::store::{Domain, Persona, StoreError};
use crate::token::LINK_TTL_MS;
use crate::wire::routes::Routes;

/// The page around the chat (the chat window brings its own styles).
const STYLE: &str =
    "body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#f6f7f9;color:#1b1f24}\
     .c{max-width:36rem;margin:0 auto;padding:2rem 1rem}h1{font-size:1.4rem}\
     button{font:inherit;padding:.5rem 1rem;border-radius:8px;border:1px solid #1a56db;\
     background:#1a56db;color:#fff;cursor:pointer}button:focus-visible{outline:3px solid #1b1f24;\
     outline-offset:2px}";

/// The page's policy: its script and the widget's app from here, the app's inline styles, the
/// chat's calls to this server.
const PAGE_CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
     img-src 'self' data: https:; media-src 'self'; connect-src 'self'; object-src 'none'; \
     base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

pub fn routes() -> Routes<AppState> {
    Routes::new().routes(routes!(continue_page))
}

#[utoipa::path(
    get,
    path = "/c/{token}",
    tag = "hosting",
    summary = "A link from a visitor's e-mail: back to the page where the chat began, or the chat on a page of its own",
    params(("token" = String, Path, description = "the link's token")),
    responses(
        (status = 200, description = "the chat on a page of its own", content_type = "text/html"),
        (status = 303, description = "to the page where the chat began, with #cnb-continue={token}"),
        (status = 404, description = "not a link of this server's", content_type = "text/html"),
        (status = 410, description = "the link has expired", content_type = "text/html"),
    )
)]
async fn continue_page(
    State(state): State<AppState>,
    Path(token): Path<String>,
    headers: HeaderMap,
) -> Response {
    let (channel, persona) = match continued(&state, &token).await {
        Ok(found) => found,
        Err(e) => return page(e.status, &notice_body(&e.message)),
    };
    let domain = match state.store.get_domain(&channel.domain_id).await {
        Ok(d) => d,
        Err(StoreError::NotFound) => {
            return page(
                StatusCode::NOT_FOUND,
                &notice_body(super::chat::LINK_UNKNOWN),
            )
        }
        Err(e) => {
            tracing::error!(error = %e, "continuation: store error");
            return page(
                StatusCode::INTERNAL_SERVER_ERROR,
                &notice_body("Something went wrong on our side. Please try again in a moment."),
            );
        }
    };
    if let Some(url) = embedding_page(&state, &domain, &persona, &token).await {
        return Redirect::to(&url).into_response();
    }
    let origin = state.public_origin(&headers);
    let config = page_config(&state, &domain, &origin).await;
    page(StatusCode::OK, &chat_body(&domain.name, &config, &token))
}

/// The page where the chat began, with the token in its fragment, when its host has loaded the
/// domain's embed within the link's lifetime.
async fn embedding_page(
    state: &AppState,
    domain: &Domain,
    persona: &Persona,
    token: &str,
) -> Option<String> {
    let mut url = url::Url::parse(persona.url.as_deref()?).ok()?;
    if !matches!(url.scheme(), "http" | "https") {
        return None;
    }
    let host = url.host_str()?.to_ascii_lowercase();
    let since = state.store.now() - LINK_TTL_MS;
    let sightings = state.store.list_sightings(&domain.id).await.ok()?;
    if !sightings
        .iter()
        .any(|s| s.host == host && s.seen_at >= since)
    {
        return None;
    }
    url.set_fragment(Some(&format!("cnb-continue={token}")));
    Some(url.into())
}

/// The domain's published config for the widget on this page (the API here), or a plain one
/// with just the domain when nothing is published.
async fn page_config(state: &AppState, domain: &Domain, origin: &str) -> Value {
    let published = state
        .store
        .get_published(&domain.id)
        .await
        .ok()
        .and_then(|p| super::hosting::embed_config(&p.config_json, origin).ok())
        .and_then(|c| serde_json::from_str::<Value>(&c).ok());
    published.unwrap_or_else(|| {
        json!({
            "domains": [{"id": domain.id, "name": domain.name, "type": domain.domain_type}],
            "actions": [], "buttons": [], "conditions": [],
            "options": {"apiRoot": format!("{origin}/api")},
        })
    })
}

/// JSON safe inside `<script type="application/json">`: no `<`, `>` or `&` as such.
fn script_json(v: &Value) -> String {
    v.to_string()
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

fn chat_body(site: &str, config: &Value, token: &str) -> String {
    let data = script_json(&json!({ "config": config, "token": token }));
    format!(
        "<main class=\"c\"><h1>Your conversation with {site}</h1>\
         <p>Our replies and your messages are in the chat; write there to go on.</p>\
         <button type=\"button\" id=\"cnb-continue-open\">Open the conversation</button>\
         <p id=\"cnb-continue-status\" role=\"status\"></p></main>\
         <script type=\"application/json\" id=\"cnb-continue\">{data}</script>\
         <script type=\"module\" src=\"/static/beckon-continue.js\"></script>",
        site = html(site)
    )
}

fn notice_body(message: &str) -> String {
    format!(
        "<main class=\"c\"><h1>This conversation cannot be opened</h1><p role=\"status\">{}</p></main>",
        html(message)
    )
}

/// The HTML document around `body`, with its security headers and never cached (the token is
/// in the address).
fn page(status: StatusCode, body: &str) -> Response {
    let doc = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <meta name=\"referrer\" content=\"no-referrer\"><title>Your conversation</title>\
         <style>{STYLE}</style></head><body>{body}</body></html>"
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
        HeaderValue::from_static(PAGE_CSP),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_config_cannot_end_its_script_element() {
        let v = json!({"name": "</script><script>alert(1)</script> & co"});
        let s = script_json(&v);
        assert!(
            !s.contains('<') && !s.contains('>') && !s.contains('&'),
            "{s}"
        );
        let back: Value = serde_json::from_str(&s).unwrap();
        assert_eq!(back, v);
    }
}
