//! The owner API, under `/api/v1/owner` (owners only, scoped to their organisation: another
//! organisation's domain or user answers 404).
//!
//! Each route, with its bodies and answers: `/api/docs` on a running server, or docs/openapi.json.
//!
//! One file per resource: `domains`, `config` (draft, published, publish), `publishing`
//! (versions, restore, the installation check), `stats`, `agents`, `privacy` (retention, a
//! visitor's data exported or erased), `webhooks`, `attachments` (what files chats accept).
//! Validation errors are 422
//! `{"error": "…", "problems": [{"path", "message"}, …]}`.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};

use super::auth::{path_param, OwnerAuth};
use crate::state::AppState;
use crate::wire::api_error::ApiError;
use crate::wire::routes::Routes;
use beckon_store::{Domain, StoreError};

mod agents;
mod attachments;
mod config;
mod domains;
mod privacy;
mod publishing;
mod stats;
mod webhooks;

pub fn routes() -> Routes<AppState> {
    Routes::new()
        .merge(domains::routes())
        .merge(config::routes())
        .merge(publishing::routes())
        .merge(stats::routes())
        .merge(agents::routes())
        .merge(privacy::routes())
        .merge(webhooks::routes())
        .merge(attachments::routes())
}

/// The domain the route's `{id}` names, of the logged-in owner's organisation: the owner is
/// checked first (401/403), then another organisation's domain, or none, answers 404.
pub(crate) struct OwnedDomain {
    pub auth: OwnerAuth,
    pub domain: Domain,
}

impl FromRequestParts<AppState> for OwnedDomain {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Response> {
        let auth = OwnerAuth::from_request_parts(parts, state)
            .await
            .map_err(IntoResponse::into_response)?;
        let id = path_param(parts, state, "id").await?;
        let domain = owned_domain(state, &auth.0.user.org_id, &id)
            .await
            .map_err(IntoResponse::into_response)?;
        Ok(OwnedDomain { auth, domain })
    }
}

/// The domain, if it belongs to the organisation (else 404).
pub(crate) async fn owned_domain(
    state: &AppState,
    org_id: &str,
    id: &str,
) -> Result<Domain, ApiError> {
    match state.store.get_domain(id).await {
        Ok(d) if d.org_id == org_id => Ok(d),
        Ok(_) | Err(StoreError::NotFound) => Err(ApiError::not_found("no such domain")),
        Err(e) => Err(e.into()),
    }
}
