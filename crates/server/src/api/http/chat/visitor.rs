//! The visitor's own chat: the channel, its history, a realtime token, the rating, the transcript.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use utoipa_axum::routes;

use super::{
    channel_not_found, channel_response, optional_domain, HistoryPage, OpenVisitorChat,
    PersonaQuery, VisitorChat,
};
use crate::service::accounts::users::invalid;
use crate::service::chat;
use crate::service::outbound::notify::NoTranscript;
use crate::state::AppState;
use crate::wire::api_error::ApiError;
use crate::wire::chat::{
    ChannelAnswer, History, Rating, RatingBody, TokenAnswer, TranscriptAnswer,
};
use crate::wire::error::ErrorBody;
use crate::wire::routes::Routes;
use crate::wire::{no_store, ApiQuery, JsonBody};
use beckon_store::now_ms;

pub(super) fn routes() -> Routes<AppState> {
    Routes::new()
        .routes(routes!(get_channel))
        .routes(routes!(history))
        .routes(routes!(token))
        .routes(routes!(transcript))
        .routes(routes!(rate))
}

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
    OpenVisitorChat(VisitorChat {
        channel,
        persona_id,
    }): OpenVisitorChat,
) -> Result<Response, ApiError> {
    let persona = state.store.get_persona(&persona_id).await?;
    let domain = optional_domain(&state, &channel.domain_id).await?;
    Ok(channel_response(&channel, domain.as_ref(), &persona))
}

#[utoipa::path(
    get,
    path = "/v1/chat/public/channel/{channel_id}/history",
    operation_id = "visitor_history",
    tag = "chat",
    summary = "Messages of a channel; an ended chat's too (`status` says so)",
    params(("channel_id" = String, Path, description = "chat channel id"), PersonaQuery, HistoryPage),
    responses(
        (status = 200, description = "messages", body = History),
        (status = 400, description = "personaId missing, or after/limit not a number", body = ErrorBody),
        (status = 404, description = "unknown channel or not this persona's", body = ErrorBody),
    )
)]
async fn history(
    State(state): State<AppState>,
    // An ended chat's history is still its own visitor's to read (the widget shows it, read-only).
    VisitorChat { channel, .. }: VisitorChat,
    ApiQuery(q): ApiQuery<HistoryPage>,
) -> Result<Response, ApiError> {
    let history = chat::history(&*state.store, &channel, q.after(), q.limit(), true).await?;
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
    OpenVisitorChat(VisitorChat {
        channel,
        persona_id,
    }): OpenVisitorChat,
) -> Result<Response, ApiError> {
    let (token, claims) = state.tokens.issue(&channel.id, &persona_id, now_ms());
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
    // Ended or not: a chat is rated when it is over, whoever ended it.
    VisitorChat { channel, .. }: VisitorChat,
    JsonBody(body): JsonBody<RatingBody>,
) -> Result<Response, ApiError> {
    let (score, comment) =
        chat::rating::parse(&body).map_err(|problems| invalid("invalid rating", &problems))?;
    let rating = chat::rating::rate(&state, &channel, score, comment.as_deref()).await?;
    Ok(no_store(Json(Rating::from(&rating))))
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
    VisitorChat { channel, .. }: VisitorChat,
) -> Result<Response, ApiError> {
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
