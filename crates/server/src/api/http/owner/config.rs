//! A domain's draft config, the published one, and publishing the draft. The domain entry of
//! a config must be the domain itself (same id); its name, aliases, type, timezone and
//! properties are written back to the domain, so the two never disagree.

use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use axum::Json;
use bytes::Bytes;
use serde_json::Value;
use utoipa_axum::router::UtoipaMethodRouterExt;
use utoipa_axum::routes;

use crate::api::http::auth::OwnerAuth;
use crate::service::accounts::users::invalid;
use crate::service::domain_config::{
    apply_domain_entry, bind_config_to_domain, config_problems, empty_config,
};
use crate::state::AppState;
use crate::wire::api_error::ApiError;
use crate::wire::error::{ErrorBody, OwnerErrors, OwnerWriteErrors};
use crate::wire::owner::{ConfigJson, Published, SavedConfig};
use crate::wire::routes::Routes;
use crate::wire::{iso_time, no_store};
use beckon_store::{Publisher, StoreError};

use super::owned_domain;

pub(super) fn routes() -> Routes<AppState> {
    Routes::new()
        .routes(routes!(get_config, put_config).layer(DefaultBodyLimit::max(MAX_CONFIG)))
        .routes(routes!(get_published))
        .routes(routes!(publish))
}

/// A config may be larger than other request bodies.
pub const MAX_CONFIG: usize = 1024 * 1024;

fn json_text(text: String) -> Response {
    no_store((
        [(
            axum::http::header::CONTENT_TYPE,
            "application/json; charset=utf-8",
        )],
        text,
    ))
}

#[utoipa::path(
    get,
    path = "/v1/owner/domains/{id}/config",
    tag = "owner",
    summary = "The draft config (spec §3.1)",
    params(("id" = String, Path, description = "domain id")),
    security(("session" = [])),
    responses(
        (status = 200, description = "the config", body = ConfigJson),
        (status = 404, description = "no such domain", body = ErrorBody),
        OwnerErrors,
    )
)]
async fn get_config(
    State(state): State<AppState>,
    auth: OwnerAuth,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let d = owned_domain(&state, &auth, &id).await?;
    match state.store.get_draft(&d.id).await {
        Ok(draft) => Ok(json_text(draft.config_json)),
        Err(StoreError::NotFound) => Ok(json_text(empty_config(&d).to_string())),
        Err(e) => Err(e.into()),
    }
}

#[utoipa::path(
    get,
    path = "/v1/owner/domains/{id}/config/published",
    tag = "owner",
    summary = "The published config",
    params(("id" = String, Path, description = "domain id")),
    security(("session" = [])),
    responses(
        (status = 200, description = "the config", body = ConfigJson),
        (status = 404, description = "no such domain, or not published yet", body = ErrorBody),
        OwnerErrors,
    )
)]
async fn get_published(
    State(state): State<AppState>,
    auth: OwnerAuth,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let d = owned_domain(&state, &auth, &id).await?;
    match state.store.get_published(&d.id).await {
        Ok(p) => Ok(json_text(p.config_json)),
        Err(StoreError::NotFound) => Err(ApiError::not_found("this domain is not published yet")),
        Err(e) => Err(e.into()),
    }
}

#[utoipa::path(
    put,
    path = "/v1/owner/domains/{id}/config",
    tag = "owner",
    summary = "Replace the draft config (up to 1 MiB); its domain entry must be this domain and is written back to it",
    params(("id" = String, Path, description = "domain id")),
    request_body = ConfigJson,
    security(("session" = [], "csrf" = []), ("session" = [], "sameOrigin" = [])),
    responses(
        (status = 200, description = "saved", body = SavedConfig),
        (status = 400, description = "the body is not UTF-8", body = ErrorBody),
        (status = 404, description = "no such domain", body = ErrorBody),
        (status = 413, description = "the body is larger than 1 MiB", body = ErrorBody),
        (status = 422, description = "every problem, each with its JSON path: `problems`", body = ErrorBody),
        OwnerWriteErrors,
    )
)]
async fn put_config(
    State(state): State<AppState>,
    auth: OwnerAuth,
    Path(id): Path<String>,
    body: Bytes,
) -> Result<Response, ApiError> {
    let mut d = owned_domain(&state, &auth, &id).await?;
    let text = std::str::from_utf8(&body)
        .map_err(|_| ApiError::bad_request("the request body is not UTF-8"))?;
    let text = beckon_model::without_bom(text);
    let config: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        // The model words JSON syntax errors with their line and column.
        Err(_) => {
            let problems = beckon_model::validate(text).err().unwrap_or_default();
            return Err(invalid("invalid config", &problems));
        }
    };
    let problems = config_problems(&config, &d);
    if !problems.is_empty() {
        return Err(invalid("invalid config", &problems));
    }
    let entry = &config["domains"][0];
    let before = d.clone();
    apply_domain_entry(&mut d, entry);
    if d != before {
        state.store.update_domain(&d).await?;
    }
    let draft = state.store.save_draft(&d.id, &config.to_string()).await?;
    Ok(no_store(Json(SavedConfig {
        config,
        updated_at: iso_time(draft.updated_at),
    })))
}

#[utoipa::path(
    post,
    path = "/v1/owner/domains/{id}/publish",
    tag = "owner",
    summary = "Publish the draft: the hosted embed serves it from the next page view",
    params(("id" = String, Path, description = "domain id")),
    security(("session" = [], "csrf" = []), ("session" = [], "sameOrigin" = [])),
    responses(
        (status = 200, description = "published", body = Published),
        (status = 404, description = "no such domain", body = ErrorBody),
        (status = 409, description = "no draft", body = ErrorBody),
        (status = 422, description = "the draft has problems: `problems`", body = ErrorBody),
        OwnerWriteErrors,
    )
)]
async fn publish(
    State(state): State<AppState>,
    auth: OwnerAuth,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let d = owned_domain(&state, &auth, &id).await?;
    let draft = match state.store.get_draft(&d.id).await {
        Ok(x) => x,
        Err(StoreError::NotFound) => {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "nothing to publish: save a config first",
            ))
        }
        Err(e) => return Err(e.into()),
    };
    let mut config: Value = serde_json::from_str(&draft.config_json)
        .map_err(|e| StoreError::Corrupt(format!("draft config: {e}")))?;
    bind_config_to_domain(&mut config, &d);
    let problems = config_problems(&config, &d);
    if !problems.is_empty() {
        return Err(invalid("the draft config cannot be published", &problems));
    }
    let json = config.to_string();
    if json != draft.config_json {
        // The draft and what is published stay the same text.
        state.store.save_draft(&d.id, &json).await?;
    }
    // Kept in the history with who published it (publishing.rs).
    let by = Publisher {
        user_id: auth.0.user.user_id.clone(),
        name: auth.0.user.name.clone(),
    };
    let published = state
        .store
        .publish_config_by(&d.id, &json, Some(&by))
        .await?;
    tracing::info!(domain = %d.id, version = published.version, "config published");
    let origin = state.public_origin(&headers);
    Ok(no_store(Json(Published {
        version: published.version,
        etag: published.etag,
        published_at: iso_time(published.published_at),
        embed_url: format!("{origin}/d/{}.js", d.id),
    })))
}
