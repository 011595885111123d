//! Retention and a visitor's data: how long a domain keeps ended conversations, and one
//! visitor's conversations exported or erased by the e-mail address they gave (`chat::erasure`).

use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use axum::Json;
use utoipa_axum::routes;

use super::owned_domain;
use crate::api::http::auth::OwnerAuth;
use crate::service::chat::erasure;
use crate::state::AppState;
use crate::wire::api_error::ApiError;
use crate::wire::error::{ErrorBody, OwnerErrors, OwnerWriteErrors};
use crate::wire::privacy::{Erased, RetentionSetting, VisitorEmailBody, VisitorExport};
use crate::wire::routes::Routes;
use crate::wire::{no_store, JsonBody};
use beckon_store::MAX_RETENTION_DAYS;

pub(super) fn routes() -> Routes<AppState> {
    Routes::new()
        .routes(routes!(get_retention, set_retention))
        .routes(routes!(export_visitor_data))
        .routes(routes!(erase_visitor_data))
}

#[utoipa::path(
    get,
    path = "/v1/owner/domains/{id}/retention",
    tag = "owner",
    summary = "How long the domain keeps ended conversations",
    params(("id" = String, Path, description = "domain id")),
    security(("session" = [])),
    responses(
        (status = 200, description = "the retention", body = RetentionSetting),
        (status = 404, description = "no such domain", body = ErrorBody),
        OwnerErrors,
    )
)]
async fn get_retention(
    State(state): State<AppState>,
    auth: OwnerAuth,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let d = owned_domain(&state, &auth, &id).await?;
    let days = state.store.retention_days(&d.id).await?;
    Ok(no_store(Json(RetentionSetting { days })))
}

#[utoipa::path(
    put,
    path = "/v1/owner/domains/{id}/retention",
    tag = "owner",
    summary = "Set how long the domain keeps ended conversations (and their files)",
    params(("id" = String, Path, description = "domain id")),
    request_body = RetentionSetting,
    security(("session" = [], "csrf" = []), ("session" = [], "sameOrigin" = [])),
    responses(
        (status = 200, description = "the retention now", body = RetentionSetting),
        (status = 400, description = "days out of range", body = ErrorBody),
        (status = 404, description = "no such domain", body = ErrorBody),
        OwnerWriteErrors,
    )
)]
async fn set_retention(
    State(state): State<AppState>,
    auth: OwnerAuth,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<RetentionSetting>,
) -> Result<Response, ApiError> {
    let d = owned_domain(&state, &auth, &id).await?;
    if let Some(days) = body.days {
        if !(1..=MAX_RETENTION_DAYS).contains(&days) {
            return Err(ApiError::bad_request(format!(
                "days must be from 1 to {MAX_RETENTION_DAYS}, or null to keep conversations until they are erased"
            )));
        }
    }
    state.store.set_retention_days(&d.id, body.days).await?;
    Ok(Json(RetentionSetting { days: body.days }).into_response())
}

/// The address of a visitor-data request, or a 400 that says what is wrong.
fn visitor_email(body: &VisitorEmailBody) -> Result<&str, ApiError> {
    match body.email.as_deref().map(str::trim) {
        Some(e) if beckon_model::is_email(e) => Ok(e),
        _ => Err(ApiError::bad_request(
            "email: give the e-mail address the visitor entered in the chat, such as ann@example.com",
        )),
    }
}

#[utoipa::path(
    post,
    path = "/v1/owner/visitor-data/export",
    tag = "owner",
    summary = "Everything kept about the visitors who gave an e-mail address, on your domains",
    request_body = VisitorEmailBody,
    security(("session" = [], "csrf" = []), ("session" = [], "sameOrigin" = [])),
    responses(
        (status = 200, description = "the visitor's data (no conversations: nothing is kept)", body = VisitorExport),
        (status = 400, description = "not an e-mail address", body = ErrorBody),
        OwnerWriteErrors,
    )
)]
async fn export_visitor_data(
    State(state): State<AppState>,
    auth: OwnerAuth,
    JsonBody(body): JsonBody<VisitorEmailBody>,
) -> Result<Response, ApiError> {
    let email = visitor_email(&body)?;
    let export = erasure::export(&*state.store, Some(&auth.0.user.org_id), email).await?;
    Ok(no_store(Json(export)))
}

#[utoipa::path(
    post,
    path = "/v1/owner/visitor-data/erase",
    tag = "owner",
    summary = "Erase the conversations (and files) of the visitors who gave an e-mail address, on your domains",
    request_body = VisitorEmailBody,
    security(("session" = [], "csrf" = []), ("session" = [], "sameOrigin" = [])),
    responses(
        (status = 200, description = "what was erased", body = Erased),
        (status = 400, description = "not an e-mail address", body = ErrorBody),
        OwnerWriteErrors,
    )
)]
async fn erase_visitor_data(
    State(state): State<AppState>,
    auth: OwnerAuth,
    JsonBody(body): JsonBody<VisitorEmailBody>,
) -> Result<Response, ApiError> {
    let email = visitor_email(&body)?;
    let erased = erasure::erase(
        &*state.store,
        &state.files,
        Some(&auth.0.user.org_id),
        email,
    )
    .await
    .map_err(|e| {
        tracing::error!(error = %e, "visitor data: erasure failed");
        ApiError::internal()
    })?;
    tracing::info!(
        conversations = erased.conversations,
        "visitor data erased by an owner"
    );
    Ok(Json(erased).into_response())
}
