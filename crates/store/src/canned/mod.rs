//! Canned replies: an organisation's ready-made answers, each under a shortcut unique in the
//! organisation, and whether its agents may edit them (owners always may).

/// The SQL of this aggregate, one text for both backends.
pub(crate) mod sql;

use async_trait::async_trait;

use super::StoreResult;

/// A canned reply.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct CannedReply {
    pub id: String,
    pub org_id: String,
    pub shortcut: String,
    pub text: String,
    pub created_at: i64,
    pub updated_at: i64,
}

/// Canned replies (`sql/canned.rs`). Every call names the organisation: another organisation's
/// reply is `NotFound`, as if it were not there.
#[async_trait]
pub trait CannedReplies: Send + Sync {
    /// The organisation's canned replies, by shortcut.
    async fn canned_replies(&self, org_id: &str) -> StoreResult<Vec<CannedReply>>;
    /// A new canned reply; `Conflict` when the shortcut is taken in the organisation.
    async fn create_canned_reply(
        &self,
        org_id: &str,
        shortcut: &str,
        text: &str,
    ) -> StoreResult<CannedReply>;
    /// Changes a canned reply's shortcut and text; `NotFound`, or `Conflict` for a taken shortcut.
    async fn update_canned_reply(
        &self,
        org_id: &str,
        id: &str,
        shortcut: &str,
        text: &str,
    ) -> StoreResult<CannedReply>;
    /// Removes a canned reply; `NotFound` when the organisation has no such reply.
    async fn delete_canned_reply(&self, org_id: &str, id: &str) -> StoreResult<()>;
    /// Whether the organisation's agents may edit its canned replies (default: no).
    async fn agents_may_edit_canned(&self, org_id: &str) -> StoreResult<bool>;
    async fn set_agents_may_edit_canned(&self, org_id: &str, allowed: bool) -> StoreResult<()>;
}
