//! `GET /c/{token}`: the link in a visitor's e-mail (`service/outbound/notify.rs`), which continues the
//! conversation in whatever browser opens it. The token is a capability for that one
//! conversation (signed, 30 days: `infra/token.rs`, purpose `Continue`); opening it makes the
//! conversation that browser's (`POST /api/v1/chat/public/continue`, done by the widget).
//!
//! Where it goes: back to the page where the chat began, with `#cnb-continue={token}` (a fragment,
//! so the owner's server and analytics never see it), when that page's host has loaded the
//! domain's embed within the link's lifetime (the embed sightings); otherwise a page served here,
//! the chat window alone with the domain's published look. A link that is not ours, or has
//! expired, is a page that says so.

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use serde_json::{json, Value};
use utoipa_axum::routes;

use super::chat::continued;
use super::link_page::link_page;
use crate::infra::mail::html;
use crate::infra::token::LINK_TTL_MS;
use crate::state::AppState;
use crate::wire::routes::Routes;
use beckon_store::{Domain, Persona, StoreError};

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
        Err(e) => return notice(e.status, &e.message),
    };
    let domain = match state.store.get_domain(&channel.domain_id).await {
        Ok(d) => d,
        Err(StoreError::NotFound) => {
            return notice(StatusCode::NOT_FOUND, super::chat::LINK_UNKNOWN)
        }
        Err(e) => {
            tracing::error!(error = %e, "continuation: store error");
            return notice(
                StatusCode::INTERNAL_SERVER_ERROR,
                "Something went wrong on our side. Please try again in a moment.",
            );
        }
    };
    if let Some(url) = embedding_page(&state, &domain, &persona, &token).await {
        return Redirect::to(&url).into_response();
    }
    let origin = state.public_origin(&headers);
    let config = page_config(&state, &domain, &origin).await;
    chat_page(&domain.name, &config, &token)
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

/// The chat on a page of its own: the page's words, and the config and token the widget's
/// `beckon-continue.js` reads.
fn chat_page(site: &str, config: &Value, token: &str) -> Response {
    let data = script_json(&json!({ "config": config, "token": token }));
    link_page(
        StatusCode::OK,
        &format!("Your conversation with {site}"),
        &format!(
            "<p>Our replies and your messages are in the chat; write there to go on.</p>\
             <button type=\"button\" id=\"cnb-continue-open\">Open the conversation</button>\
             <p id=\"cnb-continue-status\" role=\"status\"></p>\
             <script type=\"application/json\" id=\"cnb-continue\">{data}</script>\
             <script type=\"module\" src=\"/static/beckon-continue.js\"></script>"
        ),
        PAGE_CSP,
    )
}

/// Why the link opens nothing.
fn notice(status: StatusCode, message: &str) -> Response {
    link_page(
        status,
        "This conversation cannot be opened",
        &format!("<p role=\"status\">{}</p>", html(message)),
        PAGE_CSP,
    )
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
