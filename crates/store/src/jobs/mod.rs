//! The durable queue of outbound work (`crate::service::outbound`): jobs with a kind, a JSON payload and a
//! time to run, claimed with a lease so that each runs once across instances, retried later or
//! buried after their kind's last attempt. PostgreSQL claims with `FOR UPDATE SKIP LOCKED`;
//! SQLite has one writer, so a claim is one transaction.

/// The SQL of this aggregate, one text for both backends.
pub(crate) mod sql;

use std::time::Duration;

use async_trait::async_trait;

use super::StoreResult;

/// A job to add.
#[derive(Debug, Clone)]
pub struct NewJob {
    pub kind: String,
    /// While a job of this kind with this key waits (or runs), another is not added.
    pub dedupe_key: Option<String>,
    pub payload: serde_json::Value,
    /// Unix ms: not before then.
    pub run_at: i64,
}

#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct Job {
    pub id: String,
    pub kind: String,
    pub dedupe_key: Option<String>,
    #[sqlx(try_from = "crate::json_text::JsonText")]
    pub payload: serde_json::Value,
    pub run_at: i64,
    /// Claims so far, this one included.
    pub attempts: i64,
    pub last_error: Option<String>,
    #[sqlx(try_from = "i64")]
    pub dead: Dead,
}

/// Whether a job was buried (no attempt left); kept with its last error for the owner to see.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dead(pub bool);

impl From<i64> for Dead {
    fn from(v: i64) -> Self {
        Dead(v != 0)
    }
}

#[async_trait]
pub trait Jobs: Send + Sync {
    /// Adds the job; `false` when one of its kind and key is already waiting (nothing added).
    async fn enqueue_job(&self, job: NewJob) -> StoreResult<bool>;
    /// Up to `limit` jobs due now and not claimed (or whose claim lapsed), oldest first, each
    /// claimed for `lease` and its attempts counted.
    async fn claim_jobs(&self, limit: i64, lease: Duration) -> StoreResult<Vec<Job>>;
    /// The job is done: removed.
    async fn finish_job(&self, id: &str) -> StoreResult<()>;
    /// The attempt failed: the job runs again at `run_at`, with the error kept.
    async fn retry_job(&self, id: &str, error: &str, run_at: i64) -> StoreResult<()>;
    /// The last attempt failed: the job is kept, dead, with the error.
    async fn bury_job(&self, id: &str, error: &str) -> StoreResult<()>;
    /// Notes a mail to the visitor of `channel_id` now, unless that would pass either bound: at
    /// most `per_chat` in the last day for the conversation, `per_domain` in the last hour for
    /// the domain. `false` (nothing noted) when it would.
    async fn note_visitor_mail(
        &self,
        domain_id: &str,
        channel_id: &str,
        per_chat: i64,
        per_domain: i64,
    ) -> StoreResult<bool>;
    /// The jobs of a kind, waiting or dead, oldest first (operations and tests).
    async fn jobs_of_kind(&self, kind: &str) -> StoreResult<Vec<Job>>;
}
