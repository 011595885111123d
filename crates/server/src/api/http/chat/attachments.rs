//! The files a visitor sends: what the chat accepts, and the upload.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, State};
use axum::http::HeaderMap;
use axum::response::Response;
use utoipa_axum::router::UtoipaMethodRouterExt;
use utoipa_axum::routes;

use axum::extract::multipart::{Multipart, MultipartRejection};

use super::{OpenVisitorChat, PersonaQuery, VisitorChat};
use crate::api::http::files::Uploader;
use crate::state::AppState;
use crate::wire::api_error::ApiError;
use crate::wire::chat::{Attachment, AttachmentLimits};
use crate::wire::error::ErrorBody;
use crate::wire::routes::Routes;

pub(super) fn routes() -> Routes<AppState> {
    Routes::new().routes(
        routes!(visitor_attachment_limits, visitor_upload)
            .layer(axum::extract::DefaultBodyLimit::disable()),
    )
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
    VisitorChat { channel, .. }: VisitorChat,
) -> Result<Response, ApiError> {
    crate::api::http::files::limits_answer(&state, &channel).await
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
    OpenVisitorChat(VisitorChat { channel, .. }): OpenVisitorChat,
    headers: HeaderMap,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<Response, ApiError> {
    let ip = crate::infra::geo::client_ip(peer, &headers, &state.trusted_proxies);
    if let Err(wait) = state.upload_limit.check(ip) {
        return Err(ApiError::too_many("files from this address", wait));
    }
    crate::api::http::files::upload(&state, &headers, &channel, Uploader::Visitor, multipart).await
}
