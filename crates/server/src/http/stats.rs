//! `POST /api/v1/stats` (spec §7): `{"type":"event","payload":{"website":…,"event_name":<domain
//! id>,"url":""}}` → 204 at once; the count is written later in a batch (see `stats.rs`).
//! Counted per domain (`event_name`), UTC day and event: `pageview`, or the payload's optional
//! `name` (lower-case letters, digits, `-`, `_`; up to 32) for other events. Events for unknown
//! domains are dropped when the batch is written. Open to any origin (POST only).

use std::time::Duration;

use axum::extract::State;
use axum::http::{header, Method, StatusCode};
use axum::routing::post;
use axum::Router;
use serde_json::Value;
use tower_http::cors::{Any, CorsLayer};

use crate::error::ApiError;
use crate::http::JsonBody;
use crate::state::AppState;

pub fn routes() -> Router<AppState> {
    Router::new().route("/v1/stats", post(collect)).layer(
        CorsLayer::new()
            .allow_origin(Any)
            .allow_methods([Method::POST])
            .allow_headers([header::CONTENT_TYPE])
            .max_age(Duration::from_secs(86400)),
    )
}

pub const DEFAULT_EVENT: &str = "pageview";

/// The (domain id, event name) a body counts for.
pub fn parse_event(body: &Value) -> Result<(String, String), ApiError> {
    let bad = |m: &str| ApiError::bad_request(format!("invalid statistics event: {m}"));
    let obj = body
        .as_object()
        .ok_or_else(|| bad("the body must be a JSON object"))?;
    match obj.get("type").and_then(Value::as_str) {
        Some("event") => {}
        Some(t) => return Err(bad(&format!("type must be \"event\", not {t:?}"))),
        None => return Err(bad("type is missing (expected \"event\")")),
    }
    let payload = obj
        .get("payload")
        .and_then(Value::as_object)
        .ok_or_else(|| bad("payload must be an object"))?;
    let domain = payload
        .get("event_name")
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .ok_or_else(|| bad("payload.event_name (the domain id) is missing"))?;
    if domain.len() > 128 {
        return Err(bad("payload.event_name is too long"));
    }
    for field in ["website", "url"] {
        if let Some(v) = payload.get(field) {
            if !v.is_string() && !v.is_null() {
                return Err(bad(&format!("payload.{field} must be a string")));
            }
        }
    }
    let event = match payload.get("name") {
        None | Some(Value::Null) => DEFAULT_EVENT.to_owned(),
        Some(Value::String(n))
            if !n.is_empty()
                && n.len() <= 32
                && n.bytes().all(|b| {
                    b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_'
                }) =>
        {
            n.clone()
        }
        Some(_) => {
            return Err(bad(
                "payload.name must be 1-32 lower-case letters, digits, '-' or '_'",
            ))
        }
    };
    Ok((domain.to_owned(), event))
}

async fn collect(
    State(state): State<AppState>,
    JsonBody(body): JsonBody<Value>,
) -> Result<StatusCode, ApiError> {
    let (domain, event) = parse_event(&body)?;
    state.stats.record(&domain, &event);
    Ok(StatusCode::NO_CONTENT)
}
