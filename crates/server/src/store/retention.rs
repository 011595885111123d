//! Retention and erasure: how long each domain keeps its ended conversations, which
//! conversations are past that, which belong to a visitor's e-mail address, and removing
//! conversations with everything that hangs off them (messages, read marks, the visit, the
//! rating and what later tables tie to a chat by `ON DELETE CASCADE`), then their visitor
//! personas. Files are removed by the caller (`chat::erasure`), which knows the file store.

use async_trait::async_trait;

use super::StoreResult;

/// The longest retention an owner may set (ten years).
pub const MAX_RETENTION_DAYS: i64 = 3650;

/// A conversation to remove: its id and its domain (files are kept per domain and chat).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ChatRef {
    pub id: String,
    pub domain_id: String,
}

#[async_trait]
pub trait Retention {
    /// How many days `domain_id` keeps ended conversations; `None`: until erased.
    async fn retention_days(&self, domain_id: &str) -> StoreResult<Option<i64>>;
    /// Sets it (`None`: keep them). `NotFound` for a domain that is not there.
    async fn set_retention_days(&self, domain_id: &str, days: Option<i64>) -> StoreResult<()>;
    /// At most `limit` ended conversations whose domain's retention has passed at `now`.
    async fn expired_chats(&self, now: i64, limit: i64) -> StoreResult<Vec<ChatRef>>;
    /// The conversations whose visitor gave `email` (compared without case), of the
    /// organisation `org_id`'s domains, or of every domain with `None` (the CLI).
    async fn chats_of_email(&self, org_id: Option<&str>, email: &str) -> StoreResult<Vec<ChatRef>>;
    /// Removes these conversations and everything of theirs in one transaction, and the
    /// visitor personas no other conversation names. Answers how many conversations went.
    async fn delete_chats(&self, ids: &[String]) -> StoreResult<u64>;
}
