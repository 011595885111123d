//! What the SQL of every aggregate (`<aggregate>/sql.rs`) shares. SQLite (3.35+) and PostgreSQL agree on
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
        $crate::accounts::sql::impl_accounts!($store);
        $crate::domains::sql::impl_domains!($store, $db);
        $crate::chats::sql::impl_chats!($store, $db);
        $crate::statistics::sql::impl_statistics!($store);
        $crate::jobs::sql::impl_jobs!($store, $claim_lock);
        $crate::push::sql::impl_push!($store);
        $crate::choices::sql::impl_choices!($store);
        $crate::visits::sql::impl_visits!($store);
        $crate::ratings::sql::impl_ratings!($store);
        $crate::notes::sql::impl_notes!($store);
        $crate::canned::sql::impl_canned!($store);
        $crate::retention::sql::impl_retention!($store);
        $crate::webhooks::sql::impl_webhooks!($store, $db);
        $crate::attachments::sql::impl_attachments!($store);

        #[async_trait::async_trait]
        impl $crate::Store for $store {
            fn backend(&self) -> &'static str {
                $backend
            }

            async fn ping(&self) -> $crate::StoreResult<()> {
                sqlx::query("SELECT 1").execute(self.reader()).await?;
                Ok(())
            }

            fn now(&self) -> i64 {
                $crate::Clock::now_ms(self.clock())
            }
        }
    };
}

pub(crate) use impl_sql_store;
