//! The statistics collector (spec §7): page-view events are counted in memory per
//! (domain, day, event name) and written to the store in batches by one background task, every
//! second or as soon as 500 events are waiting, and once more at shutdown. The HTTP handler
//! only bumps a counter, so a burst costs the visitors nothing.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::{watch, Notify};
use tokio::task::JoinHandle;

use crate::store::{StatsCount, StatsKey, Store};

/// At most this many distinct (domain, day, event) keys wait between two flushes; events for
/// further keys are dropped (and logged) until the next flush.
pub const MAX_PENDING_KEYS: usize = 10_000;

#[derive(Clone)]
pub struct StatsCollector {
    inner: Arc<Inner>,
}

struct Inner {
    pending: Mutex<HashMap<StatsKey, i64>>,
    events: AtomicUsize,
    batch: usize,
    wake: Notify,
}

impl StatsCollector {
    /// A collector that asks for a flush once `batch` events are waiting.
    pub fn new(batch: usize) -> Self {
        StatsCollector {
            inner: Arc::new(Inner {
                pending: Mutex::new(HashMap::new()),
                events: AtomicUsize::new(0),
                batch: batch.max(1),
                wake: Notify::new(),
            }),
        }
    }

    /// The UTC day of `now`, as stored.
    pub fn today() -> String {
        chrono::Utc::now().format("%Y-%m-%d").to_string()
    }

    /// Counts one event. Returns false when it was dropped (too many distinct keys waiting).
    pub fn record(&self, domain_id: &str, event_name: &str) -> bool {
        let key = StatsKey {
            domain_id: domain_id.to_owned(),
            day: Self::today(),
            event_name: event_name.to_owned(),
        };
        {
            let mut pending = self.inner.pending.lock().expect("stats lock");
            if let Some(n) = pending.get_mut(&key) {
                *n += 1;
            } else if pending.len() < MAX_PENDING_KEYS {
                pending.insert(key, 1);
            } else {
                tracing::warn!("statistics: too many distinct keys waiting; event dropped");
                return false;
            }
        }
        if self.inner.events.fetch_add(1, Ordering::Relaxed) + 1 >= self.inner.batch {
            self.inner.wake.notify_one();
        }
        true
    }

    fn take(&self) -> Vec<StatsCount> {
        let mut pending = self.inner.pending.lock().expect("stats lock");
        self.inner.events.store(0, Ordering::Relaxed);
        pending
            .drain()
            .map(|(key, count)| StatsCount { key, count })
            .collect()
    }

    fn put_back(&self, counts: Vec<StatsCount>) {
        let mut pending = self.inner.pending.lock().expect("stats lock");
        for c in counts {
            if pending.len() < MAX_PENDING_KEYS || pending.contains_key(&c.key) {
                *pending.entry(c.key).or_insert(0) += c.count;
            }
        }
    }

    /// Writes everything waiting. On a store error the counts wait for the next try.
    pub async fn flush(&self, store: &dyn Store) {
        let counts = self.take();
        if counts.is_empty() {
            return;
        }
        if let Err(e) = store.add_stats(&counts).await {
            tracing::error!(error = %e, "statistics: flush failed; will retry");
            self.put_back(counts);
        }
    }

    /// The background writer: flushes every `interval`, when a batch is full, and a last time
    /// when `shutdown` turns true.
    pub fn spawn_flusher(
        &self,
        store: Arc<dyn Store>,
        interval: Duration,
        mut shutdown: watch::Receiver<bool>,
    ) -> JoinHandle<()> {
        let this = self.clone();
        tokio::spawn(async move {
            // The first flush comes one interval after start, not at once.
            let mut tick =
                tokio::time::interval_at(tokio::time::Instant::now() + interval, interval);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tokio::select! {
                    _ = tick.tick() => {}
                    _ = this.inner.wake.notified() => {}
                    _ = shutdown.changed() => {
                        this.flush(store.as_ref()).await;
                        return;
                    }
                }
                this.flush(store.as_ref()).await;
            }
        })
    }
}
