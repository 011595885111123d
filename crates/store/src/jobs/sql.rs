//! The SQL of the job queue (its trait and rows: `mod.rs`). `$lock` is `FOR UPDATE SKIP LOCKED` on PostgreSQL
//! (instances claiming at once skip each other's rows) and empty on SQLite (one writer).

macro_rules! impl_jobs {
    ($store:ty, $lock:literal) => {
        const _: () = {
            use std::time::Duration;

            use $crate::sql::{is_unique_violation, touched};
            use $crate::{new_id, Clock, Job, Jobs, NewJob, StoreResult};

            const COLS: &str = "id, kind, dedupe_key, payload, run_at, attempts, last_error, dead";

            #[async_trait::async_trait]
            impl Jobs for $store {
                async fn enqueue_job(&self, job: NewJob) -> StoreResult<bool> {
                    let now = Clock::now_ms(self.clock());
                    let r = sqlx::query(
                        "INSERT INTO jobs (id, kind, dedupe_key, payload, run_at, created_at) \
                         VALUES ($1, $2, $3, $4, $5, $6)",
                    )
                    .bind(new_id())
                    .bind(&job.kind)
                    .bind(&job.dedupe_key)
                    .bind(job.payload.to_string())
                    .bind(job.run_at)
                    .bind(now)
                    .execute(self.writer())
                    .await;
                    match r {
                        Ok(_) => Ok(true),
                        Err(e) if is_unique_violation(&e) => Ok(false),
                        Err(e) => Err(e.into()),
                    }
                }

                async fn claim_jobs(&self, limit: i64, lease: Duration) -> StoreResult<Vec<Job>> {
                    let now = Clock::now_ms(self.clock());
                    let until = now + i64::try_from(lease.as_millis()).unwrap_or(i64::MAX / 2);
                    let mut tx = self.begin_write().await?;
                    let jobs: Vec<Job> = sqlx::query_as(&format!(
                        "UPDATE jobs SET locked_until = $1, attempts = attempts + 1 \
                         WHERE id IN (SELECT id FROM jobs WHERE dead = 0 AND run_at <= $2 \
                         AND (locked_until IS NULL OR locked_until <= $2) \
                         ORDER BY run_at, created_at LIMIT $3 {}) RETURNING {COLS}",
                        $lock
                    ))
                    .bind(until)
                    .bind(now)
                    .bind(limit)
                    .fetch_all(&mut *tx)
                    .await?;
                    tx.commit().await?;
                    let mut jobs = jobs;
                    jobs.sort_by_key(|j| j.run_at);
                    Ok(jobs)
                }

                async fn finish_job(&self, id: &str) -> StoreResult<()> {
                    let done = sqlx::query("DELETE FROM jobs WHERE id = $1")
                        .bind(id)
                        .execute(self.writer())
                        .await?;
                    touched(done.rows_affected())
                }

                async fn retry_job(&self, id: &str, error: &str, run_at: i64) -> StoreResult<()> {
                    let done = sqlx::query(
                        "UPDATE jobs SET run_at = $2, last_error = $3, locked_until = NULL \
                         WHERE id = $1",
                    )
                    .bind(id)
                    .bind(run_at)
                    .bind(error)
                    .execute(self.writer())
                    .await?;
                    touched(done.rows_affected())
                }

                async fn bury_job(&self, id: &str, error: &str) -> StoreResult<()> {
                    // A dead job leaves the waiting ones' key free: its key becomes its id.
                    let done = sqlx::query(
                        "UPDATE jobs SET dead = 1, last_error = $2, locked_until = NULL, \
                         dedupe_key = id WHERE id = $1",
                    )
                    .bind(id)
                    .bind(error)
                    .execute(self.writer())
                    .await?;
                    touched(done.rows_affected())
                }

                async fn note_visitor_mail(
                    &self,
                    domain_id: &str,
                    channel_id: &str,
                    per_chat: i64,
                    per_domain: i64,
                ) -> StoreResult<bool> {
                    const HOUR: i64 = 3_600_000;
                    let now = Clock::now_ms(self.clock());
                    let mut tx = self.begin_write().await?;
                    sqlx::query("DELETE FROM visitor_mail_log WHERE sent_at <= $1")
                        .bind(now - 24 * HOUR)
                        .execute(&mut *tx)
                        .await?;
                    let (chat, domain): (i64, i64) = sqlx::query_as(
                        "SELECT \
                         (SELECT COUNT(*) FROM visitor_mail_log WHERE channel_id = $1), \
                         (SELECT COUNT(*) FROM visitor_mail_log WHERE domain_id = $2 AND sent_at > $3)",
                    )
                    .bind(channel_id)
                    .bind(domain_id)
                    .bind(now - HOUR)
                    .fetch_one(&mut *tx)
                    .await?;
                    if chat >= per_chat || domain >= per_domain {
                        return Ok(false);
                    }
                    sqlx::query(
                        "INSERT INTO visitor_mail_log (domain_id, channel_id, sent_at) \
                         VALUES ($1, $2, $3)",
                    )
                    .bind(domain_id)
                    .bind(channel_id)
                    .bind(now)
                    .execute(&mut *tx)
                    .await?;
                    tx.commit().await?;
                    Ok(true)
                }

                async fn jobs_of_kind(&self, kind: &str) -> StoreResult<Vec<Job>> {
                    Ok(sqlx::query_as(&format!(
                        "SELECT {COLS} FROM jobs WHERE kind = $1 ORDER BY created_at, id"
                    ))
                    .bind(kind)
                    .fetch_all(self.reader())
                    .await?)
                }
            }
        };
    };
}

pub(crate) use impl_jobs;
