//! The agent API, under `/api/v1/agent` (agents and owners, the chats of their organisation's
//! domains; another organisation's channel answers 404):
//!
//! | call | answer |
//! |---|---|
//! | `GET  /channels?filter=open\|ended\|mine\|unassigned\|all&q=&domainId=&before=&beforeId=&limit=` | `{channels: [channel], unreadTotal}`, newest activity first (the next page: `before` and `beforeId` of the last chat) |
//! | `GET  /channels/{id}` | channel (visitor, page URL, consent, first/last seen, unread, `visitorReadSeq`, `earlierConversations`) |
//! | `GET  /channels/{id}/messages?after=SEQ&limit=` | `{messages, personas, lastSeq}` |
//! | `POST /channels/{id}/messages {clientId, text}` | 201 `{message}` (200 for a re-send of the same clientId); 410 ended |
//! | `POST /channels/{id}/read {seq?}` | `{seq}` (the read marker; default: the latest message) |
//! | `POST /channels/{id}/assign {agentId?}` | channel; no `agentId`: yourself; `null`: unassigned |
//! | `POST /channels/{id}/end` | channel; the visitor's calls then answer 410 |
//! | `POST /channels/{id}/reopen` | channel; an ended chat open again in the same thread (a returning visitor) |
//! | `PUT  /presence {status: online\|away}` | `{status, leaseSeconds}` |
//! | `GET  /team` | `{agents: [{id, name, role, personaId}]}` (for assigning) |
//!
//! `earlierConversations`: the visitor's conversations on the same domain that started before this
//! one (the same e-mail, without case; newest first, at most [`MAX_EARLIER`]), each
//! `{id, status, createdAt, endedAt, lastActivityAt, lastMessageText}`: a visitor who ended a chat
//! and started a new one gets a new conversation, and the agent sees the earlier ones here.
//!
//! A reply is stored before anything else happens; then it marks the channel read for the
//! sender, claims an unassigned channel for them, and goes to the realtime hub
//! (`realtime_hooks`).

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};
use axum::{Json, Router};
use beckon_model::Problem;
use bytes::Bytes;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::accounts::users::invalid;
use crate::accounts::{presence, AgentAuth};
use crate::error::ApiError;
use crate::http::chat::{message_json, public_persona_json, MAX_HISTORY};
use crate::http::{iso_time, no_store, ApiQuery, JsonBody};
use crate::limits::{MAX_CLIENT_ID, MAX_MESSAGE_CHARS};
use crate::realtime_hooks::{self, ChannelUpdate};
use crate::state::AppState;
use crate::store::{
    now_ms, AssignedFilter, ChannelQuery, ChannelStatus, ChannelSummary, NewMessage, StoreError,
};

/// Most channels one list call answers.
pub const MAX_LIST: i64 = 200;

/// Most earlier conversations a channel's detail lists.
pub const MAX_EARLIER: i64 = 20;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/v1/agent/channels", get(list))
        .route("/v1/agent/channels/{id}", get(detail))
        .route("/v1/agent/channels/{id}/messages", get(history).post(reply))
        .route("/v1/agent/channels/{id}/read", post(mark_read))
        .route("/v1/agent/channels/{id}/assign", post(assign))
        .route("/v1/agent/channels/{id}/end", post(end))
        .route("/v1/agent/channels/{id}/reopen", post(reopen))
        .route("/v1/agent/presence", put(set_presence))
        .route("/v1/agent/team", get(team))
}

/// A channel as the console shows it.
pub fn channel_summary_json(s: &ChannelSummary) -> Value {
    let c = &s.channel;
    let v = &s.visitor;
    let last_seen = s
        .visitor_last_message_at
        .unwrap_or(c.created_at)
        .max(c.created_at);
    json!({
        "id": c.id,
        "domainId": c.domain_id,
        "domainName": s.domain_name,
        "status": c.status.as_str(),
        "createdAt": iso_time(c.created_at),
        "lastActivityAt": iso_time(c.last_activity_at),
        "endedAt": c.ended_at.map(iso_time),
        // Who ended it: the visitor (their persona id is visitor.id) or an agent.
        "endedBy": c.ended_by.as_ref().map(|id| json!({"personaId": id, "name": s.ended_by_name})),
        "lastSeq": c.last_seq,
        "assignedAgentId": c.assigned_agent_id,
        "unread": s.unread,
        "lastMessageText": s.last_message_text,
        "visitor": {
            "id": v.id,
            "name": v.name,
            "email": v.email,
            "ip": v.ip,
            "url": v.url,
            "consentAt": (v.legal_notice_accepted > 0).then(|| iso_time(v.legal_notice_accepted)),
            "firstSeenAt": iso_time(v.created_at),
            "lastSeenAt": iso_time(last_seen),
        },
    })
}

/// An optional JSON body: empty means `None`.
fn optional_json<T: serde::de::DeserializeOwned>(bytes: &Bytes) -> Result<Option<T>, ApiError> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Ok(None);
    }
    crate::http::refuse_nul(bytes)?;
    serde_json::from_slice(bytes)
        .map(Some)
        .map_err(|e| ApiError::bad_request(format!("the request body is not valid: {e}")))
}

fn base_query(auth: &AgentAuth) -> ChannelQuery {
    ChannelQuery {
        org_id: auth.0.user.org_id.clone(),
        reader_persona_id: auth.0.user.persona_id.clone(),
        limit: 1,
        ..Default::default()
    }
}

/// The channel, if it belongs to a domain of the agent's organisation (else 404).
async fn org_channel(
    state: &AppState,
    auth: &AgentAuth,
    id: &str,
) -> Result<ChannelSummary, ApiError> {
    let q = ChannelQuery {
        channel_id: Some(id.to_owned()),
        ..base_query(auth)
    };
    state
        .store
        .query_channels(&q)
        .await?
        .into_iter()
        .next()
        .ok_or_else(|| ApiError::not_found("chat channel not found"))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ListQuery {
    filter: Option<String>,
    q: Option<String>,
    domain_id: Option<String>,
    before: Option<i64>,
    before_id: Option<String>,
    limit: Option<i64>,
}

async fn list(
    State(state): State<AppState>,
    auth: AgentAuth,
    ApiQuery(q): ApiQuery<ListQuery>,
) -> Result<Response, ApiError> {
    let (status, assigned) = match q.filter.as_deref().unwrap_or("open") {
        "open" => (Some(ChannelStatus::Open), AssignedFilter::Any),
        "ended" => (Some(ChannelStatus::Ended), AssignedFilter::Any),
        "mine" => (
            Some(ChannelStatus::Open),
            AssignedFilter::To(auth.0.user.user_id.clone()),
        ),
        "unassigned" => (Some(ChannelStatus::Open), AssignedFilter::Unassigned),
        "all" => (None, AssignedFilter::Any),
        other => {
            return Err(ApiError::bad_request(format!(
                "unknown filter {other:?}; allowed: open, ended, mine, unassigned, all"
            )))
        }
    };
    let query = ChannelQuery {
        domain_id: q.domain_id.filter(|d| !d.is_empty()),
        status,
        assigned,
        search: q.q.filter(|s| !s.trim().is_empty()),
        before: q.before,
        before_id: q.before_id.filter(|id| !id.is_empty()),
        limit: q.limit.unwrap_or(50).clamp(1, MAX_LIST),
        ..base_query(&auth)
    };
    let channels = state.store.query_channels(&query).await?;
    let unread: i64 = channels.iter().map(|c| c.unread).sum();
    let list: Vec<Value> = channels.iter().map(channel_summary_json).collect();
    Ok(no_store(Json(
        json!({ "channels": list, "unreadTotal": unread }),
    )))
}

async fn detail(
    State(state): State<AppState>,
    auth: AgentAuth,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let s = org_channel(&state, &auth, &id).await?;
    let mut body = channel_summary_json(&s);
    // How far the visitor has read: the console shows "Seen" after a reload too.
    let visitor_read = state
        .store
        .read_marker(&s.channel.id, &s.visitor.id)
        .await?;
    body["visitorReadSeq"] = json!(visitor_read);
    body["earlierConversations"] = json!(earlier_conversations(&state, &auth, &s).await?);
    Ok(no_store(Json(body)))
}

/// The chats of the same visitor e-mail on the same domain that started before `s`.
async fn earlier_conversations(
    state: &AppState,
    auth: &AgentAuth,
    s: &ChannelSummary,
) -> Result<Vec<Value>, ApiError> {
    let Some(email) = s.visitor.email.as_deref().filter(|e| !e.is_empty()) else {
        return Ok(vec![]);
    };
    let q = ChannelQuery {
        domain_id: Some(s.channel.domain_id.clone()),
        visitor_email: Some(email.to_owned()),
        // The newest first: an earlier chat may have been active after this one started.
        limit: MAX_LIST,
        ..base_query(auth)
    };
    let all = state.store.query_channels(&q).await?;
    let mut earlier: Vec<&ChannelSummary> = all
        .iter()
        .filter(|c| (c.channel.created_at, &c.channel.id) < (s.channel.created_at, &s.channel.id))
        .collect();
    earlier.sort_by(|a, b| b.channel.created_at.cmp(&a.channel.created_at));
    Ok(earlier
        .into_iter()
        .take(MAX_EARLIER as usize)
        .map(|c| {
            json!({
                "id": c.channel.id,
                "status": c.channel.status.as_str(),
                "createdAt": iso_time(c.channel.created_at),
                "endedAt": c.channel.ended_at.map(iso_time),
                "lastActivityAt": iso_time(c.channel.last_activity_at),
                "lastMessageText": c.last_message_text,
            })
        })
        .collect())
}

#[derive(Deserialize)]
struct HistoryQuery {
    after: Option<i64>,
    limit: Option<i64>,
}

async fn history(
    State(state): State<AppState>,
    auth: AgentAuth,
    Path(id): Path<String>,
    ApiQuery(q): ApiQuery<HistoryQuery>,
) -> Result<Response, ApiError> {
    let s = org_channel(&state, &auth, &id).await?;
    let limit = q.limit.unwrap_or(MAX_HISTORY).clamp(1, MAX_HISTORY);
    let messages = state
        .store
        .messages_after(&s.channel.id, q.after.unwrap_or(0).max(0), limit)
        .await?;
    let personas = state.store.channel_personas(&s.channel.id).await?;
    let by_id = |id: &str| personas.iter().find(|p| p.id == id);
    let messages: Vec<Value> = messages
        .iter()
        .map(|m| message_json(m, by_id(&m.sender_persona_id)))
        .collect();
    let personas: Vec<Value> = personas.iter().map(public_persona_json).collect();
    Ok(no_store(Json(json!({
        "messages": messages,
        "personas": personas,
        "lastSeq": s.channel.last_seq,
    }))))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ReplyBody {
    client_id: Option<Value>,
    text: Option<Value>,
}

async fn reply(
    State(state): State<AppState>,
    auth: AgentAuth,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<ReplyBody>,
) -> Result<Response, ApiError> {
    let mut problems = Vec::new();
    let client_id = match &body.client_id {
        Some(Value::String(s)) if !s.is_empty() && s.len() <= MAX_CLIENT_ID => s.clone(),
        Some(Value::String(s)) if !s.is_empty() => {
            problems.push(Problem::new(
                "clientId",
                format!("is longer than {MAX_CLIENT_ID} characters"),
            ));
            String::new()
        }
        _ => {
            problems.push(Problem::new(
                "clientId",
                "is required (a string you choose)",
            ));
            String::new()
        }
    };
    let text = match &body.text {
        // Trimmed as the socket trims it (realtime/frames.rs), so both count the same characters.
        Some(Value::String(s)) if !s.trim().is_empty() => s.trim().to_owned(),
        _ => {
            problems.push(Problem::new("text", "is required"));
            String::new()
        }
    };
    if text.chars().count() > MAX_MESSAGE_CHARS {
        problems.push(Problem::new(
            "text",
            format!("is longer than {MAX_MESSAGE_CHARS} characters"),
        ));
    }
    if !problems.is_empty() {
        return Err(invalid("invalid message", &problems));
    }
    let s = org_channel(&state, &auth, &id).await?;
    let user = &auth.0.user;
    // Stored first: whatever happens next, the reply is not lost.
    let inserted = crate::metrics::store(
        "insert_message",
        state.store.insert_message(NewMessage {
            channel_id: s.channel.id.clone(),
            client_id,
            sender_persona_id: user.persona_id.clone(),
            text,
            attachments: json!([]),
        }),
    )
    .await?;
    let m = &inserted.message;
    let sender = state.store.get_persona(&user.persona_id).await?;
    if inserted.created {
        state
            .store
            .mark_read(&m.channel_id, &user.persona_id, m.seq)
            .await?;
        if s.channel.assigned_agent_id.is_none() {
            state
                .store
                .assign_channel(&m.channel_id, Some(&user.user_id))
                .await?;
        }
    }
    let channel = state.store.get_channel(&m.channel_id).await?;
    realtime_hooks::publish_message(&state, &channel, m, &sender, inserted.created).await;
    if inserted.created && s.channel.assigned_agent_id.is_none() {
        realtime_hooks::publish_channel_update(
            &state,
            &channel,
            ChannelUpdate::Assigned(Some(user.user_id.clone())),
        )
        .await;
    }
    let status = if inserted.created {
        StatusCode::CREATED
    } else {
        StatusCode::OK
    };
    let body = json!({ "message": message_json(m, Some(&sender)), "created": inserted.created });
    Ok((status, no_store(Json(body))).into_response())
}

#[derive(Deserialize)]
struct ReadBody {
    seq: Option<i64>,
}

async fn mark_read(
    State(state): State<AppState>,
    auth: AgentAuth,
    Path(id): Path<String>,
    body: Bytes,
) -> Result<Response, ApiError> {
    let body: Option<ReadBody> = optional_json(&body)?;
    let s = org_channel(&state, &auth, &id).await?;
    let last = s.channel.last_seq;
    let seq = body.and_then(|b| b.seq).unwrap_or(last).clamp(0, last);
    let persona = &auth.0.user.persona_id;
    state.store.mark_read(&s.channel.id, persona, seq).await?;
    let marker = state.store.read_marker(&s.channel.id, persona).await?;
    realtime_hooks::publish_channel_update(
        &state,
        &s.channel,
        ChannelUpdate::Read {
            persona_id: persona.clone(),
            seq: marker,
        },
    )
    .await;
    Ok(no_store(Json(json!({ "seq": marker }))))
}

async fn assign(
    State(state): State<AppState>,
    auth: AgentAuth,
    Path(id): Path<String>,
    body: Bytes,
) -> Result<Response, ApiError> {
    let body: Option<Value> = optional_json(&body)?;
    let s = org_channel(&state, &auth, &id).await?;
    let target = match body.as_ref().map(|b| b.get("agentId")) {
        None | Some(None) => Some(auth.0.user.user_id.clone()),
        Some(Some(Value::Null)) => None,
        Some(Some(Value::String(a))) => Some(a.clone()),
        Some(Some(_)) => {
            return Err(invalid(
                "invalid assignment",
                &[Problem::new("agentId", "must be a user id or null")],
            ))
        }
    };
    if let Some(t) = &target {
        match state.store.get_user(t).await {
            Ok(u) if u.org_id == auth.0.user.org_id => {}
            Ok(_) | Err(StoreError::NotFound) => {
                return Err(invalid(
                    "invalid assignment",
                    &[Problem::new(
                        "agentId",
                        "is not an agent of your organisation",
                    )],
                ))
            }
            Err(e) => return Err(e.into()),
        }
    }
    state
        .store
        .assign_channel(&s.channel.id, target.as_deref())
        .await?;
    let s = org_channel(&state, &auth, &id).await?;
    realtime_hooks::publish_channel_update(&state, &s.channel, ChannelUpdate::Assigned(target))
        .await;
    Ok(no_store(Json(channel_summary_json(&s))))
}

async fn end(
    State(state): State<AppState>,
    auth: AgentAuth,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let s = org_channel(&state, &auth, &id).await?;
    let was_open = s.channel.status == ChannelStatus::Open;
    let by = Some(auth.0.user.persona_id.as_str()).filter(|p| !p.is_empty());
    let channel = state.store.end_channel(&s.channel.id, now_ms(), by).await?;
    if was_open {
        tracing::info!(by = %auth.0.user.user_id, "chat ended by agent");
        tracing::debug!(channel = %channel.id, "chat ended by agent");
        realtime_hooks::publish_channel_update(&state, &channel, ChannelUpdate::Ended).await;
    }
    let s = org_channel(&state, &auth, &id).await?;
    Ok(no_store(Json(channel_summary_json(&s))))
}

/// An ended chat opened again: the same thread, history and visitor; agents are told
/// (`channel-update` `reopened`) and the visitor's calls work again.
async fn reopen(
    State(state): State<AppState>,
    auth: AgentAuth,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let s = org_channel(&state, &auth, &id).await?;
    if s.channel.status == ChannelStatus::Ended {
        let channel = state.store.reopen_channel(&s.channel.id, now_ms()).await?;
        tracing::info!(by = %auth.0.user.user_id, "chat reopened by agent");
        tracing::debug!(channel = %channel.id, "chat reopened by agent");
        realtime_hooks::publish_channel_update(&state, &channel, ChannelUpdate::Reopened).await;
    }
    let s = org_channel(&state, &auth, &id).await?;
    Ok(no_store(Json(channel_summary_json(&s))))
}

#[derive(Deserialize)]
struct PresenceBody {
    status: Option<String>,
}

async fn set_presence(
    State(state): State<AppState>,
    auth: AgentAuth,
    JsonBody(body): JsonBody<PresenceBody>,
) -> Result<Response, ApiError> {
    match body.status.as_deref() {
        Some("online") => {
            presence::go_online(&state, &auth.0.user).await?;
            Ok(no_store(Json(json!({
                "status": "online",
                "leaseSeconds": presence::LEASE.as_secs(),
            }))))
        }
        Some("away") => {
            presence::go_away(&state, &auth.0.user).await;
            Ok(no_store(Json(
                json!({ "status": "away", "leaseSeconds": 0 }),
            )))
        }
        _ => Err(invalid(
            "invalid presence",
            &[Problem::new("status", "must be \"online\" or \"away\"")],
        )),
    }
}

async fn team(State(state): State<AppState>, auth: AgentAuth) -> Result<Response, ApiError> {
    let users = state.store.list_users(&auth.0.user.org_id).await?;
    let list: Vec<Value> = users
        .iter()
        .map(|u| json!({"id": u.id, "name": u.name, "role": u.role.as_str(), "personaId": u.persona_id}))
        .collect();
    Ok(no_store(Json(json!({ "agents": list }))))
}
