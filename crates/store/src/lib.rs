//! Storage, the crate below every layer of the server: the [`Store`] trait and its two
//! implementations over sqlx, SQLite (the embedded default, `sqlite.rs`) and PostgreSQL
//! (`postgres.rs`). It imports only `beckon_model`, so Cargo keeps it the bottom layer.
//!
//! The trait is one per aggregate, and each aggregate is a folder: `mod.rs` holds its trait and
//! its rows, `sql.rs` its SQL, the one text both backends run (a macro expanded for each pool
//! type, so the two cannot drift apart). A query is read beside the trait method and the row it
//! fills, one folder each: `accounts/`; `domains/` with drafts, versions and sightings; `chats/`;
//! `statistics/`; `jobs/`, the outbound queue; `push/`, Web Push subscriptions and server keys;
//! `choices/`, what each agent is told about; `ratings/`, the visitors' ratings of their chats;
//! `retention/`, how long chats are kept and erasing them; `webhooks/`, webhooks and their
//! deliveries; `attachments/`, files sent in chats; `notes/`, agents' private notes on chats, a
//! table of their own that no read of messages can return; `canned/`, an organisation's canned
//! replies. What the aggregates' SQL shares is `sql.rs`; each backend has its own migrations under
//! `migrations/{sqlite,postgres}`; `tests/conformance/` holds them to one behaviour.
//!
//! Times are Unix milliseconds, read from the [`Clock`] the store is opened with; JSON columns
//! are text (the published config keeps its bytes), read into a row's field through the rows' own
//! `json_text.rs`, so no trait file imports the SQL.

use std::sync::Arc;

use async_trait::async_trait;

mod accounts;
mod attachments;
mod canned;
mod chats;
mod choices;
mod clock;
pub mod config_defaults;
mod domains;
mod group_commit;
mod jobs;
mod json_text;
mod notes;
mod postgres;
mod push;
mod ratings;
mod retention;
mod sql;
mod sqlite;
mod statistics;
pub mod visits;
pub mod webhooks;

pub use accounts::{Accounts, NewUser, Organisation, Role, Session, User};
pub use attachments::{AttachmentLimitsRow, AttachmentRow, Attachments};
pub use canned::{CannedReplies, CannedReply};
pub use chats::{
    AssignedFilter, Channel, ChannelQuery, ChannelStatus, ChannelSummary, Chats, Inserted, Message,
    NewMessage, NewPersona, Persona, PersonaType,
};
pub use choices::{About, Choices, NotifyChoices};
pub use clock::{Clock, ManualClock, SystemClock};
pub use domains::{
    ConfigVersion, Domain, Domains, DraftConfig, EmbedSighting, NewDomain, PublishedConfig,
    Publisher, MAX_SIGHTINGS_PER_DOMAIN,
};
pub use jobs::{Dead, Job, Jobs, NewJob};
pub use notes::{Note, Notes};
pub use postgres::PgStore;
pub use push::{Push, PushSubscription};
pub use ratings::{Rating, RatingTally, Ratings, MAX_SCORE, MIN_SCORE};
pub use retention::{
    erased_id_hash, ChatRef, KeptAbout, KeptDelivery, Retention, MAX_RETENTION_DAYS,
};
pub use sqlite::SqliteStore;
pub use statistics::{ItemStatsCount, ItemStatsKey, Statistics, StatsCount, StatsKey};
pub use visits::{VisitorContext, VisitorPage, Visits};
pub use webhooks::{
    Attempt, DeliveryStatus, NewWebhook, Webhook, WebhookDelivery, WebhookEvent, Webhooks,
    KEPT_DELIVERIES, WEBHOOK_JOB,
};

/// What a store call can fail with.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("not found")]
    NotFound,
    /// A uniqueness rule was hit (e.g. a second user with the same e-mail).
    #[error("conflict: {0}")]
    Conflict(String),
    /// A new message for a channel that has ended.
    #[error("the chat has ended")]
    ChannelEnded,
    /// A message's client id is taken in its chat by another sender's message.
    #[error("{CLIENT_ID_TAKEN}")]
    ClientIdTaken,
    /// Text no backend may keep (U+0000): refused the same way on SQLite and PostgreSQL.
    #[error("{0}")]
    Invalid(String),
    #[error("stored data is invalid: {0}")]
    Corrupt(String),
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
    #[error("migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
}

pub type StoreResult<T> = Result<T, StoreError>;

/// Refuses U+0000 in any of `texts` (named fields): PostgreSQL cannot store it, so neither
/// backend does. Validation refuses it before; this keeps the two stores the same regardless.
pub(crate) fn refuse_nul<'a>(
    texts: impl IntoIterator<Item = (&'static str, Option<&'a str>)>,
) -> StoreResult<()> {
    match texts
        .into_iter()
        .find(|(_, t)| t.is_some_and(|t| t.contains('\0')))
    {
        Some((field, _)) => Err(StoreError::Invalid(format!(
            "{field}: {}",
            beckon_model::NUL_REFUSED
        ))),
        None => Ok(()),
    }
}

/// What [`StoreError::ClientIdTaken`] says, on HTTP (409) and the realtime socket (`error` 409).
pub const CLIENT_ID_TAKEN: &str =
    "this clientId was already used by someone else in this chat; send the message with a new clientId";

/// Milliseconds since the Unix epoch, now, by the system's clock (the store reads its [`Clock`]).
pub fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

/// A fresh random id (UUID v4, hyphenated).
pub fn new_id() -> String {
    uuid::Uuid::new_v4().to_string()
}

/// A fresh id for a chat message (UUID v7: the time first, then 74 random bits). Ids made one
/// after another sort one after another, so each new message's entry in the id index lands on
/// its last page instead of a random page of it: on SQLite one page less per message to write
/// and to checkpoint (a message id names a message; it is never a secret).
pub fn new_message_id() -> String {
    uuid::Uuid::now_v7().to_string()
}

/// Everything Beckon keeps, one trait per aggregate. Object safe: the server holds an
/// `Arc<dyn Store>`, whose methods include those of the aggregates'.
#[async_trait]
pub trait Store:
    Accounts
    + Domains
    + Chats
    + Statistics
    + Jobs
    + Push
    + Choices
    + Visits
    + Ratings
    + Notes
    + CannedReplies
    + Retention
    + Webhooks
    + Attachments
    + Send
    + Sync
    + 'static
{
    /// `sqlite` or `postgres`.
    fn backend(&self) -> &'static str;
    /// A trivial query: the database answers (readiness, `infra/ready.rs`).
    async fn ping(&self) -> StoreResult<()>;
    /// Now, by the store's clock: what it stamps on rows, and what callers that pass times in
    /// (ending a chat, say) should read too.
    fn now(&self) -> i64;
}

/// Opens the store a `DATABASE_URL` names (`sqlite:…` or `postgres://…`) and migrates it; it
/// stamps times read from `clock`.
pub async fn connect(database_url: &str, clock: Arc<dyn Clock>) -> anyhow::Result<Arc<dyn Store>> {
    if database_url.starts_with("sqlite:") {
        Ok(Arc::new(SqliteStore::connect(database_url, clock).await?))
    } else if database_url.starts_with("postgres://") || database_url.starts_with("postgresql://") {
        Ok(Arc::new(PgStore::connect(database_url, clock).await?))
    } else {
        anyhow::bail!(
            "DATABASE_URL must start with sqlite: or postgres:// (got {:?})",
            database_url.split(':').next().unwrap_or("")
        )
    }
}

/// The data migrations, run once per database after the schema's (both stores' `connect`): the
/// builder's old English defaults out of every config (`config_defaults.rs`).
async fn migrate_data(store: &dyn Domains) -> StoreResult<()> {
    let name = config_defaults::MIGRATION;
    if let Some(changed) = store
        .migrate_configs_once(name, config_defaults::rewrite)
        .await?
    {
        tracing::info!(migration = name, changed, "data migration ran");
    }
    Ok(())
}

/// The ETag a published config gets: the first 32 hex digits of its SHA-256.
pub fn config_etag(config_json: &str) -> String {
    use sha2::Digest;
    let digest = sha2::Sha256::digest(config_json.as_bytes());
    digest[..16].iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Message ids made one after another sort one after another (so SQLite appends each to the
    /// id index's last page), and stay unique within the same millisecond.
    #[test]
    fn message_ids_sort_in_creation_order() {
        let ids: Vec<String> = (0..2000).map(|_| new_message_id()).collect();
        let mut sorted = ids.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted, ids);
    }
}
