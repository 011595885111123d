//! `POST /api/v1/stats` (spec §7): `{"type":"event","payload":{"website":…,"event_name":<domain
//! id>,"url":""}}` → 204 at once; the count is written later in a batch (see `infra/stats.rs`).
//! Counted per domain (`event_name`), UTC day and event: `pageview`, or the payload's optional
//! `name` (lower-case letters, digits, `-`, `_`; up to 32) for other events. Events for unknown
//! domains are dropped when the batch is written. Open to any origin (POST only).
//!
//! Beckon's extension, for views per button and clicks per action: a named event may carry
//! `payload.buttons` (1-20 button ids) and, with exactly one button, `payload.action` (an action
//! id); ids are 1-64 characters without control characters. Such an event is counted once per
//! button (per button and action for a click) instead of once per name. The widget sends
//! `{"name":"view","buttons":[…shown]}` once per page view and `{"name":"click","buttons":[b],
//! "action":a}` per click.
//!
//! The page the call came from (`Origin`/`Referer`) is noted for the installation check
//! (`service/sightings.rs`).

use std::time::Duration;

use axum::extract::State;
use axum::http::{header, HeaderMap, Method, StatusCode};
use serde_json::Value;
use tower_http::cors::{Any, CorsLayer};
use utoipa_axum::routes;

use crate::state::AppState;
use crate::wire::api_error::ApiError;
use crate::wire::error::ErrorBody;
use crate::wire::routes::Routes;
use crate::wire::widget::StatsBody;
use crate::wire::JsonBody;

pub fn routes() -> Routes<AppState> {
    Routes::new().routes(routes!(collect)).layer(
        CorsLayer::new()
            .allow_origin(Any)
            .allow_methods([Method::POST])
            .allow_headers([header::CONTENT_TYPE])
            .max_age(Duration::from_secs(86400)),
    )
}

pub const DEFAULT_EVENT: &str = "pageview";
/// Most button ids one event names.
pub const MAX_BUTTONS: usize = 20;
/// Longest button or action id.
pub const MAX_ID_LEN: usize = 64;

/// What one statistics body counts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatsEvent {
    pub domain_id: String,
    pub name: String,
    /// Empty for an event about the page as a whole.
    pub buttons: Vec<String>,
    /// The action clicked (then `buttons` holds its button).
    pub action: Option<String>,
}

/// A button or action id as the config may spell it, or why not.
fn item_id(v: &Value, field: &str) -> Result<String, String> {
    match v.as_str() {
        Some(s) if !s.is_empty() && s.len() <= MAX_ID_LEN && !s.chars().any(char::is_control) => {
            Ok(s.to_owned())
        }
        _ => Err(format!(
            "{field} must be an id of 1-{MAX_ID_LEN} characters without control characters"
        )),
    }
}

/// What a body counts: the domain, the event name and the buttons/action it is about.
pub fn parse_stats_event(body: &Value) -> Result<StatsEvent, ApiError> {
    let bad = |m: &str| ApiError::bad_request(format!("invalid statistics event: {m}"));
    let (domain_id, name) = parse_event(body)?;
    let payload = &body["payload"];
    let named = !matches!(payload.get("name"), None | Some(Value::Null));
    let buttons = match payload.get("buttons") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(list)) if !list.is_empty() && list.len() <= MAX_BUTTONS => list
            .iter()
            .map(|v| item_id(v, "each of payload.buttons"))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|m| bad(&m))?
            .into_iter()
            .fold(Vec::new(), |mut ids, id| {
                if !ids.contains(&id) {
                    ids.push(id); // a button named twice is counted once
                }
                ids
            }),
        Some(_) => {
            return Err(bad(&format!(
                "payload.buttons must be a list of 1-{MAX_BUTTONS} button ids"
            )))
        }
    };
    let action = match payload.get("action") {
        None | Some(Value::Null) => None,
        Some(v) => Some(item_id(v, "payload.action").map_err(|m| bad(&m))?),
    };
    if !buttons.is_empty() && !named {
        return Err(bad(
            "payload.buttons needs payload.name (the event they count for)",
        ));
    }
    if action.is_some() && buttons.len() != 1 {
        return Err(bad(
            "payload.action needs payload.buttons with exactly its one button",
        ));
    }
    Ok(StatsEvent {
        domain_id,
        name,
        buttons,
        action,
    })
}

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

#[utoipa::path(
    post,
    path = "/v1/stats",
    tag = "stats",
    summary = "Count a widget statistics event (spec §7); Beckon's extension counts views per button and clicks per action",
    request_body = StatsBody,
    responses(
        (status = 204, description = "counted"),
        (status = 400, description = "not a statistics event, or a field out of bounds", body = ErrorBody),
    )
)]
async fn collect(
    State(state): State<AppState>,
    headers: HeaderMap,
    JsonBody(body): JsonBody<Value>,
) -> Result<StatusCode, ApiError> {
    let e = parse_stats_event(&body)?;
    // The installation check: the page that sent it (its Origin), see service/sightings.rs.
    if let Some((host, url)) = crate::service::sightings::page_of(&headers) {
        state.stats.record_sighting(&e.domain_id, &host, &url);
    }
    if e.buttons.is_empty() {
        state.stats.record(&e.domain_id, &e.name);
    }
    let action = e.action.as_deref().unwrap_or("");
    for button in &e.buttons {
        state
            .stats
            .record_item(&e.domain_id, &e.name, button, action);
    }
    Ok(StatusCode::NO_CONTENT)
}
