//! The agent API, under `/api/v1/agent` (agents and owners, the chats of their organisation's
//! domains; another organisation's channel answers 404).
//!
//! Each route, with its bodies and answers: `/api/docs` on a running server, or docs/openapi.json.
//!
//! `earlierConversations`: the visitor's conversations on the same domain that started before this
//! one (the same e-mail, without case; newest first, at most [`MAX_EARLIER`]), each
//! `{id, status, createdAt, endedAt, lastActivityAt, lastMessageText}`: a visitor who ended a chat
//! and started a new one gets a new conversation, and the agent sees the earlier ones here.
//!
//! A reply is stored before anything else happens; then it marks the channel read for the
//! sender, claims an unassigned channel for them, and goes to the realtime hub
//! (all through the chat service, `crate::service::chat`).

use axum::extract::multipart::{Multipart, MultipartRejection};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use beckon_model::Problem;
use bytes::Bytes;
use serde::Deserialize;
use serde_json::Value;
use utoipa::IntoParams;
use utoipa_axum::router::UtoipaMethodRouterExt;
use utoipa_axum::routes;

use super::auth::AgentAuth;
use crate::api::http::chat::MAX_HISTORY;
use crate::service::accounts::users::invalid;
use crate::service::chat::availability;
use crate::service::chat::{self, ChannelUpdate};
use crate::state::AppState;
use crate::wire::agent::{
    AgentStatus, AssignBody, ChannelDetail, ChannelList, EarlierConversation, PresenceAnswer,
    PresenceBody, ReadAnswer, ReadBody, ReplyAnswer, ReplyBody, Team, TeamMember, Visit,
};
use crate::wire::api_error::ApiError;
use crate::wire::chat::{Attachment, AttachmentLimits, History, Message, Rating};
use crate::wire::error::{AgentErrors, AgentWriteErrors, ErrorBody};
use crate::wire::frames::{CheckedMessage, MAX_ATTACHMENTS};
use crate::wire::limits::{MAX_CLIENT_ID, MAX_MESSAGE_CHARS};
use crate::wire::routes::Routes;
use crate::wire::{self, no_store, ApiQuery, JsonBody};
use beckon_store::{AssignedFilter, ChannelQuery, ChannelStatus, ChannelSummary, StoreError};

/// Most channels one list call answers.
pub const MAX_LIST: i64 = 200;

/// Most earlier conversations a channel's detail lists.
pub const MAX_EARLIER: i64 = 20;

pub fn routes() -> Routes<AppState> {
    Routes::new()
        .routes(routes!(list))
        .routes(routes!(detail))
        .routes(routes!(history, reply))
        .routes(
            routes!(agent_attachment_limits, agent_upload)
                .layer(axum::extract::DefaultBodyLimit::disable()),
        )
        .routes(routes!(mark_read))
        .routes(routes!(assign))
        .routes(routes!(end))
        .routes(routes!(reopen))
        .routes(routes!(set_presence))
        .routes(routes!(team))
}

/// A channel as the console shows it.
fn summary(s: &ChannelSummary) -> wire::agent::ChannelSummary {
    s.into()
}

/// An optional JSON body: empty means `None`.
fn optional_json<T: serde::de::DeserializeOwned>(bytes: &Bytes) -> Result<Option<T>, ApiError> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Ok(None);
    }
    wire::refuse_nul(bytes)?;
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

/// A message's (or a note's) `text`: trimmed as the socket trims it (wire/frames.rs), so both
/// count the same characters, and within [`MAX_MESSAGE_CHARS`]; else a problem is added. Empty
/// is allowed when `may_be_empty` (a reply of files alone).
pub(super) fn message_text(
    text: &Option<Value>,
    may_be_empty: bool,
    problems: &mut Vec<Problem>,
) -> String {
    let text = match text {
        Some(Value::String(s)) if !s.trim().is_empty() => s.trim().to_owned(),
        _ if may_be_empty => return String::new(),
        _ => {
            problems.push(Problem::new("text", "is required"));
            return String::new();
        }
    };
    if text.chars().count() > MAX_MESSAGE_CHARS {
        problems.push(Problem::new(
            "text",
            format!("is longer than {MAX_MESSAGE_CHARS} characters"),
        ));
    }
    text
}

/// The channel, if it belongs to a domain of the agent's organisation (else 404).
pub(super) async fn org_channel(
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

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct ListQuery {
    /// open (default), waiting (open chats nobody has answered since the visitor's latest
    /// message, the longest waiting first), ended, mine, unassigned, all.
    filter: Option<String>,
    /// Search the visitor's name or e-mail.
    q: Option<String>,
    /// Only this domain.
    domain_id: Option<String>,
    /// Paging: the lastActivityAt of the last chat of the previous page (Unix ms; its
    /// waitingSince for `waiting`); only chats listed after it come.
    before: Option<i64>,
    /// Paging, with before: the id of the last chat of the previous page, so that chats active
    /// in the same millisecond are neither skipped nor repeated.
    before_id: Option<String>,
    /// At most this many (≤ 200, default 50).
    limit: Option<i64>,
}

#[utoipa::path(
    get,
    path = "/v1/agent/channels",
    tag = "agent",
    summary = "Chats of your organisation's domains, newest activity first",
    params(ListQuery),
    security(("session" = [])),
    responses(
        (status = 200, description = "chats", body = ChannelList),
        (status = 400, description = "unknown filter, or before/limit not a number", body = ErrorBody),
        AgentErrors,
    )
)]
async fn list(
    State(state): State<AppState>,
    auth: AgentAuth,
    ApiQuery(q): ApiQuery<ListQuery>,
) -> Result<Response, ApiError> {
    let filter = q.filter.as_deref().unwrap_or("open");
    let (status, assigned) = match filter {
        "open" | "waiting" => (Some(ChannelStatus::Open), AssignedFilter::Any),
        "ended" => (Some(ChannelStatus::Ended), AssignedFilter::Any),
        "mine" => (
            Some(ChannelStatus::Open),
            AssignedFilter::To(auth.0.user.user_id.clone()),
        ),
        "unassigned" => (Some(ChannelStatus::Open), AssignedFilter::Unassigned),
        "all" => (None, AssignedFilter::Any),
        other => {
            return Err(ApiError::bad_request(format!(
                "unknown filter {other:?}; allowed: open, waiting, ended, mine, unassigned, all"
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
        waiting: filter == "waiting",
        ..base_query(&auth)
    };
    let channels = state.store.query_channels(&query).await?;
    let unread: i64 = channels.iter().map(|c| c.unread).sum();
    Ok(no_store(Json(ChannelList {
        channels: channels.iter().map(summary).collect(),
        unread_total: unread,
    })))
}

#[utoipa::path(
    get,
    path = "/v1/agent/channels/{id}",
    tag = "agent",
    summary = "One chat with its visitor, how far the visitor has read, their earlier chats and their rating",
    params(("id" = String, Path, description = "chat channel id")),
    security(("session" = [])),
    responses(
        (status = 200, description = "the chat", body = ChannelDetail),
        (status = 404, description = "no such chat", body = ErrorBody),
        AgentErrors,
    )
)]
async fn detail(
    State(state): State<AppState>,
    auth: AgentAuth,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let s = org_channel(&state, &auth, &id).await?;
    // How far the visitor has read: the console shows "Seen" after a reload too.
    let visitor_read = state
        .store
        .read_marker(&s.channel.id, &s.visitor.id)
        .await?;
    let visit = Visit::of(
        state.store.visitor_context(&s.channel.id).await?,
        state.store.visitor_pages(&s.channel.id).await?,
    );
    Ok(no_store(Json(ChannelDetail {
        summary: summary(&s),
        visitor_read_seq: visitor_read,
        earlier_conversations: earlier_conversations(&state, &auth, &s).await?,
        visit,
        rating: state
            .store
            .channel_rating(&s.channel.id)
            .await?
            .as_ref()
            .map(Rating::from),
    })))
}

/// The chats of the same visitor e-mail on the same domain that started before `s`.
async fn earlier_conversations(
    state: &AppState,
    auth: &AgentAuth,
    s: &ChannelSummary,
) -> Result<Vec<EarlierConversation>, ApiError> {
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
    earlier.sort_by_key(|c| std::cmp::Reverse(c.channel.created_at));
    Ok(earlier
        .into_iter()
        .take(MAX_EARLIER as usize)
        .map(EarlierConversation::from)
        .collect())
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct HistoryQuery {
    /// Only messages after this sequence number.
    after: Option<i64>,
    /// At most this many (1-1000, default 1000).
    limit: Option<i64>,
}

#[utoipa::path(
    get,
    path = "/v1/agent/channels/{id}/messages",
    operation_id = "agent_history",
    tag = "agent",
    summary = "Messages of a chat",
    params(("id" = String, Path, description = "chat channel id"), HistoryQuery),
    security(("session" = [])),
    responses(
        (status = 200, description = "messages", body = History),
        (status = 400, description = "after/limit not a number", body = ErrorBody),
        (status = 404, description = "no such chat", body = ErrorBody),
        AgentErrors,
    )
)]
async fn history(
    State(state): State<AppState>,
    auth: AgentAuth,
    Path(id): Path<String>,
    ApiQuery(q): ApiQuery<HistoryQuery>,
) -> Result<Response, ApiError> {
    let s = org_channel(&state, &auth, &id).await?;
    let limit = q.limit.unwrap_or(MAX_HISTORY).clamp(1, MAX_HISTORY);
    let after = q.after.unwrap_or(0);
    let history = chat::history(&*state.store, &s.channel, after, limit, false).await?;
    Ok(no_store(Json(history.for_agents())))
}

#[utoipa::path(
    post,
    path = "/v1/agent/channels/{id}/messages",
    tag = "agent",
    summary = "Reply (idempotent on clientId); claims an unassigned chat",
    params(("id" = String, Path, description = "chat channel id")),
    request_body = ReplyBody,
    security(("session" = [], "csrf" = []), ("session" = [], "sameOrigin" = [])),
    responses(
        (status = 201, description = "stored", body = ReplyAnswer),
        (status = 200, description = "already stored under this clientId (`created` false)", body = ReplyAnswer),
        (status = 404, description = "no such chat", body = ErrorBody),
        (status = 409, description = "another sender used this clientId in the chat", body = ErrorBody),
        (status = 410, description = "the chat has ended", body = ErrorBody),
        (status = 422, description = "invalid fields: `problems` lists each", body = ErrorBody),
        AgentWriteErrors,
    )
)]
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
    let sent = body.attachments.as_deref().unwrap_or_default();
    if sent.len() > MAX_ATTACHMENTS {
        problems.push(Problem::new(
            "attachments",
            format!("at most {MAX_ATTACHMENTS} per message"),
        ));
    }
    // A file alone is a message.
    let text = message_text(&body.text, !sent.is_empty(), &mut problems);
    if !problems.is_empty() {
        return Err(invalid("invalid message", &problems));
    }
    let s = org_channel(&state, &auth, &id).await?;
    let user = &auth.0.user;
    let sender = state.store.get_persona(&user.persona_id).await?;
    // Checked against this chat's uploads by the chat service (`attachments::resolve`).
    let attachments = sent
        .iter()
        .map(|a| Attachment {
            kind: a.kind.clone(),
            url: a.url.clone(),
            name: a.name.clone().unwrap_or_default(),
            size: None,
        })
        .collect();
    let msg = CheckedMessage {
        client_id,
        text,
        attachments,
    };
    // Stored first: whatever happens next, the reply is not lost.
    let inserted = chat::agent_reply(&state, &s.channel, &user.user_id, &sender, msg).await?;
    let status = if inserted.created {
        StatusCode::CREATED
    } else {
        StatusCode::OK
    };
    let body = ReplyAnswer {
        message: Message::of(&inserted.message, Some(&sender)),
        created: inserted.created,
    };
    Ok((status, no_store(Json(body))).into_response())
}

#[utoipa::path(
    get,
    path = "/v1/agent/channels/{id}/attachments",
    tag = "agent",
    summary = "What files the chat accepts: the largest size and the media types",
    params(("id" = String, Path, description = "chat channel id")),
    responses(
        (status = 200, description = "the domain's limits", body = AttachmentLimits),
        (status = 404, description = "no such chat", body = ErrorBody),
        AgentErrors,
    )
)]
async fn agent_attachment_limits(
    State(state): State<AppState>,
    auth: AgentAuth,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let s = org_channel(&state, &auth, &id).await?;
    super::files::limits_answer(&state, &s.channel).await
}

/// docs/attachments.md: the file is read as it arrives, its type from its bytes.
#[utoipa::path(
    post,
    path = "/v1/agent/channels/{id}/attachments",
    tag = "agent",
    summary = "Upload a file (multipart/form-data, field file) to send with a reply",
    params(("id" = String, Path, description = "chat channel id")),
    request_body(content_type = "multipart/form-data", description = "a field named file"),
    security(("session" = [], "csrf" = []), ("session" = [], "sameOrigin" = [])),
    responses(
        (status = 201, description = "stored: send it in the reply's attachments", body = Attachment),
        (status = 400, description = "not multipart, no file field, or an empty file", body = ErrorBody),
        (status = 404, description = "no such chat", body = ErrorBody),
        (status = 413, description = "larger than the domain allows (\"too large: at most 10 MB\")", body = ErrorBody),
        (status = 415, description = "a type the domain does not accept (\"type not allowed: …\")", body = ErrorBody),
        AgentWriteErrors,
    )
)]
async fn agent_upload(
    State(state): State<AppState>,
    auth: AgentAuth,
    Path(id): Path<String>,
    headers: HeaderMap,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<Response, ApiError> {
    let s = org_channel(&state, &auth, &id).await?;
    super::files::upload(
        &state,
        &headers,
        &s.channel,
        super::files::Uploader::Agent,
        multipart,
    )
    .await
}

#[utoipa::path(
    post,
    path = "/v1/agent/channels/{id}/read",
    tag = "agent",
    summary = "Move your read marker (no body or no seq: to the latest message)",
    params(("id" = String, Path, description = "chat channel id")),
    request_body = Option<ReadBody>,
    security(("session" = [], "csrf" = []), ("session" = [], "sameOrigin" = [])),
    responses(
        (status = 200, description = "the marker", body = ReadAnswer),
        (status = 404, description = "no such chat", body = ErrorBody),
        AgentWriteErrors,
    )
)]
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
    let marker = chat::mark_read(&state, &s.channel, &auth.0.user.persona_id, seq).await?;
    Ok(no_store(Json(ReadAnswer { seq: marker })))
}

#[utoipa::path(
    post,
    path = "/v1/agent/channels/{id}/assign",
    tag = "agent",
    summary = "Assign a chat: no agentId means yourself, null unassigns",
    params(("id" = String, Path, description = "chat channel id")),
    request_body = Option<AssignBody>,
    security(("session" = [], "csrf" = []), ("session" = [], "sameOrigin" = [])),
    responses(
        (status = 200, description = "the chat", body = wire::agent::ChannelSummary),
        (status = 404, description = "no such chat", body = ErrorBody),
        (status = 422, description = "agentId is not an account of your organisation", body = ErrorBody),
        AgentWriteErrors,
    )
)]
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
    let update = ChannelUpdate::Assigned { agent_id: target };
    chat::publish_update(&state, &s.channel, update).await;
    Ok(no_store(Json(summary(&s))))
}

#[utoipa::path(
    post,
    path = "/v1/agent/channels/{id}/end",
    tag = "agent",
    summary = "End a chat (the visitor's calls then answer 410)",
    params(("id" = String, Path, description = "chat channel id")),
    security(("session" = [], "csrf" = []), ("session" = [], "sameOrigin" = [])),
    responses(
        (status = 200, description = "the chat", body = wire::agent::ChannelSummary),
        (status = 404, description = "no such chat", body = ErrorBody),
        AgentWriteErrors,
    )
)]
async fn end(
    State(state): State<AppState>,
    auth: AgentAuth,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let s = org_channel(&state, &auth, &id).await?;
    let was_open = s.channel.status == ChannelStatus::Open;
    let by = Some(auth.0.user.persona_id.as_str()).filter(|p| !p.is_empty());
    if was_open {
        let channel = chat::end(&state, &s.channel.id, by).await?;
        tracing::info!(by = %auth.0.user.user_id, "chat ended by agent");
        tracing::debug!(channel = %channel.id, "chat ended by agent");
    }
    let s = org_channel(&state, &auth, &id).await?;
    Ok(no_store(Json(summary(&s))))
}

/// An ended chat opened again: the same thread, history and visitor; agents are told
/// (`channel-update` `reopened`) and the visitor's calls work again.
#[utoipa::path(
    post,
    path = "/v1/agent/channels/{id}/reopen",
    tag = "agent",
    summary = "Open an ended chat again in the same thread (a returning visitor); agents get channel-update reopened",
    params(("id" = String, Path, description = "chat channel id")),
    security(("session" = [], "csrf" = []), ("session" = [], "sameOrigin" = [])),
    responses(
        (status = 200, description = "the chat", body = wire::agent::ChannelSummary),
        (status = 404, description = "no such chat", body = ErrorBody),
        AgentWriteErrors,
    )
)]
async fn reopen(
    State(state): State<AppState>,
    auth: AgentAuth,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let s = org_channel(&state, &auth, &id).await?;
    if s.channel.status == ChannelStatus::Ended {
        let channel = chat::reopen(&state, &s.channel).await?;
        tracing::info!(by = %auth.0.user.user_id, "chat reopened by agent");
        tracing::debug!(channel = %channel.id, "chat reopened by agent");
    }
    let s = org_channel(&state, &auth, &id).await?;
    Ok(no_store(Json(summary(&s))))
}

#[utoipa::path(
    put,
    path = "/v1/agent/presence",
    tag = "agent",
    summary = "Online (a 90-second lease on each domain; renew it) or away",
    request_body = PresenceBody,
    security(("session" = [], "csrf" = []), ("session" = [], "sameOrigin" = [])),
    responses(
        (status = 200, description = "the status", body = PresenceAnswer),
        (status = 422, description = "unknown status", body = ErrorBody),
        AgentWriteErrors,
    )
)]
async fn set_presence(
    State(state): State<AppState>,
    auth: AgentAuth,
    JsonBody(body): JsonBody<PresenceBody>,
) -> Result<Response, ApiError> {
    match body.status.as_deref() {
        Some("online") => {
            let user = &auth.0.user;
            availability::go_online(&state, &user.org_id, &user.user_id).await?;
            Ok(no_store(Json(PresenceAnswer {
                status: AgentStatus::Online,
                lease_seconds: availability::LEASE.as_secs(),
            })))
        }
        Some("away") => {
            availability::go_away(&state, &auth.0.user.org_id, &auth.0.user.user_id).await;
            Ok(no_store(Json(PresenceAnswer {
                status: AgentStatus::Away,
                lease_seconds: 0,
            })))
        }
        _ => Err(invalid(
            "invalid presence",
            &[Problem::new("status", "must be \"online\" or \"away\"")],
        )),
    }
}

#[utoipa::path(
    get,
    path = "/v1/agent/team",
    tag = "agent",
    summary = "The organisation's accounts, for assigning",
    security(("session" = [])),
    responses(
        (status = 200, description = "accounts", body = Team),
        AgentErrors,
    )
)]
async fn team(State(state): State<AppState>, auth: AgentAuth) -> Result<Response, ApiError> {
    let users = state.store.list_users(&auth.0.user.org_id).await?;
    Ok(no_store(Json(Team {
        agents: users.iter().map(TeamMember::from).collect(),
    })))
}
