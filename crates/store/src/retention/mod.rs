//! Retention and erasure: how long each domain keeps its ended conversations, which
//! conversations are past that, which belong to a visitor's e-mail address, and removing
//! conversations with everything that hangs off them (messages, read marks, the visit, the
//! rating and what later tables tie to a chat by `ON DELETE CASCADE`), then their visitor
//! personas. Files are removed by the caller (`chat::erasure`), which knows the file store.

/// The SQL of this aggregate, one text for both backends.
pub(crate) mod sql;

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

/// What a conversation keeps about its visitor beyond its messages, notes, visit and rating,
/// for their export (`chat::erasure::export`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct KeptAbout {
    /// How far the visitor has read (seq) and when the mark last moved.
    pub read: Option<(i64, i64)>,
    /// When mail went to the visitor (the bounds' log, a day long).
    pub mails_sent_at: Vec<i64>,
    /// What webhooks were sent about the conversation, oldest first.
    pub webhook_deliveries: Vec<KeptDelivery>,
    /// Every file uploaded to the conversation (sent in a message or not), oldest first.
    pub files: Vec<super::AttachmentRow>,
}

/// A webhook delivery about a conversation: the event, what was sent and how it went.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct KeptDelivery {
    pub event_type: String,
    pub body: String,
    pub status: String,
    pub created_at: i64,
}

#[async_trait]
pub trait Retention {
    /// [`KeptAbout`] the conversation `channel_id` and its visitor `visitor_id`.
    async fn kept_about(&self, channel_id: &str, visitor_id: &str) -> StoreResult<KeptAbout>;
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
    /// [`Retention::delete_chats`] for a visitor's erasure: in the same transaction, the
    /// [`erased_id_hash`] of each conversation's id and of its visitor persona's id is kept, so
    /// that a browser still holding them is refused ([`Retention::was_erased`]).
    async fn erase_chats(&self, ids: &[String]) -> StoreResult<u64>;
    /// Whether `id` (a conversation's or a visitor persona's) was erased.
    async fn was_erased(&self, id: &str) -> StoreResult<bool>;
}

/// What an erasure keeps of an id: its SHA-256 (hex). The ids are random, so the hash names
/// nobody and cannot be turned back into the id. Pure.
pub fn erased_id_hash(id: &str) -> String {
    use sha2::Digest;
    let digest = sha2::Sha256::digest(id.as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}
