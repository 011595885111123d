//! The SQL both backends share, one file per aggregate. SQLite (3.35+) and PostgreSQL agree on
//! everything used here: `$n` parameters, `RETURNING`, `ON CONFLICT … DO UPDATE`, `excluded`.
//! Each aggregate's trait impl is written once as a macro and expanded for each pool type, so
//! the two cannot drift apart; rows are read by `#[derive(sqlx::FromRow)]` on the store's types.
//!
//! [`impl_sql_store!`] expands them all for a `$store` with the inherent methods
//! - `reader(&self) -> &Pool`: for statements that only read;
//! - `writer(&self) -> &Pool`: for every statement that writes, outside a transaction;
//! - `begin_write(&self) -> Result<Transaction<'static, _>, sqlx::Error>`: for every
//!   transaction that writes (SQLite starts it `IMMEDIATE`, on its single writer connection);
//! - `messages(&self) -> &MessageWriter`: the group commit of chat messages
//!   (`group_commit.rs`);
//! - `clock(&self) -> &dyn Clock`: the time it stamps.
//!
//! Every write must go through `writer`/`begin_write`: on SQLite the reader pool is
//! `query_only`, so a write sent to it fails at once instead of racing for the file's lock.

mod accounts;
pub(crate) mod attachments;
pub(crate) mod canned;
pub(crate) mod chats;
mod choices;
mod domains;
mod jobs;
pub(crate) mod notes;
mod push;
pub(crate) mod ratings;
mod retention;
mod statistics;
mod visits;
mod webhooks;

/// `true` when the error is a unique-constraint violation.
pub(crate) fn is_unique_violation(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(d) if d.is_unique_violation())
}

/// `true` when the error is a foreign-key violation (a row for a domain that is not there).
pub(crate) fn is_foreign_key_violation(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(d) if d.is_foreign_key_violation())
}

/// A write whose parent row (a chat, an organisation) is not there: `NotFound`; other errors as
/// they are.
pub(crate) fn parent_missing(e: sqlx::Error) -> super::StoreError {
    if is_foreign_key_violation(&e) {
        super::StoreError::NotFound
    } else {
        e.into()
    }
}

/// A JSON value kept in a text column (both backends: the published config keeps its bytes),
/// read into the field's type by `#[sqlx(try_from = "JsonText")]`.
#[derive(sqlx::Type)]
#[sqlx(transparent)]
pub struct JsonText(String);

impl TryFrom<JsonText> for serde_json::Value {
    type Error = serde_json::Error;
    fn try_from(text: JsonText) -> Result<Self, Self::Error> {
        serde_json::from_str(&text.0)
    }
}

impl TryFrom<JsonText> for Vec<String> {
    type Error = serde_json::Error;
    fn try_from(text: JsonText) -> Result<Self, Self::Error> {
        serde_json::from_str(&text.0)
    }
}

/// `NotFound` for a row that is not there.
pub(crate) fn found<T>(row: Option<T>) -> super::StoreResult<T> {
    row.ok_or(super::StoreError::NotFound)
}

/// `NotFound` when a write touched no row.
pub(crate) fn touched(done: u64) -> super::StoreResult<()> {
    if done == 0 {
        return Err(super::StoreError::NotFound);
    }
    Ok(())
}

/// Expands `Store` and the aggregates' traits for `$store` (see the module's comment).
macro_rules! impl_sql_store {
    ($store:ty, $db:ty, $backend:literal, $claim_lock:literal) => {
        $crate::store::sql::impl_accounts!($store);
        $crate::store::sql::impl_domains!($store, $db);
        $crate::store::sql::impl_chats!($store, $db);
        $crate::store::sql::impl_statistics!($store);
        $crate::store::sql::impl_jobs!($store, $claim_lock);
        $crate::store::sql::impl_push!($store);
        $crate::store::sql::impl_choices!($store);
        $crate::store::sql::impl_visits!($store);
        $crate::store::sql::impl_ratings!($store);
        $crate::store::sql::impl_notes!($store);
        $crate::store::sql::impl_canned!($store);
        $crate::store::sql::impl_retention!($store);
        $crate::store::sql::impl_webhooks!($store, $db);
        $crate::store::sql::impl_attachments!($store);

        #[async_trait::async_trait]
        impl $crate::store::Store for $store {
            fn backend(&self) -> &'static str {
                $backend
            }

            async fn ping(&self) -> $crate::store::StoreResult<()> {
                sqlx::query("SELECT 1").execute(self.reader()).await?;
                Ok(())
            }

            fn now(&self) -> i64 {
                $crate::store::Clock::now_ms(self.clock())
            }
        }
    };
}

pub(crate) use accounts::{impl_accounts, user_cols};
pub(crate) use attachments::impl_attachments;
pub(crate) use canned::impl_canned;
pub(crate) use chats::{channel_cols, impl_chats, message_cols, persona_cols};
pub(crate) use choices::impl_choices;
pub(crate) use domains::{domain_cols, impl_domains};
pub(crate) use impl_sql_store;
pub(crate) use jobs::impl_jobs;
pub(crate) use notes::impl_notes;
pub(crate) use push::impl_push;
pub(crate) use ratings::impl_ratings;
pub(crate) use retention::impl_retention;
pub(crate) use statistics::impl_statistics;
pub(crate) use visits::impl_visits;
pub(crate) use webhooks::impl_webhooks;
