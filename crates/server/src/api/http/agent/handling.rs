//! What an agent does to a chat: marks it read, assigns it, ends it, opens it again.

use axum::extract::State;
use axum::response::Response;
use axum::Json;
use beckon_model::Problem;
use serde_json::Value;
use utoipa_axum::routes;

use super::{summary, OptionalJson, OrgChannel, OrgChannelWith};
use crate::service::accounts::users::invalid;
use crate::service::chat;
use crate::state::AppState;
use crate::wire::agent::{AssignBody, ReadAnswer, ReadBody};
use crate::wire::api_error::ApiError;
use crate::wire::error::{AgentWriteErrors, ErrorBody};
use crate::wire::routes::Routes;
use crate::wire::{self, no_store};
use beckon_store::{ChannelStatus, StoreError};

pub(super) fn routes() -> Routes<AppState> {
    Routes::new()
        .routes(routes!(mark_read))
        .routes(routes!(assign))
        .routes(routes!(end))
        .routes(routes!(reopen))
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
    OrgChannelWith {
        chat: OrgChannel { auth, chat: s },
        body: OptionalJson(body),
    }: OrgChannelWith<OptionalJson<ReadBody>>,
) -> Result<Response, ApiError> {
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
    OrgChannelWith {
        chat: org_chat,
        body: OptionalJson(body),
    }: OrgChannelWith<OptionalJson<Value>>,
) -> Result<Response, ApiError> {
    let auth = &org_chat.auth;
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
    chat::assign(&state, &org_chat.chat.channel, target.as_deref()).await?;
    Ok(no_store(Json(summary(&org_chat.reloaded(&state).await?))))
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
async fn end(State(state): State<AppState>, org_chat: OrgChannel) -> Result<Response, ApiError> {
    let (auth, s) = (&org_chat.auth, &org_chat.chat);
    let was_open = s.channel.status == ChannelStatus::Open;
    let by = Some(auth.0.user.persona_id.as_str()).filter(|p| !p.is_empty());
    if was_open {
        let channel = chat::end(&state, &s.channel.id, by).await?;
        tracing::info!(by = %auth.0.user.user_id, "chat ended by agent");
        tracing::debug!(channel = %channel.id, "chat ended by agent");
    }
    Ok(no_store(Json(summary(&org_chat.reloaded(&state).await?))))
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
async fn reopen(State(state): State<AppState>, org_chat: OrgChannel) -> Result<Response, ApiError> {
    let (auth, s) = (&org_chat.auth, &org_chat.chat);
    if s.channel.status == ChannelStatus::Ended {
        let channel = chat::reopen(&state, &s.channel).await?;
        tracing::info!(by = %auth.0.user.user_id, "chat reopened by agent");
        tracing::debug!(channel = %channel.id, "chat reopened by agent");
    }
    Ok(no_store(Json(summary(&org_chat.reloaded(&state).await?))))
}
