//! What a domain's chats accept as files (docs/attachments.md): the largest size and the media
//! types, read from each file's bytes at upload.

use axum::extract::{Path, State};
use axum::response::Response;
use axum::Json;
use beckon_model::Problem;
use utoipa_axum::routes;

use super::owned_domain;
use crate::api::http::auth::OwnerAuth;
use crate::api::http::files::checked_limits;
use crate::service::accounts::users::invalid;
use crate::state::AppState;
use crate::wire::api_error::ApiError;
use crate::wire::chat::AttachmentLimits;
use crate::wire::error::{ErrorBody, OwnerErrors, OwnerWriteErrors};
use crate::wire::routes::Routes;
use crate::wire::{no_store, JsonBody};
use beckon_store::AttachmentLimitsRow;

pub(super) fn routes() -> Routes<AppState> {
    Routes::new().routes(routes!(get_attachment_limits, put_attachment_limits))
}

#[utoipa::path(
    get,
    path = "/v1/owner/domains/{id}/attachments",
    tag = "owner",
    summary = "What files the domain's chats accept (the defaults until set)",
    params(("id" = String, Path, description = "domain id")),
    security(("session" = [])),
    responses(
        (status = 200, description = "the limits", body = AttachmentLimits),
        (status = 404, description = "no such domain", body = ErrorBody),
        OwnerErrors,
    )
)]
async fn get_attachment_limits(
    State(state): State<AppState>,
    auth: OwnerAuth,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let d = owned_domain(&state, &auth, &id).await?;
    let l = crate::infra::attachments::limits(&*state.store, &d.id).await?;
    Ok(no_store(Json(AttachmentLimits {
        max_bytes: l.max_bytes,
        types: l.types,
    })))
}

#[utoipa::path(
    put,
    path = "/v1/owner/domains/{id}/attachments",
    tag = "owner",
    summary = "Set what files the domain's chats accept",
    params(("id" = String, Path, description = "domain id")),
    request_body = AttachmentLimits,
    security(("session" = [], "csrf" = []), ("session" = [], "sameOrigin" = [])),
    responses(
        (status = 200, description = "kept", body = AttachmentLimits),
        (status = 404, description = "no such domain", body = ErrorBody),
        (status = 422, description = "a size out of range or a malformed type: `problems` lists each", body = ErrorBody),
        OwnerWriteErrors,
    )
)]
async fn put_attachment_limits(
    State(state): State<AppState>,
    auth: OwnerAuth,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<AttachmentLimits>,
) -> Result<Response, ApiError> {
    let d = owned_domain(&state, &auth, &id).await?;
    let limits = checked_limits(&body).map_err(|p| {
        let list: Vec<Problem> = p.into_iter().map(|(k, m)| Problem::new(k, m)).collect();
        invalid("invalid attachment limits", &list)
    })?;
    let row = AttachmentLimitsRow {
        max_bytes: limits.max_bytes,
        types: limits.types,
    };
    state.store.set_attachment_limits(&d.id, &row).await?;
    Ok(no_store(Json(AttachmentLimits {
        max_bytes: row.max_bytes,
        types: row.types,
    })))
}
