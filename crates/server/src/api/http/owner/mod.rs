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

use super::auth::OwnerAuth;
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

/// The domain, if it belongs to the owner's organisation (else 404).
pub(crate) async fn owned_domain(
    state: &AppState,
    auth: &OwnerAuth,
    id: &str,
) -> Result<Domain, ApiError> {
    match state.store.get_domain(id).await {
        Ok(d) if d.org_id == auth.0.user.org_id => Ok(d),
        Ok(_) | Err(StoreError::NotFound) => Err(ApiError::not_found("no such domain")),
        Err(e) => Err(e.into()),
    }
}
