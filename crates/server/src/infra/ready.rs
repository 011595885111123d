//! Readiness: what `GET /readyz` checks before it says this instance can take traffic. The store
//! is always checked; other parts a deployment depends on (e.g. a shared broker) add a [`Ready`]
//! to [`crate::AppState::ready`] when they are configured.

use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;

use beckon_store::Store;

/// How long one check may take before it counts as failed.
pub const CHECK_TIMEOUT: Duration = Duration::from_secs(2);

/// One dependency the instance needs to serve.
#[async_trait]
pub trait Ready: Send + Sync + 'static {
    /// Its name in the answer, e.g. `store`.
    fn name(&self) -> &'static str;
    /// `Err` with the reason (for the log) when it cannot be used now.
    async fn check(&self) -> Result<(), String>;
}

/// The database answers a trivial query.
pub struct StoreReady(pub Arc<dyn Store>);

#[async_trait]
impl Ready for StoreReady {
    fn name(&self) -> &'static str {
        "store"
    }

    async fn check(&self) -> Result<(), String> {
        self.0.ping().await.map_err(|e| e.to_string())
    }
}

/// Runs every check side by side: each name with whether it passed. Failures are logged with
/// their reason, which the public answer leaves out (it may name hosts).
pub async fn check_all(checks: &[Arc<dyn Ready>]) -> Vec<(&'static str, bool)> {
    let runs = checks.iter().map(|c| async move {
        let ok = match tokio::time::timeout(CHECK_TIMEOUT, c.check()).await {
            Ok(Ok(())) => true,
            Ok(Err(reason)) => {
                tracing::warn!(check = c.name(), %reason, "readiness check failed");
                false
            }
            Err(_) => {
                tracing::warn!(check = c.name(), "readiness check timed out");
                false
            }
        };
        (c.name(), ok)
    });
    futures_util::future::join_all(runs).await
}
