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
//! agent sees the earlier conversations of the same e-mail in the chat's details (agent.rs).
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

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, Path, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};
use utoipa::IntoParams;
use utoipa_axum::router::UtoipaMethodRouterExt;
use utoipa_axum::routes;

use axum::extract::multipart::{Multipart, MultipartRejection};

use super::files::Uploader;
use crate::infra::token::{Purpose, TokenError};
use crate::service::accounts::users::invalid;
use crate::service::chat;
use crate::service::outbound::notify::NoTranscript;
use crate::state::AppState;
use crate::wire::api_error::{ApiError, CHAT_ENDED};
use crate::wire::chat::{
    self as wire, Attachment, AttachmentLimits, Availability, ChannelAnswer, ClientPersona,
    ContinueBody, History, NewChat, Rating, RatingBody, TokenAnswer, TranscriptAnswer,
};
use crate::wire::error::ErrorBody;
use crate::wire::routes::Routes;
use crate::wire::validate::parse_persona;
use crate::wire::{no_store, ApiQuery, JsonBody};
use beckon_store::{now_ms, Channel, ChannelStatus, Domain, Persona, StoreError};

pub const PREFIX: &str = "/v1/chat/public";

/// History answers at most this many messages per call.
pub const MAX_HISTORY: i64 = 1000;

/// The routes, behind their CORS check (which reads the store); without a state, for the
/// OpenAPI document alone.
pub fn routes(state: Option<&AppState>) -> Routes<AppState> {
    let routes = Routes::new()
        .routes(routes!(get_channel))
        .routes(routes!(history))
        .routes(routes!(token))
        .routes(routes!(create_channel))
        .routes(routes!(available))
        .routes(routes!(continue_chat))
        .routes(routes!(transcript))
        .routes(routes!(rate))
        .routes(
            routes!(visitor_attachment_limits, visitor_upload)
                .layer(axum::extract::DefaultBodyLimit::disable()),
        );
    match state {
        Some(state) => routes.layer(middleware::from_fn_with_state(state.clone(), cors)),
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

fn required_persona(persona_id: Option<&str>) -> Result<&str, ApiError> {
    persona_id
        .filter(|p| !p.is_empty())
        .ok_or_else(|| ApiError::bad_request("the personaId query parameter is required"))
}

// ---------- handlers ----------

#[utoipa::path(
    get,
    path = "/v1/chat/public/channel/{channel_id}",
    tag = "chat",
    summary = "The visitor's channel and persona",
    params(("channel_id" = String, Path, description = "chat channel id"), PersonaQuery),
    responses(
        (status = 200, description = "channel and persona", body = ChannelAnswer),
        (status = 400, description = "personaId missing", body = ErrorBody),
        (status = 404, description = "unknown channel or not this persona's", body = ErrorBody),
        (status = 410, description = "the chat has ended (`channelId` names it), or was erased (`erased: true`)", body = ErrorBody),
    )
)]
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

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct HistoryQuery {
    /// The visitor's persona id: their credential (required).
    persona_id: Option<String>,
    /// Only messages after this sequence number.
    after: Option<i64>,
    /// At most this many (1-1000, default 1000).
    limit: Option<i64>,
}

#[utoipa::path(
    get,
    path = "/v1/chat/public/channel/{channel_id}/history",
    operation_id = "visitor_history",
    tag = "chat",
    summary = "Messages of a channel; an ended chat's too (`status` says so)",
    params(("channel_id" = String, Path, description = "chat channel id"), HistoryQuery),
    responses(
        (status = 200, description = "messages", body = History),
        (status = 400, description = "personaId missing, or after/limit not a number", body = ErrorBody),
        (status = 404, description = "unknown channel or not this persona's", body = ErrorBody),
    )
)]
async fn history(
    State(state): State<AppState>,
    Path(channel_id): Path<String>,
    ApiQuery(q): ApiQuery<HistoryQuery>,
) -> Result<Response, ApiError> {
    let persona_id = required_persona(q.persona_id.as_deref())?;
    // An ended chat's history is still its own visitor's to read (the widget shows it, read-only).
    let channel = own_channel(&state, &channel_id, Some(persona_id)).await?;
    let limit = q.limit.unwrap_or(MAX_HISTORY).clamp(1, MAX_HISTORY);
    let history = chat::history(&*state.store, &channel, q.after.unwrap_or(0), limit, true).await?;
    Ok(no_store(Json(history)))
}

#[utoipa::path(
    get,
    path = "/v1/chat/public/channel/{channel_id}/token",
    tag = "chat",
    summary = "A realtime token for the channel and persona (10 minutes)",
    params(("channel_id" = String, Path, description = "chat channel id"), PersonaQuery),
    responses(
        (status = 200, description = "token", body = TokenAnswer),
        (status = 400, description = "personaId missing", body = ErrorBody),
        (status = 404, description = "unknown channel or not this persona's", body = ErrorBody),
        (status = 410, description = "the chat has ended", body = ErrorBody),
    )
)]
async fn token(
    State(state): State<AppState>,
    Path(channel_id): Path<String>,
    ApiQuery(q): ApiQuery<PersonaQuery>,
) -> Result<Response, ApiError> {
    let persona_id = required_persona(q.persona_id.as_deref())?;
    let channel = visitor_channel(&state, &channel_id, Some(persona_id)).await?;
    let (token, claims) = state.tokens.issue(&channel.id, persona_id, now_ms());
    Ok(no_store(Json(TokenAnswer {
        token,
        expires_at: claims.expires_at,
    })))
}

#[utoipa::path(
    post,
    path = "/v1/chat/public/channel/{channel_id}/rating",
    tag = "chat",
    summary = "Rate the chat (1-5, an optional comment), ended or open; a later rating replaces it",
    params(("channel_id" = String, Path, description = "chat channel id"), PersonaQuery),
    request_body = RatingBody,
    responses(
        (status = 200, description = "the rating kept", body = Rating),
        (status = 400, description = "personaId missing, the body is not JSON, or text with U+0000", body = ErrorBody),
        (status = 404, description = "unknown channel or not this persona's", body = ErrorBody),
        (status = 422, description = "a bad score or comment: `problems` lists each", body = ErrorBody),
    )
)]
async fn rate(
    State(state): State<AppState>,
    Path(channel_id): Path<String>,
    ApiQuery(q): ApiQuery<PersonaQuery>,
    JsonBody(body): JsonBody<RatingBody>,
) -> Result<Response, ApiError> {
    let persona_id = required_persona(q.persona_id.as_deref())?;
    let (score, comment) =
        chat::rating::parse(&body).map_err(|problems| invalid("invalid rating", &problems))?;
    // Ended or not: a chat is rated when it is over, whoever ended it.
    let channel = own_channel(&state, &channel_id, Some(persona_id)).await?;
    let rating = chat::rating::rate(&state, &channel, score, comment.as_deref()).await?;
    Ok(no_store(Json(Rating::from(&rating))))
}

#[utoipa::path(
    get,
    path = "/v1/chat/public/channel/{channel_id}/attachments",
    tag = "chat",
    summary = "What files the chat accepts: the largest size and the media types",
    params(("channel_id" = String, Path, description = "chat channel id"), PersonaQuery),
    responses(
        (status = 200, description = "the domain's limits", body = AttachmentLimits),
        (status = 400, description = "personaId missing", body = ErrorBody),
        (status = 404, description = "unknown channel or not this persona's", body = ErrorBody),
    )
)]
async fn visitor_attachment_limits(
    State(state): State<AppState>,
    Path(channel_id): Path<String>,
    ApiQuery(q): ApiQuery<PersonaQuery>,
) -> Result<Response, ApiError> {
    let persona_id = required_persona(q.persona_id.as_deref())?;
    let channel = own_channel(&state, &channel_id, Some(persona_id)).await?;
    super::files::limits_answer(&state, &channel).await
}

/// docs/attachments.md: the file is read as it arrives, its type from its bytes.
#[utoipa::path(
    post,
    path = "/v1/chat/public/channel/{channel_id}/attachments",
    tag = "chat",
    summary = "Upload a file (multipart/form-data, field file) to send in a message",
    params(("channel_id" = String, Path, description = "chat channel id"), PersonaQuery),
    request_body(content_type = "multipart/form-data", description = "a field named file"),
    responses(
        (status = 201, description = "stored: send it in a message's attachments", body = Attachment),
        (status = 400, description = "personaId missing, not multipart, no file field, or an empty file", body = ErrorBody),
        (status = 404, description = "unknown channel or not this persona's", body = ErrorBody),
        (status = 410, description = "the chat has ended", body = ErrorBody),
        (status = 413, description = "larger than the domain allows (\"too large: at most 10 MB\")", body = ErrorBody),
        (status = 415, description = "a type the domain does not accept (\"type not allowed: …\")", body = ErrorBody),
        (status = 429, description = "too many files from this address (20, then one every 10 s); `retryAfter` says when", body = ErrorBody),
    )
)]
async fn visitor_upload(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(channel_id): Path<String>,
    ApiQuery(q): ApiQuery<PersonaQuery>,
    headers: HeaderMap,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<Response, ApiError> {
    let persona_id = required_persona(q.persona_id.as_deref())?;
    let channel = visitor_channel(&state, &channel_id, Some(persona_id)).await?;
    let ip = crate::infra::geo::client_ip(peer, &headers, &state.trusted_proxies);
    if let Err(wait) = state.upload_limit.check(ip) {
        return Err(ApiError::too_many("files from this address", wait));
    }
    super::files::upload(&state, &headers, &channel, Uploader::Visitor, multipart).await
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

#[utoipa::path(
    post,
    path = "/v1/chat/public/channel/{channel_id}/transcript",
    tag = "chat",
    summary = "Mail the visitor the whole conversation (asked for at End Chat)",
    params(("channel_id" = String, Path, description = "chat channel id"), PersonaQuery),
    responses(
        (status = 202, description = "queued: the address it goes to", body = TranscriptAnswer),
        (status = 404, description = "no such chat of this persona", body = ErrorBody),
        (status = 422, description = "the visitor gave no e-mail address", body = ErrorBody),
        (status = 429, description = "more mail from this chat or site than its bounds allow", body = ErrorBody),
        (status = 503, description = "this server sends no e-mail (no --smtp-url)", body = ErrorBody),
    )
)]
async fn transcript(
    State(state): State<AppState>,
    Path(channel_id): Path<String>,
    ApiQuery(q): ApiQuery<PersonaQuery>,
) -> Result<Response, ApiError> {
    let persona_id = required_persona(q.persona_id.as_deref())?;
    let channel = own_channel(&state, &channel_id, Some(persona_id)).await?;
    let Some(domain) = optional_domain(&state, &channel.domain_id).await? else {
        return Err(channel_not_found());
    };
    let queued = crate::service::outbound::notify::queue_transcript(&state, &channel, &domain)
        .await
        .map_err(|e| {
            tracing::error!(error = %e.message, "transcript: cannot queue");
            ApiError::internal()
        })?;
    match queued {
        Ok(email) => Ok((
            StatusCode::ACCEPTED,
            no_store(Json(TranscriptAnswer { email })),
        )
            .into_response()),
        Err(NoTranscript::NoMail) => Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "This site does not send e-mail.",
        )),
        Err(NoTranscript::NoAddress) => Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "There is no e-mail address in your profile.",
        )),
        Err(NoTranscript::TooMany) => Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "This chat has sent you as many e-mails as it may today. Please try again tomorrow.",
        )),
    }
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
