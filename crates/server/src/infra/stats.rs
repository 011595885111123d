//! The statistics collector (spec §7): page-view events are counted in memory per
//! (domain, day, event name), button views and action clicks per (domain, day, event name,
//! button, action), and written to the store in batches by one background task, every
//! second or as soon as 500 events are waiting, and once more at shutdown, after the last
//! request has been answered. The HTTP handler
//! only bumps a counter, so a burst costs the visitors nothing.
//!
//! The installation check's sightings (`service/sightings.rs`: the last page per domain and host that
//! loaded the embed) wait here too, the latest per (domain, host), and go out with each flush.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::{watch, Notify};
use tokio::task::JoinHandle;

use beckon_store::{
    Clock, EmbedSighting, ItemStatsCount, ItemStatsKey, StatsCount, StatsKey, Store,
};

/// At most this many distinct keys (page-view and per-button/action ones together) wait
/// between two flushes; events for further keys are dropped (and logged) until the next flush.
pub const MAX_PENDING_KEYS: usize = 10_000;

#[derive(Clone)]
pub struct StatsCollector {
    inner: Arc<Inner>,
}

/// One counter waiting for the store.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Pending {
    Event(StatsKey),
    Item(ItemStatsKey),
}

struct Inner {
    pending: Mutex<HashMap<Pending, i64>>,
    /// (domain, host) → the latest (address, time) seen.
    sightings: Mutex<HashMap<(String, String), (String, i64)>>,
    events: AtomicUsize,
    batch: usize,
    wake: Notify,
    /// The store's clock: an event counts on the day it says (tests stop it).
    clock: Arc<dyn Clock>,
}

impl StatsCollector {
    /// A collector that asks for a flush once `batch` events are waiting; days are `clock`'s.
    pub fn new(batch: usize, clock: Arc<dyn Clock>) -> Self {
        StatsCollector {
            inner: Arc::new(Inner {
                pending: Mutex::new(HashMap::new()),
                sightings: Mutex::new(HashMap::new()),
                events: AtomicUsize::new(0),
                batch: batch.max(1),
                wake: Notify::new(),
                clock,
            }),
        }
    }

    /// The UTC day of the clock's now, as stored.
    pub fn today(&self) -> String {
        chrono::DateTime::from_timestamp_millis(self.inner.clock.now_ms())
            .unwrap_or_default()
            .format("%Y-%m-%d")
            .to_string()
    }

    /// Counts one event. Returns false when it was dropped (too many distinct keys waiting).
    pub fn record(&self, domain_id: &str, event_name: &str) -> bool {
        self.count(Pending::Event(StatsKey {
            domain_id: domain_id.to_owned(),
            day: self.today(),
            event_name: event_name.to_owned(),
        }))
    }

    /// Counts one event about a button (`action_id` empty) or an action on a button. Returns
    /// false when it was dropped (too many distinct keys waiting).
    pub fn record_item(
        &self,
        domain_id: &str,
        event_name: &str,
        button_id: &str,
        action_id: &str,
    ) -> bool {
        self.count(Pending::Item(ItemStatsKey {
            domain_id: domain_id.to_owned(),
            day: self.today(),
            event_name: event_name.to_owned(),
            button_id: button_id.to_owned(),
            action_id: action_id.to_owned(),
        }))
    }

    /// Notes that a page of `host` at `url` loaded the domain's embed now. Returns false when
    /// it was dropped (too many distinct hosts waiting).
    pub fn record_sighting(&self, domain_id: &str, host: &str, url: &str) -> bool {
        let now = self.inner.clock.now_ms();
        let mut waiting = self.inner.sightings.lock().expect("sightings lock");
        let key = (domain_id.to_owned(), host.to_owned());
        if let Some(seen) = waiting.get_mut(&key) {
            *seen = (url.to_owned(), now);
        } else if waiting.len() < MAX_PENDING_KEYS {
            waiting.insert(key, (url.to_owned(), now));
        } else {
            return false;
        }
        true
    }

    fn take_sightings(&self) -> Vec<EmbedSighting> {
        let mut waiting = self.inner.sightings.lock().expect("sightings lock");
        waiting
            .drain()
            .map(|((domain_id, host), (url, seen_at))| EmbedSighting {
                domain_id,
                host,
                url,
                seen_at,
            })
            .collect()
    }

    fn count(&self, key: Pending) -> bool {
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

    /// How many events were counted since the last flush took them: they wait in memory.
    pub fn waiting(&self) -> usize {
        self.inner.events.load(Ordering::Relaxed)
    }

    /// Everything waiting: page-view counts and per-button/action counts.
    fn take(&self) -> (Vec<StatsCount>, Vec<ItemStatsCount>) {
        let mut pending = self.inner.pending.lock().expect("stats lock");
        self.inner.events.store(0, Ordering::Relaxed);
        let (mut events, mut items) = (Vec::new(), Vec::new());
        for (key, count) in pending.drain() {
            match key {
                Pending::Event(key) => events.push(StatsCount { key, count }),
                Pending::Item(key) => items.push(ItemStatsCount { key, count }),
            }
        }
        (events, items)
    }

    fn put_back(&self, counts: impl IntoIterator<Item = (Pending, i64)>) {
        let mut pending = self.inner.pending.lock().expect("stats lock");
        for (key, count) in counts {
            if pending.len() < MAX_PENDING_KEYS || pending.contains_key(&key) {
                *pending.entry(key).or_insert(0) += count;
            }
        }
    }

    /// Writes everything waiting. On a store error the counts wait for the next try.
    pub async fn flush(&self, store: &dyn Store) {
        let (events, items) = self.take();
        if !events.is_empty() {
            if let Err(e) = store.add_stats(&events).await {
                tracing::error!(error = %e, "statistics: flush failed; will retry");
                self.put_back(events.into_iter().map(|c| (Pending::Event(c.key), c.count)));
            }
        }
        if !items.is_empty() {
            if let Err(e) = store.add_item_stats(&items).await {
                tracing::error!(error = %e, "statistics: flush of button/action counts failed; will retry");
                self.put_back(items.into_iter().map(|c| (Pending::Item(c.key), c.count)));
            }
        }
        let sightings = self.take_sightings();
        if !sightings.is_empty() {
            // A sighting lost to a store error is renewed by the page's next view.
            if let Err(e) = store.record_sightings(&sightings).await {
                tracing::error!(error = %e, "statistics: writing embed sightings failed");
            }
        }
    }

    /// The background writer: flushes every `interval`, when a batch is full, and a last time
    /// when `shutdown` turns true (the server sends it once no request can count any more).
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
