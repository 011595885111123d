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
//!
//! One file per concern: `inbox` (the list, a chat's details, the team), `messages` (history,
//! replies, their files), `handling` (read, assign, end, reopen), `presence` (online or away).

use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use beckon_model::Problem;
use bytes::Bytes;
use serde_json::Value;

use super::auth::{path_param, AgentAuth};
use crate::state::AppState;
use crate::wire::api_error::ApiError;
use crate::wire::limits::MAX_MESSAGE_CHARS;
use crate::wire::routes::Routes;
use crate::wire::{self};
use beckon_store::{ChannelQuery, ChannelSummary};

mod handling;
mod inbox;
mod messages;
mod presence;

/// Most channels one list call answers.
pub const MAX_LIST: i64 = 200;

/// Most earlier conversations a channel's detail lists.
pub const MAX_EARLIER: i64 = 20;

pub fn routes() -> Routes<AppState> {
    Routes::new()
        .merge(inbox::routes())
        .merge(messages::routes())
        .merge(handling::routes())
        .merge(presence::routes())
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

/// The chat the route's `{id}` names, of a domain of the logged-in agent's organisation: the
/// agent is checked first (401/403), then another organisation's chat, or none, answers 404.
pub(super) struct OrgChannel {
    pub auth: AgentAuth,
    pub chat: ChannelSummary,
}

impl FromRequestParts<AppState> for OrgChannel {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Response> {
        let auth = AgentAuth::from_request_parts(parts, state)
            .await
            .map_err(IntoResponse::into_response)?;
        let id = path_param(parts, state, "id").await?;
        let chat = org_channel(state, &auth, &id)
            .await
            .map_err(IntoResponse::into_response)?;
        Ok(OrgChannel { auth, chat })
    }
}

/// An [`OrgChannel`] with its request body `B`, read before the chat is looked up: a body the
/// extractor refuses (not JSON, U+0000) answers 400 even for a chat that is not the agent's.
pub(super) struct OrgChannelWith<B> {
    pub chat: OrgChannel,
    pub body: B,
}

impl<B> FromRequest<AppState> for OrgChannelWith<B>
where
    B: FromRequest<AppState> + Send,
    B::Rejection: IntoResponse,
{
    type Rejection = Response;

    async fn from_request(req: Request, state: &AppState) -> Result<Self, Response> {
        let (mut parts, body) = req.into_parts();
        let auth = AgentAuth::from_request_parts(&mut parts, state)
            .await
            .map_err(IntoResponse::into_response)?;
        let id = path_param(&mut parts, state, "id").await?;
        let body = B::from_request(Request::from_parts(parts, body), state)
            .await
            .map_err(IntoResponse::into_response)?;
        let chat = org_channel(state, &auth, &id)
            .await
            .map_err(IntoResponse::into_response)?;
        Ok(OrgChannelWith {
            chat: OrgChannel { auth, chat },
            body,
        })
    }
}

/// An optional JSON body: empty means `None` (see [`optional_json`]).
pub(super) struct OptionalJson<T>(pub Option<T>);

impl<T: serde::de::DeserializeOwned> FromRequest<AppState> for OptionalJson<T> {
    type Rejection = Response;

    async fn from_request(req: Request, state: &AppState) -> Result<Self, Response> {
        let bytes = Bytes::from_request(req, state)
            .await
            .map_err(IntoResponse::into_response)?;
        optional_json(&bytes)
            .map(OptionalJson)
            .map_err(IntoResponse::into_response)
    }
}

impl OrgChannel {
    /// The chat as the store has it now, after a change the handler made.
    async fn reloaded(&self, state: &AppState) -> Result<ChannelSummary, ApiError> {
        org_channel(state, &self.auth, &self.chat.channel.id).await
    }
}

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
