//! Agent availability from the HTTP API: `online` takes a lease on every domain of the agent's
//! organisation for [`LEASE`]; the console renews it (or the realtime hub does while the
//! agent's socket is open). `away` gives the leases up.

use std::time::Duration;

use crate::state::AppState;
use crate::wire::api_error::ApiError;

/// How long an `online` lasts without renewal.
pub const LEASE: Duration = Duration::from_secs(90);

/// Takes a lease on every domain of organisation `org_id` for agent `user_id`.
pub async fn go_online(
    state: &AppState,
    org_id: &str,
    user_id: &str,
) -> Result<Vec<String>, ApiError> {
    let domains: Vec<String> = state
        .store
        .list_domains(org_id)
        .await?
        .into_iter()
        .map(|d| d.id)
        .collect();
    for d in &domains {
        state.presence.agent_online(d, user_id, LEASE).await;
    }
    super::set_agent_status(state, user_id, &domains, true).await;
    Ok(domains)
}

/// Gives up the user's leases (best effort: logout must not fail on it).
pub async fn go_away(state: &AppState, org_id: &str, user_id: &str) {
    let domains: Vec<String> = match state.store.list_domains(org_id).await {
        Ok(d) => d.into_iter().map(|d| d.id).collect(),
        Err(e) => {
            tracing::warn!(error = %e, "presence: cannot list domains");
            return;
        }
    };
    for d in &domains {
        state.presence.agent_offline(d, user_id).await;
    }
    super::set_agent_status(state, user_id, &domains, false).await;
}
