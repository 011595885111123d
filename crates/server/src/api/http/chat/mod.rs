//! The public chat API of spec §7, under `/api`.
//!
//! Each route, with its bodies and answers: `/api/docs` on a running server, or docs/openapi.json.
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
//! agent sees the earlier conversations of the same e-mail in the chat's details (`agent/inbox.rs`).
//! A returning visitor: when a new chat comes from the browser that held an ended chat of the same
//! domain — the body's `personaId` is that chat's visitor persona, which only that browser was
//! given — with the same e-mail, and the chat ended within [`chat::REOPEN_WITHIN_DAYS`], that chat is
//! opened again instead of a new one: the same thread and history (the widget shows it; the
//! browser had it already), its visitor persona updated with the name, page URL, address and
//! consent of this visit, and agents get `channel-update` `reopened`. The e-mail alone never
//! reopens a chat: anyone can type one, and the thread holds the visitor's messages.
//! Erased: after an owner erased a visitor's data (docs/privacy.md), the store keeps only the
//! hashes of the conversation's and the visitor persona's ids; a call naming either (a browser
//! still holding them) answers `410` with `erased: true`, creates nothing, and the widget forgets
//! what it kept.
//! Satisfaction: the visitor rates the chat (`POST …/channel/{id}/rating`, 1–5 and an optional
//! comment) once it has ended — by either side — or while it is open; a later rating replaces it
//! (`service/chat/rating.rs`). The persona id is the credential here too.
//! CORS: origins whose host is the domain's name or an alias (ignoring `www.`), and the
//! server's own origin. Responses about things that do not exist carry CORS headers for any
//! origin, so the widget can read the 404 body.
//!
//! One file per concern: `start` (a new chat, availability, a continuation link), `visitor`
//! (the visitor's own chat: channel, history, token, rating, transcript), `attachments` (files),
//! `cors` (the origin check); here, the lookups and the [`VisitorChat`] extractor they share.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::middleware::{self};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::json;
use utoipa::IntoParams;

use super::auth::path_param;
use crate::state::AppState;
use crate::wire::api_error::{ApiError, CHAT_ENDED};
use crate::wire::chat::{self as wire, ChannelAnswer, ClientPersona};
use crate::wire::routes::Routes;
use crate::wire::{no_store, ApiQuery};
use beckon_store::{Channel, ChannelStatus, Domain, Persona, StoreError};

mod attachments;
mod cors;
mod start;
mod visitor;

pub(crate) use start::{continued, LINK_UNKNOWN};

pub const PREFIX: &str = "/v1/chat/public";

/// History answers at most this many messages per call.
pub const MAX_HISTORY: i64 = 1000;

/// The routes, behind their CORS check (which reads the store); without a state, for the
/// OpenAPI document alone.
pub fn routes(state: Option<&AppState>) -> Routes<AppState> {
    let routes = Routes::new()
        .merge(visitor::routes())
        .merge(start::routes())
        .merge(attachments::routes());
    match state {
        Some(state) => routes.layer(middleware::from_fn_with_state(state.clone(), cors::cors)),
        None => routes,
    }
}

fn channel_response(c: &Channel, domain: Option<&Domain>, persona: &Persona) -> Response {
    no_store(Json(ChannelAnswer {
        channel: wire::Channel::of(c, domain),
        chat_client_persona: ClientPersona::from(persona),
    }))
}

// ---------- lookups ----------

fn channel_not_found() -> ApiError {
    ApiError::not_found("chat channel not found")
}

/// What a browser holding an erased conversation or visitor gets (docs/privacy.md): `410` with
/// `erased: true`, upon which the widget forgets everything it kept about the visitor.
fn erased() -> ApiError {
    ApiError::gone(ERASED).with("erased", json!(true))
}

/// The message of [`erased`].
pub const ERASED: &str = "This conversation was erased at the visitor's request.";

/// The channel, checked against the persona (when given), ended or not.
async fn own_channel(
    state: &AppState,
    channel_id: &str,
    persona_id: Option<&str>,
) -> Result<Channel, ApiError> {
    let channel = match state.store.get_channel(channel_id).await {
        Ok(c) => c,
        Err(StoreError::NotFound) if state.store.was_erased(channel_id).await? => {
            return Err(erased())
        }
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

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct PersonaQuery {
    /// The visitor's persona id: their credential (required).
    persona_id: Option<String>,
}

/// The visitor's chat the route's `{channel_id}` names, ended or not, with the visitor's persona
/// id, their credential (`?personaId=`): a missing one answers 400, then a chat that is not
/// theirs (or none) 404, an erased one 410.
struct VisitorChat {
    channel: Channel,
    persona_id: String,
}

impl FromRequestParts<AppState> for VisitorChat {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Response> {
        let ApiQuery(q) = ApiQuery::<PersonaQuery>::from_request_parts(parts, state)
            .await
            .map_err(IntoResponse::into_response)?;
        let persona_id = q.persona_id.filter(|p| !p.is_empty()).ok_or_else(|| {
            ApiError::bad_request("the personaId query parameter is required").into_response()
        })?;
        let channel_id = path_param(parts, state, "channel_id").await?;
        let channel = own_channel(state, &channel_id, Some(&persona_id))
            .await
            .map_err(IntoResponse::into_response)?;
        Ok(VisitorChat {
            channel,
            persona_id,
        })
    }
}

/// A [`VisitorChat`] that is still open, for what only an open chat does: an ended one answers
/// 410 naming it.
struct OpenVisitorChat(VisitorChat);

impl FromRequestParts<AppState> for OpenVisitorChat {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Response> {
        let chat = VisitorChat::from_request_parts(parts, state).await?;
        if chat.channel.status == ChannelStatus::Ended {
            let ended = ApiError::gone(CHAT_ENDED).with("channelId", json!(chat.channel.id));
            return Err(ended.into_response());
        }
        Ok(OpenVisitorChat(chat))
    }
}

/// A page of a chat's messages, for the visitor's history and the agent's.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct HistoryPage {
    /// Only messages after this sequence number.
    pub after: Option<i64>,
    /// At most this many (1-1000, default 1000).
    pub limit: Option<i64>,
}

impl HistoryPage {
    pub fn after(&self) -> i64 {
        self.after.unwrap_or(0)
    }

    /// Within 1 and [`MAX_HISTORY`].
    pub fn limit(&self) -> i64 {
        self.limit.unwrap_or(MAX_HISTORY).clamp(1, MAX_HISTORY)
    }
}
