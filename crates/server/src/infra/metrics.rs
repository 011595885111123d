//! Prometheus metrics: every name Beckon exports, the helpers that record them, and the
//! exporter behind `GET /metrics` (on with `--metrics`; see `docs/deploy.md`).
//!
//! Recording goes through the `metrics` facade: without `--metrics` no recorder is installed and
//! every helper here is a no-op. The recorder is process-wide, so servers started in one process
//! (tests) share their figures.

use std::future::Future;
use std::sync::OnceLock;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use metrics::{counter, describe_counter, describe_gauge, describe_histogram, gauge, histogram};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

/// Realtime connections open now (visitors and agents, authenticated or not).
pub const CONNECTIONS: &str = "beckon_realtime_connections";
/// Chat messages stored (new ones, from visitors and agents, over the socket or HTTP).
pub const MESSAGES_IN: &str = "beckon_messages_in_total";
/// Chat message frames sent live to sockets (one per receiving socket).
pub const MESSAGES_OUT: &str = "beckon_messages_out_total";
/// Seconds from a message's publication (right after its store write) to its frame being queued
/// on a receiving socket. Across instances this compares the two machines' clocks.
pub const DELIVERY: &str = "beckon_delivery_seconds";
/// Events published to the broker, by `broker` (`local`, `redis`).
pub const BROKER_PUBLISHED: &str = "beckon_broker_published_total";
/// Events a broker received for this instance's subscribers, by `broker`.
pub const BROKER_RECEIVED: &str = "beckon_broker_received_total";
/// Times a broker reconnected to its server, by `broker`.
pub const BROKER_RECONNECTS: &str = "beckon_broker_reconnects_total";
/// Seconds store calls take, by `op` (e.g. `insert_message`).
pub const STORE: &str = "beckon_store_seconds";

/// Buckets (seconds) for the latency histograms: 0.5 ms to 5 s.
const BUCKETS: &[f64] = &[
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0,
];

static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();

/// Installs the process-wide recorder (once; later calls return the same handle).
pub fn install() -> PrometheusHandle {
    HANDLE
        .get_or_init(|| {
            let handle = PrometheusBuilder::new()
                .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), BUCKETS)
                .expect("buckets are not empty")
                .install_recorder()
                .expect("no other metrics recorder is installed");
            describe();
            // Present from the first scrape, at zero.
            gauge!(CONNECTIONS).set(0.0);
            counter!(MESSAGES_IN).increment(0);
            counter!(MESSAGES_OUT).increment(0);
            handle
        })
        .clone()
}

/// The installed recorder, if `--metrics` installed one.
pub fn handle() -> Option<&'static PrometheusHandle> {
    HANDLE.get()
}

/// The text `GET /metrics` answers.
pub fn render(handle: &PrometheusHandle) -> String {
    handle.run_upkeep();
    handle.render()
}

/// Drains histogram samples now and then, so they never pile up between scrapes.
pub fn spawn_upkeep(handle: PrometheusHandle) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut every = tokio::time::interval(Duration::from_secs(5));
        loop {
            every.tick().await;
            handle.run_upkeep();
        }
    })
}

fn describe() {
    describe_gauge!(CONNECTIONS, "Realtime connections open now");
    describe_counter!(MESSAGES_IN, "Chat messages stored");
    describe_counter!(MESSAGES_OUT, "Chat message frames sent live to sockets");
    describe_histogram!(
        DELIVERY,
        metrics::Unit::Seconds,
        "From a message's publication (after its store write) to its frame queued on a socket"
    );
    describe_counter!(BROKER_PUBLISHED, "Events published to the broker");
    describe_counter!(
        BROKER_RECEIVED,
        "Events the broker received for this instance"
    );
    describe_counter!(BROKER_RECONNECTS, "Broker reconnections");
    describe_histogram!(STORE, metrics::Unit::Seconds, "Store call durations");
}

pub fn connection_opened() {
    gauge!(CONNECTIONS).increment(1.0);
}

pub fn connection_closed() {
    gauge!(CONNECTIONS).decrement(1.0);
}

pub fn message_in() {
    counter!(MESSAGES_IN).increment(1);
}

/// A message frame sent live; `published_us` is when it was published (see [`now_us`]).
pub fn message_out(published_us: Option<u64>) {
    counter!(MESSAGES_OUT).increment(1);
    if let Some(at) = published_us {
        let secs = now_us().saturating_sub(at) as f64 / 1e6;
        histogram!(DELIVERY).record(secs);
    }
}

pub fn broker_published(broker: &'static str) {
    counter!(BROKER_PUBLISHED, "broker" => broker).increment(1);
}

pub fn broker_received(broker: &'static str) {
    counter!(BROKER_RECEIVED, "broker" => broker).increment(1);
}

pub fn broker_reconnected(broker: &'static str) {
    counter!(BROKER_RECONNECTS, "broker" => broker).increment(1);
}

/// Times a store call.
pub async fn store<T>(op: &'static str, call: impl Future<Output = T>) -> T {
    let started = Instant::now();
    let out = call.await;
    histogram!(STORE, "op" => op).record(started.elapsed().as_secs_f64());
    out
}

/// Wall-clock microseconds, carried in broker envelopes so any instance can time a delivery.
pub fn now_us() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_micros() as u64)
}
