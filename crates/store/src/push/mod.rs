//! Web Push subscriptions (each agent's browsers) and the keys the server makes once and every
//! instance shares (the VAPID key pair): `service/outbound/push.rs` uses both.

/// The SQL of this aggregate, one text for both backends.
pub(crate) mod sql;

use async_trait::async_trait;

use super::StoreResult;

/// A browser's subscription (`PushSubscription.toJSON()`): where to push, and its keys
/// (base64url, as the browser gives them).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct PushSubscription {
    pub endpoint: String,
    pub user_id: String,
    pub p256dh: String,
    pub auth: String,
    pub created_at: i64,
}

#[async_trait]
pub trait Push: Send + Sync {
    /// Keeps the subscription for `user_id` (an endpoint seen before is the same browser: its
    /// keys and owner are replaced). A user keeps at most `max_per_user`: the oldest go.
    async fn save_push_subscription(
        &self,
        user_id: &str,
        endpoint: &str,
        p256dh: &str,
        auth: &str,
        max_per_user: i64,
    ) -> StoreResult<()>;
    /// Removes the user's subscription with this endpoint; `false` when there was none.
    async fn delete_push_subscription(&self, user_id: &str, endpoint: &str) -> StoreResult<bool>;
    /// Removes a subscription whoever holds it (its push service said it is gone).
    async fn forget_push_endpoint(&self, endpoint: &str) -> StoreResult<()>;
    /// The user's subscriptions, oldest first.
    async fn push_subscriptions(&self, user_id: &str) -> StoreResult<Vec<PushSubscription>>;
    /// The value kept under `name`, or `value` kept now if none was: the first instance to ask
    /// decides, every other reads the same.
    async fn server_key(&self, name: &str, value: &str) -> StoreResult<String>;
}
