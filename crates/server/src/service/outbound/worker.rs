//! The outbound worker: one task per instance that claims due jobs from the store, runs each in a
//! task of its own (at most [`IN_FLIGHT`] at once), and finishes, retries (exponential back-off
//! with jitter) or buries each. Woken when this instance adds a job; polls for the rest (jobs
//! added by other instances, or due later). A job that takes long (an endpoint that does not
//! answer for its 10 s) holds only its own slot: the jobs claimed after it do not wait for it.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Semaphore;
use tokio::task::JoinHandle;

use super::job::JobError;
use crate::state::AppState;
use beckon_store::Job;

/// How often the worker looks for due jobs when nothing woke it.
const POLL: Duration = Duration::from_secs(1);
/// Jobs claimed at once.
const BATCH: i64 = 16;
/// Jobs run at once, at most.
const IN_FLIGHT: u32 = 32;
/// How long a claimed job is this worker's: one that dies is retried after it.
const LEASE: Duration = Duration::from_secs(120);
/// Attempts before a job is buried (with back-off from 30 s, about 14 hours in all).
pub const MAX_ATTEMPTS: i64 = 12;

/// The wait before attempt `attempts + 1`: 30 s doubling per attempt, at most an hour, spread by
/// `jitter` (0..1: ±20 %) so that jobs that failed together do not all return together. Pure.
pub fn backoff(attempts: i64, jitter: f64) -> Duration {
    let exp = u32::try_from(attempts.saturating_sub(1).clamp(0, 16)).unwrap_or(16);
    let base = (30.0 * f64::from(2u32.pow(exp))).min(3600.0);
    Duration::from_secs_f64(base * (0.8 + 0.4 * jitter.clamp(0.0, 1.0)))
}

/// Starts the worker; it stops when the server shuts down (the jobs being run finish first).
pub fn spawn_worker(state: AppState) -> JoinHandle<()> {
    tokio::spawn(async move {
        let mut stop = state.shutdown.clone();
        let slots = Arc::new(Semaphore::new(IN_FLIGHT as usize));
        loop {
            if *stop.borrow() {
                break;
            }
            run_due(&state, &slots).await;
            tokio::select! {
                _ = stop.changed() => break,
                _ = state.jobs_added.notified() => {}
                _ = tokio::time::sleep(POLL) => {}
            }
        }
        // Every slot back: no job is left half run.
        let _ = slots.acquire_many(IN_FLIGHT).await;
    })
}

/// Starts every job due now, batch after batch, while slots are free; each runs in its own task.
/// Side by side: a push does not wait behind a slow SMTP conversation or webhook endpoint
/// (bench/results.md, "Notifications").
async fn run_due(state: &AppState, slots: &Arc<Semaphore>) {
    loop {
        let free = i64::try_from(slots.available_permits()).unwrap_or(0);
        if free == 0 {
            return; // a job that ends wakes the worker
        }
        let jobs = match state.store.claim_jobs(BATCH.min(free), LEASE).await {
            Ok(j) => j,
            Err(e) => {
                tracing::warn!(error = %e, "outbound: cannot claim jobs");
                return;
            }
        };
        if jobs.is_empty() {
            return;
        }
        for job in jobs {
            let Ok(slot) = slots.clone().acquire_owned().await else {
                return;
            };
            let (state, all) = (state.clone(), slots.clone());
            tokio::spawn(async move {
                run(&state, job).await;
                drop(slot);
                // The worker stopped claiming while every slot was taken: one is free now.
                if all.available_permits() == 1 {
                    state.jobs_added.notify_one();
                }
            });
        }
    }
}

async fn run(state: &AppState, job: Job) {
    let outcome = match job.kind.as_str() {
        super::CHAT_EVENT => super::subscribers::run(state, &job.payload).await,
        super::NOTIFY_AGENTS => super::notify::notify_agents(state, &job.payload).await,
        super::NOTIFY_VISITOR => super::notify::notify_visitor(state, &job.payload).await,
        super::MAIL => super::notify::send_mail(state, &job.payload).await,
        super::NOTIFY_PUSH => super::push::notify_push(state, &job.payload).await,
        super::PUSH => super::push::send_push(state, &job.payload).await,
        super::WEBHOOK => super::webhook::deliver(state, &job.payload).await,
        other => Err(JobError::permanent(format!("unknown job kind {other:?}"))),
    };
    let stored = match outcome {
        Ok(()) => state.store.finish_job(&job.id).await,
        Err(e) if e.permanent || (e.retry_at.is_none() && job.attempts >= MAX_ATTEMPTS) => {
            tracing::warn!(kind = %job.kind, attempts = job.attempts, error = %e.message, "outbound: job given up");
            state.store.bury_job(&job.id, &e.message).await
        }
        Err(e) => {
            let at = e.retry_at.unwrap_or_else(|| {
                let wait = backoff(job.attempts, rand::random());
                state.store.now() + i64::try_from(wait.as_millis()).unwrap_or(i64::MAX / 2)
            });
            tracing::info!(kind = %job.kind, attempts = job.attempts, error = %e.message, retry_at = at, "outbound: job failed; retrying");
            state.store.retry_job(&job.id, &e.message, at).await
        }
    };
    if let Err(e) = stored {
        // The lease runs out and the job is run again: at least once.
        tracing::warn!(error = %e, "outbound: cannot record a job's outcome");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn back_off_doubles_from_30_seconds_to_an_hour_with_jitter() {
        let mid = |a| backoff(a, 0.5).as_secs();
        assert_eq!([mid(1), mid(2), mid(3), mid(4)], [30, 60, 120, 240]);
        assert_eq!(mid(8), 3600, "capped at an hour");
        assert_eq!(mid(1_000), 3600);
        assert_eq!(backoff(1, 0.0).as_secs(), 24, "-20 %");
        assert_eq!(backoff(1, 1.0).as_secs(), 36, "+20 %");
    }
}
