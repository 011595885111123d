//! Where a chat begins: a new (or reopened) chat, whether an agent is online, a continuation link.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, Path, State};
use axum::http::{header, HeaderMap};
use axum::response::Response;
use axum::Json;
use serde_json::Value;
use utoipa_axum::routes;

use super::{channel_response, erased, optional_domain, own_channel};
use crate::infra::token::{Purpose, TokenError};
use crate::service::chat;
use crate::state::AppState;
use crate::wire::api_error::ApiError;
use crate::wire::chat::{Availability, ChannelAnswer, ContinueBody, NewChat};
use crate::wire::error::ErrorBody;
use crate::wire::routes::Routes;
use crate::wire::validate::parse_persona;
use crate::wire::{no_store, JsonBody};
use beckon_store::{Channel, Persona, StoreError};

pub(super) fn routes() -> Routes<AppState> {
    Routes::new()
        .routes(routes!(create_channel))
        .routes(routes!(available))
        .routes(routes!(continue_chat))
}

#[utoipa::path(
    post,
    path = "/v1/chat/public/channels/domain/{domain_id}",
    tag = "chat",
    summary = "Start a chat on a domain (or reopen this browser's ended chat there)",
    params(("domain_id" = String, Path, description = "domain id")),
    request_body = NewChat,
    responses(
        (status = 200, description = "the new (or reopened) channel", body = ChannelAnswer),
        (status = 400, description = "the body is not JSON, or an invalid persona: `fields` names each bad field", body = ErrorBody),
        (status = 404, description = "unknown domain", body = ErrorBody),
        (status = 410, description = "`personaId` names an erased visitor (`erased: true`): nothing was created", body = ErrorBody),
        (status = 429, description = "too many new chats from this address; `retryAfter` seconds", body = ErrorBody),
    )
)]
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
    let ip = crate::infra::geo::client_ip(peer, &headers, &state.trusted_proxies);
    if let Err(wait) = state.new_chat_limit.check(ip) {
        return Err(ApiError::too_many("new chats from this address", wait));
    }
    persona.ip = Some(ip.to_string());
    let previous = body.get("personaId").and_then(Value::as_str);
    // A browser still holding an erased visitor brings nothing back (the widget forgets it).
    if let Some(previous) = previous {
        if state.store.was_erased(previous).await? {
            return Err(erased());
        }
    }
    let (channel, persona) = chat::create(&state, &domain, persona, previous).await?;
    // Beside the spec's persona: where the visitor came from, their time zone and the language
    // their widget speaks (the widget's).
    let text = |key: &str| body.get(key).and_then(Value::as_str);
    let began = chat::visits::Began {
        user_agent: headers
            .get(header::USER_AGENT)
            .and_then(|v| v.to_str().ok()),
        referrer: text("referrer"),
        zone: text("timeZone"),
        language: text("language"),
        page: persona.url.as_deref(),
    };
    chat::visits::chat_began(&state, &channel, ip, began).await;
    Ok(channel_response(&channel, Some(&domain), &persona))
}

/// `{id}` is a domain id (what the widget sends for the CHAT condition); a channel id is
/// accepted too and stands for its domain.
#[utoipa::path(
    get,
    path = "/v1/chat/public/channels/available/{id}",
    tag = "chat",
    summary = "Whether an agent of the domain is online",
    params(("id" = String, Path, description = "domain id (or a channel id)")),
    responses(
        (status = 200, description = "availability", body = Availability),
        (status = 404, description = "unknown domain", body = ErrorBody),
    )
)]
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
    Ok(no_store(Json(Availability {
        agent_available: online,
        replies_by_email: state.mailer.is_some(),
    })))
}

#[utoipa::path(
    post,
    path = "/v1/chat/public/continue",
    tag = "chat",
    summary = "The conversation a link from a visitor's e-mail continues (the link is the credential)",
    request_body = ContinueBody,
    responses(
        (status = 200, description = "the channel (ended or not) and its visitor, to keep in this browser", body = ChannelAnswer),
        (status = 404, description = "not a link this server made, or its chat is gone", body = ErrorBody),
        (status = 410, description = "the link has expired", body = ErrorBody),
    )
)]
async fn continue_chat(
    State(state): State<AppState>,
    JsonBody(body): JsonBody<ContinueBody>,
) -> Result<Response, ApiError> {
    let (channel, persona) = continued(&state, body.token.as_deref().unwrap_or_default()).await?;
    let domain = optional_domain(&state, &channel.domain_id).await?;
    Ok(channel_response(&channel, domain.as_ref(), &persona))
}

/// The conversation and visitor a continuation link names, when it is one of this server's,
/// unexpired, and both still exist.
pub(crate) async fn continued(
    state: &AppState,
    token: &str,
) -> Result<(Channel, Persona), ApiError> {
    let claims = match state
        .tokens
        .verify_for(Purpose::Continue, token.trim(), state.store.now())
    {
        Ok(c) => c,
        Err(TokenError::Expired) => return Err(ApiError::gone(LINK_EXPIRED)),
        Err(_) => return Err(ApiError::not_found(LINK_UNKNOWN)),
    };
    let channel = own_channel(state, &claims.channel_id, Some(&claims.persona_id))
        .await
        .map_err(|_| ApiError::not_found(LINK_UNKNOWN))?;
    let persona = state.store.get_persona(&claims.persona_id).await?;
    Ok((channel, persona))
}

/// What a visitor reads for a link that is not (or no longer) one of ours.
pub const LINK_UNKNOWN: &str =
    "This link does not lead to a conversation. Please write to us again from the website.";
pub const LINK_EXPIRED: &str = "This link has expired. Please write to us again from the website.";
