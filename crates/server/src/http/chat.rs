//! The public chat API of spec §7, under `/api`:
//!
//! | call | answer |
//! |---|---|
//! | `GET  /v1/chat/public/channel/{channelId}?personaId=` | `{channel, chatClientPersona}` |
//! | `POST /v1/chat/public/channels/domain/{domainId}` (body: persona) | same |
//! | `GET  /v1/chat/public/channel/{channelId}/history?personaId=[&after=&limit=]` | `{messages, personas}` |
//! | `GET  /v1/chat/public/channel/{channelId}/token?personaId=` | `{token, expiresAt}` |
//! | `GET  /v1/chat/public/channels/available/{domainId}` | `{agentAvailable}` |
//!
//! Unknown channel, or a persona that is not the channel's visitor: 404. Ended chat: 410, except
//! the history: the visitor may still read an ended chat (`status` says `ended`), which the widget
//! shows read-only.
//!
//! The visitor's persona id is its credential: only the browser that created the chat was given
//! it, and with it come the visitor's contact details (the channel call) and a token to write as
//! the visitor (the token call). So every call about a chat needs it, history too (the spec shows
//! history without `personaId`; the widget sends it there as on the other calls: a missing one is
//! 400, a wrong one 404), and the channel id alone reveals nothing. Neither id is logged at INFO.
//!
//! A visitor who ends the chat themselves (End Chat) gets a new conversation from "Start a new
//! chat": the widget forgets its visitor persona id then (spec §4.5), so nothing below applies; the
//! agent sees the earlier conversations of the same e-mail in the chat's details (agent.rs).
//! A returning visitor: when a new chat comes from the browser that held an ended chat of the same
//! domain — the body's `personaId` is that chat's visitor persona, which only that browser was
//! given — with the same e-mail, and the chat ended within [`REOPEN_WITHIN_DAYS`], that chat is
//! opened again instead of a new one: the same thread and history (the widget shows it; the
//! browser had it already), its visitor persona updated with the name, page URL, address and
//! consent of this visit, and agents get `channel-update` `reopened`. The e-mail alone never
//! reopens a chat: anyone can type one, and the thread holds the visitor's messages.
//! CORS: origins whose host is the domain's name or an alias (ignoring `www.`), and the
//! server's own origin. Responses about things that do not exist carry CORS headers for any
//! origin, so the widget can read the 404 body.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, Path, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Map, Value};

use crate::error::{ApiError, CHAT_ENDED};
use crate::http::{iso_time, no_store, ApiQuery, JsonBody};
use crate::realtime_hooks::{self, ChannelUpdate};
use crate::state::AppState;
use crate::store::{
    now_ms, Channel, ChannelStatus, Domain, Message, NewPersona, Persona, PersonaType, StoreError,
};

pub const PREFIX: &str = "/v1/chat/public";

/// History answers at most this many messages per call.
pub const MAX_HISTORY: i64 = 1000;

/// An ended chat is reopened for a returning visitor only if it ended this recently.
pub const REOPEN_WITHIN_DAYS: i64 = 30;

pub fn routes(state: AppState) -> Router<AppState> {
    Router::new()
        .route("/v1/chat/public/channel/{channel_id}", get(get_channel))
        .route("/v1/chat/public/channel/{channel_id}/history", get(history))
        .route("/v1/chat/public/channel/{channel_id}/token", get(token))
        .route(
            "/v1/chat/public/channels/domain/{domain_id}",
            post(create_channel),
        )
        .route("/v1/chat/public/channels/available/{id}", get(available))
        .layer(middleware::from_fn_with_state(state, cors))
}

// ---------- JSON shapes ----------

/// The visitor's own persona, as the widget stores it (spec §3.3) plus id and type.
pub fn client_persona_json(p: &Persona) -> Value {
    json!({
        "id": p.id,
        "type": p.persona_type.as_str(),
        "name": p.name,
        "email": p.email,
        "ip": p.ip,
        "url": p.url,
        "legalNoticeAccepted": p.legal_notice_accepted,
        "avatarUrl": p.avatar_url,
    })
}

/// What anyone in the channel may see of a persona.
pub fn public_persona_json(p: &Persona) -> Value {
    json!({
        "id": p.id,
        "type": p.persona_type.as_str(),
        "name": p.name,
        "avatarUrl": p.avatar_url,
    })
}

/// The channel, with the domain's `chat-*` properties (legal notice etc., spec §3.3).
pub fn channel_json(c: &Channel, domain: Option<&Domain>) -> Value {
    let properties: Map<String, Value> = domain
        .and_then(|d| d.properties.as_object())
        .map(|o| {
            o.iter()
                .filter(|(k, _)| k.starts_with("chat-"))
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect()
        })
        .unwrap_or_default();
    json!({
        "id": c.id,
        "domainId": c.domain_id,
        "status": c.status.as_str(),
        "createdAt": iso_time(c.created_at),
        "lastActivityAt": iso_time(c.last_activity_at),
        "endedAt": c.ended_at.map(iso_time),
        "lastSeq": c.last_seq,
        "properties": properties,
    })
}

/// A message as history and realtime deliver it; `sender` is looked up in `personas`.
pub fn message_json(m: &Message, sender: Option<&Persona>) -> Value {
    let sender = match sender {
        Some(p) => public_persona_json(p),
        None => json!({ "id": m.sender_persona_id, "type": null, "name": null, "avatarUrl": null }),
    };
    let attachments = if m.attachments.is_array() {
        m.attachments.clone()
    } else {
        json!([])
    };
    json!({
        "id": m.id,
        "seq": m.seq,
        "clientId": m.client_id,
        "text": m.text,
        "sender": sender,
        "attachments": attachments,
        "createdAt": iso_time(m.created_at),
    })
}

fn channel_response(c: &Channel, domain: Option<&Domain>, persona: &Persona) -> Response {
    no_store(Json(json!({
        "channel": channel_json(c, domain),
        "chatClientPersona": client_persona_json(persona),
    })))
}

// ---------- lookups ----------

fn channel_not_found() -> ApiError {
    ApiError::not_found("chat channel not found")
}

/// The channel, checked against the persona (when given) and for having ended.
async fn visitor_channel(
    state: &AppState,
    channel_id: &str,
    persona_id: Option<&str>,
) -> Result<Channel, ApiError> {
    let channel = own_channel(state, channel_id, persona_id).await?;
    if channel.status == ChannelStatus::Ended {
        return Err(ApiError::gone(CHAT_ENDED).with("channelId", json!(channel.id)));
    }
    Ok(channel)
}

/// The channel, checked against the persona (when given), ended or not.
async fn own_channel(
    state: &AppState,
    channel_id: &str,
    persona_id: Option<&str>,
) -> Result<Channel, ApiError> {
    let channel = match state.store.get_channel(channel_id).await {
        Ok(c) => c,
        Err(StoreError::NotFound) => return Err(channel_not_found()),
        Err(e) => return Err(e.into()),
    };
    if let Some(p) = persona_id {
        if p != channel.visitor_persona_id {
            return Err(channel_not_found());
        }
    }
    Ok(channel)
}

async fn optional_domain(state: &AppState, id: &str) -> Result<Option<Domain>, ApiError> {
    match state.store.get_domain(id).await {
        Ok(d) => Ok(Some(d)),
        Err(StoreError::NotFound) => Ok(None),
        Err(e) => Err(e.into()),
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PersonaQuery {
    persona_id: Option<String>,
}

fn required_persona(persona_id: Option<&str>) -> Result<&str, ApiError> {
    persona_id
        .filter(|p| !p.is_empty())
        .ok_or_else(|| ApiError::bad_request("the personaId query parameter is required"))
}

// ---------- handlers ----------

async fn get_channel(
    State(state): State<AppState>,
    Path(channel_id): Path<String>,
    ApiQuery(q): ApiQuery<PersonaQuery>,
) -> Result<Response, ApiError> {
    let persona_id = required_persona(q.persona_id.as_deref())?;
    let channel = visitor_channel(&state, &channel_id, Some(persona_id)).await?;
    let persona = state.store.get_persona(persona_id).await?;
    let domain = optional_domain(&state, &channel.domain_id).await?;
    Ok(channel_response(&channel, domain.as_ref(), &persona))
}

async fn create_channel(
    State(state): State<AppState>,
    Path(domain_id): Path<String>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    JsonBody(body): JsonBody<Value>,
) -> Result<Response, ApiError> {
    let mut persona = parse_persona(&body)?;
    let Some(domain) = optional_domain(&state, &domain_id).await? else {
        return Err(ApiError::not_found("unknown domain"));
    };
    let ip = crate::geo::client_ip(peer, &headers, &state.trusted_proxies);
    if let Err(wait) = state.new_chat_limit.check(ip) {
        let secs = wait.as_secs().max(1);
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            format!("too many new chats from this address; try again in {secs} s"),
        )
        .with("retryAfter", json!(secs)));
    }
    persona.ip = Some(ip.to_string());
    let previous = body.get("personaId").and_then(Value::as_str);
    if let (Some(email), Some(previous)) = (persona.email.as_deref(), previous) {
        let since = now_ms() - REOPEN_WITHIN_DAYS * 86_400_000;
        let ended = state
            .store
            .ended_channel_of_visitor(&domain.id, previous, email, since)
            .await?;
        if let Some((ended, mut visitor)) = ended {
            // What the visitor says now (name, page, address, consent) is what the agent sees.
            visitor.name = persona.name;
            visitor.url = persona.url;
            visitor.ip = persona.ip;
            visitor.legal_notice_accepted = persona.legal_notice_accepted;
            state.store.update_persona(&visitor).await?;
            let channel = state.store.reopen_channel(&ended.id, now_ms()).await?;
            // Channel ids are the visitors' business: not at INFO.
            tracing::info!(domain = %domain.id, "chat reopened by its returning visitor");
            tracing::debug!(channel = %channel.id, "chat reopened");
            realtime_hooks::publish_channel_update(&state, &channel, ChannelUpdate::Reopened).await;
            return Ok(channel_response(&channel, Some(&domain), &visitor));
        }
    }
    let (channel, persona) = state.store.create_channel(&domain.id, persona).await?;
    tracing::info!(domain = %domain.id, "chat channel created");
    tracing::debug!(channel = %channel.id, "chat channel created");
    crate::realtime::announce_channel(&state, &channel, Some(&persona)).await;
    Ok(channel_response(&channel, Some(&domain), &persona))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct HistoryQuery {
    persona_id: Option<String>,
    after: Option<i64>,
    limit: Option<i64>,
}

async fn history(
    State(state): State<AppState>,
    Path(channel_id): Path<String>,
    ApiQuery(q): ApiQuery<HistoryQuery>,
) -> Result<Response, ApiError> {
    let persona_id = required_persona(q.persona_id.as_deref())?;
    // An ended chat's history is still its own visitor's to read (the widget shows it, read-only).
    let channel = own_channel(&state, &channel_id, Some(persona_id)).await?;
    let limit = q.limit.unwrap_or(MAX_HISTORY).clamp(1, MAX_HISTORY);
    let after = q.after.unwrap_or(0).max(0);
    let messages = state
        .store
        .messages_after(&channel.id, after, limit)
        .await?;
    let personas = state.store.channel_personas(&channel.id).await?;
    let by_id = |id: &str| personas.iter().find(|p| p.id == id);
    let messages: Vec<Value> = messages
        .iter()
        .map(|m| message_json(m, by_id(&m.sender_persona_id)))
        .collect();
    let personas: Vec<Value> = personas.iter().map(public_persona_json).collect();
    Ok(no_store(Json(json!({
        "messages": messages,
        "personas": personas,
        "lastSeq": channel.last_seq,
        "status": channel.status.as_str(),
    }))))
}

async fn token(
    State(state): State<AppState>,
    Path(channel_id): Path<String>,
    ApiQuery(q): ApiQuery<PersonaQuery>,
) -> Result<Response, ApiError> {
    let persona_id = required_persona(q.persona_id.as_deref())?;
    let channel = visitor_channel(&state, &channel_id, Some(persona_id)).await?;
    let (token, claims) = state.tokens.issue(&channel.id, persona_id, now_ms());
    Ok(no_store(Json(
        json!({ "token": token, "expiresAt": claims.expires_at }),
    )))
}

/// `{id}` is a domain id (what the widget sends for the CHAT condition); a channel id is
/// accepted too and stands for its domain.
async fn available(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let domain_id = match optional_domain(&state, &id).await? {
        Some(d) => d.id,
        None => match state.store.get_channel(&id).await {
            Ok(c) => c.domain_id,
            Err(StoreError::NotFound) => return Err(ApiError::not_found("unknown domain")),
            Err(e) => return Err(e.into()),
        },
    };
    let online = state.presence.agents_online(&domain_id).await;
    Ok(no_store(Json(json!({ "agentAvailable": online }))))
}

// ---------- persona validation ----------

/// The visitor persona of a create-channel body, or a 400 listing every bad field.
pub fn parse_persona(body: &Value) -> Result<NewPersona, ApiError> {
    let Some(obj) = body.as_object() else {
        return Err(ApiError::bad_request(
            "invalid persona: the body must be a JSON object {name, email, ip, url, legalNoticeAccepted}",
        ));
    };
    let mut fields = Map::new();
    let mut bad = |field: &str, problem: &str| {
        fields.insert(field.to_owned(), Value::String(problem.to_owned()));
    };
    let string = |key: &str| obj.get(key).and_then(Value::as_str).map(str::trim);

    let name = string("name").unwrap_or("");
    if name.is_empty() {
        bad("name", "is required");
    } else if name.chars().count() > 200 {
        bad("name", "is longer than 200 characters");
    }
    let email = string("email").unwrap_or("");
    if email.is_empty() {
        bad("email", "is required");
    } else if !is_email(email) {
        bad("email", "is not a valid e-mail address");
    }
    for key in ["ip", "url"] {
        match obj.get(key) {
            None | Some(Value::Null) | Some(Value::String(_)) => {}
            Some(_) => bad(key, "must be a string"),
        }
    }
    let url = string("url").filter(|u| !u.is_empty());
    if url.is_some_and(|u| u.len() > 2048) {
        bad("url", "is longer than 2048 characters");
    } else if url.is_some_and(|u| !beckon_model::is_http_url(u)) {
        // The console shows it as a link: only http(s) (README, "Links and page URLs").
        bad("url", "must be the page's http:// or https:// URL");
    }
    let legal = match obj.get("legalNoticeAccepted") {
        None | Some(Value::Null) => 0,
        Some(Value::Bool(b)) => {
            if *b {
                now_ms()
            } else {
                0
            }
        }
        Some(Value::Number(n)) => match n.as_f64() {
            Some(v) if v >= 0.0 && v.is_finite() => v as i64,
            _ => {
                bad(
                    "legalNoticeAccepted",
                    "must be a timestamp (0 when not accepted)",
                );
                0
            }
        },
        Some(_) => {
            bad(
                "legalNoticeAccepted",
                "must be a timestamp (0 when not accepted)",
            );
            0
        }
    };
    if !fields.is_empty() {
        let list: Vec<String> = fields
            .iter()
            .map(|(k, v)| format!("{k} {}", v.as_str().unwrap_or("")))
            .collect();
        return Err(
            ApiError::bad_request(format!("invalid persona: {}", list.join("; ")))
                .with("fields", Value::Object(fields)),
        );
    }
    Ok(NewPersona {
        persona_type: PersonaType::ChatClient,
        name: name.to_owned(),
        email: Some(email.to_owned()),
        ip: None,
        url: url.map(str::to_owned),
        legal_notice_accepted: legal,
        avatar_url: None,
    })
}

/// `local@domain.tld`: one `@`, no spaces or angle brackets, a dotted domain.
pub fn is_email(s: &str) -> bool {
    if s.len() > 254
        || s.chars()
            .any(|c| c.is_whitespace() || "<>()[],;:\\\"".contains(c))
    {
        return false;
    }
    let Some((local, domain)) = s.split_once('@') else {
        return false;
    };
    !local.is_empty()
        && local.len() <= 64
        && !domain.contains('@')
        && domain.contains('.')
        && domain
            .split('.')
            .all(|label| !label.is_empty() && !label.starts_with('-') && !label.ends_with('-'))
}

// ---------- CORS ----------

/// The domain the request is about, from its path (`None` when there is none).
async fn domain_of_path(state: &AppState, path: &str) -> Result<Option<Domain>, StoreError> {
    let Some(rest) = path.strip_prefix(PREFIX) else {
        return Ok(None);
    };
    let segs: Vec<&str> = rest.trim_start_matches('/').split('/').collect();
    let channel_domain = |id: String| async move {
        match state.store.get_channel(&id).await {
            Ok(c) => state.store.get_domain(&c.domain_id).await.map(Some),
            Err(StoreError::NotFound) => Ok(None),
            Err(e) => Err(e),
        }
    };
    match segs.as_slice() {
        ["channel", id, ..] => channel_domain(id.to_string()).await,
        ["channels", "domain", id] => match state.store.get_domain(id).await {
            Ok(d) => Ok(Some(d)),
            Err(StoreError::NotFound) => Ok(None),
            Err(e) => Err(e),
        },
        ["channels", "available", id] => match state.store.get_domain(id).await {
            Ok(d) => Ok(Some(d)),
            Err(StoreError::NotFound) => channel_domain(id.to_string()).await,
            Err(e) => Err(e),
        },
        _ => Ok(None),
    }
}

async fn cors(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let Some(origin) = req
        .headers()
        .get(header::ORIGIN)
        .and_then(|o| o.to_str().ok())
        .map(str::to_owned)
    else {
        return next.run(req).await;
    };
    let own = state.public_origin(req.headers());
    let allowed = if origin.eq_ignore_ascii_case(&own) {
        true
    } else {
        match domain_of_path(&state, req.uri().path()).await {
            // Nothing to protect: let the widget read the 404.
            Ok(None) => true,
            // An origin is scheme://host[:port]; "null" (a sandboxed page) is no domain's.
            Ok(Some(domain)) => origin.contains("://") && domain.matches_host(&origin),
            Err(e) => return ApiError::from(e).into_response(),
        }
    };
    let preflight = req.method() == Method::OPTIONS
        && req
            .headers()
            .contains_key(header::ACCESS_CONTROL_REQUEST_METHOD);
    if !allowed {
        return ApiError::forbidden(format!(
            "the origin {origin} is not one of this chat's domains"
        ))
        .into_response();
    }
    let mut resp = if preflight {
        let mut r = StatusCode::NO_CONTENT.into_response();
        let h = r.headers_mut();
        h.insert(
            header::ACCESS_CONTROL_ALLOW_METHODS,
            HeaderValue::from_static("GET, POST, OPTIONS"),
        );
        h.insert(
            header::ACCESS_CONTROL_ALLOW_HEADERS,
            HeaderValue::from_static("content-type"),
        );
        h.insert(
            header::ACCESS_CONTROL_MAX_AGE,
            HeaderValue::from_static("600"),
        );
        r
    } else {
        next.run(req).await
    };
    if let Ok(v) = HeaderValue::from_str(&origin) {
        let h = resp.headers_mut();
        h.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, v);
        h.append(header::VARY, HeaderValue::from_static("Origin"));
    }
    resp
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emails() {
        assert!(is_email("ann@example.com"));
        assert!(is_email("a.b+c@mail.example.co.uk"));
        assert!(!is_email("ann"));
        assert!(!is_email("ann@"));
        assert!(!is_email("@example.com"));
        assert!(!is_email("ann@example"));
        assert!(!is_email("ann@@example.com"));
        assert!(!is_email("ann smith@example.com"));
        assert!(!is_email("ann@example..com"));
    }

    #[test]
    fn persona_errors_list_every_field() {
        let e = parse_persona(&json!({"name": " ", "email": "nope", "url": 3})).unwrap_err();
        assert_eq!(e.status, StatusCode::BAD_REQUEST);
        let fields = e.extra["fields"].as_object().unwrap();
        assert_eq!(fields.len(), 3, "{fields:?}");
        assert!(e.message.contains("name") && e.message.contains("email"));
        let p = parse_persona(&json!({"name": "Ann", "email": "ann@example.com",
            "ip": "", "url": "https://x.test/", "legalNoticeAccepted": 1700000000000u64}))
        .unwrap();
        assert_eq!(p.legal_notice_accepted, 1_700_000_000_000);
        assert_eq!(p.url.as_deref(), Some("https://x.test/"));
    }
}
