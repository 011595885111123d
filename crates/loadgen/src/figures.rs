//! The figures of a run: a `Report` per leg, and the JSON file `run --json` writes and
//! `report` reads back (older files lack the later fields, hence the serde defaults).

use serde::{Deserialize, Serialize};

use crate::stats::Latency;

/// One leg of a run: the load against one server set-up.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Report {
    pub target: String,
    pub visitors: usize,
    pub agents: usize,
    pub active: usize,
    pub interval_ms: u64,
    pub duration_s: u64,
    pub visitors_up: u64,
    pub agents_up: u64,
    /// Connections open after the idle hold, and at the end of the drive.
    pub held_idle: u64,
    pub held_end: u64,
    pub connect_failed: u64,
    pub http_failed: u64,
    #[serde(default)]
    pub http_retried: u64,
    pub dropped: u64,
    pub error_frames: u64,
    pub rate_limited: u64,
    pub rss_before: Option<u64>,
    pub rss_idle: Option<u64>,
    pub rss_end: Option<u64>,
    /// Server RSS growth per idle visitor connection, bytes.
    pub mem_per_conn: Option<f64>,
    /// The same over the second half of the visitors only (RSS after all of them minus RSS
    /// after the first half): what one more connection costs once caches have warmed and the
    /// allocator's free memory from the setup is used up.
    #[serde(default)]
    pub mem_per_conn_second_half: Option<f64>,
    /// The load generator's own RSS growth per connection, bytes.
    pub client_mem_per_conn: Option<f64>,
    pub sent: u64,
    pub acked: u64,
    pub delivered: u64,
    /// sent × agents: what the agents should have received.
    pub expected: u64,
    pub latency: Option<Latency>,
    /// Visitor send → ack (stored), Beckon only.
    #[serde(default)]
    pub ack_latency: Option<Latency>,
    pub sent_per_s: f64,
    pub delivered_per_s: f64,
    pub setup_s: f64,
    pub connect_s: f64,
    /// Beckon instances (several: visitors on all but the last, agents on the last).
    #[serde(default = "one")]
    pub instances: usize,
    /// With Redis: the subscriptions of each instance's pub/sub connection, idle and while
    /// driven, and the commands Redis processed per second during the drive.
    #[serde(default)]
    pub redis: Option<RedisCost>,
    /// The build, when the run compares two (`--label`).
    #[serde(default)]
    pub label: Option<String>,
}

fn one() -> usize {
    1
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RedisCost {
    pub subscriptions_idle: Vec<u64>,
    pub subscriptions_end: Vec<u64>,
    pub commands_per_s: f64,
}

/// The JSON file of a `run`.
#[derive(Debug, Serialize, Deserialize)]
pub struct RunFile {
    pub args: RunArgsJson,
    pub runs: Vec<Report>,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct RunArgsJson {
    #[serde(default = "one")]
    pub instances: usize,
    pub visitors: usize,
    pub agents: usize,
    pub active: usize,
    pub interval_ms: u64,
    pub duration_s: u64,
    pub per_addr: usize,
}
