//! Agent presence from the HTTP API: `online` takes a lease on every domain of the agent's
//! organisation for [`LEASE`]; the console renews it (or the realtime hub does while the
//! agent's socket is open). `away` gives the leases up.

use std::time::Duration;

use super::SessionUser;
use crate::error::ApiError;
use crate::state::AppState;

/// How long an `online` lasts without renewal.
pub const LEASE: Duration = Duration::from_secs(90);

pub async fn go_online(state: &AppState, user: &SessionUser) -> Result<Vec<String>, ApiError> {
    let domains: Vec<String> = state
        .store
        .list_domains(&user.org_id)
        .await?
        .into_iter()
        .map(|d| d.id)
        .collect();
    for d in &domains {
        state.presence.agent_online(d, &user.user_id, LEASE).await;
    }
    crate::chat::set_agent_status(state, &user.user_id, &domains, true).await;
    Ok(domains)
}

/// Gives up the user's leases (best effort: logout must not fail on it).
pub async fn go_away(state: &AppState, user: &SessionUser) {
    let domains: Vec<String> = match state.store.list_domains(&user.org_id).await {
        Ok(d) => d.into_iter().map(|d| d.id).collect(),
        Err(e) => {
            tracing::warn!(error = %e, "presence: cannot list domains");
            return;
        }
    };
    for d in &domains {
        state.presence.agent_offline(d, &user.user_id).await;
    }
    crate::chat::set_agent_status(state, &user.user_id, &domains, false).await;
}
