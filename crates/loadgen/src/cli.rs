//! The command line: `run` (the load against Beckon, then the bare baseline), `bare-server`
//! and `report`.

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};
use serde::{Deserialize, Serialize};

#[derive(Parser)]
#[command(
    name = "beckon-loadgen",
    about = "Load generator for the Beckon realtime hub"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Cmd,
}

#[derive(Subcommand)]
pub enum Cmd {
    /// Run the scenario against Beckon, then against the bare baseline; print the figures.
    Run(RunArgs),
    /// The bare axum WebSocket broadcast server (the baseline); prints `listening on ADDR`.
    BareServer {
        #[arg(long, default_value = "127.0.0.1:0")]
        listen: SocketAddr,
    },
    /// Write the realtime section of bench/results.md from the JSON of one or more runs.
    Report {
        /// bench/results.md; the section between `<!-- {section}:start -->` and
        /// `<!-- {section}:end -->` is replaced (added at the end when missing).
        #[arg(long)]
        out: PathBuf,
        /// The section's name in its markers.
        #[arg(long, default_value = "realtime")]
        section: String,
        /// The section's heading.
        #[arg(long, default_value = "Realtime hub (WebSocket)")]
        title: String,
        /// How the binaries measured were built.
        #[arg(long, default_value = "release build")]
        build: String,
        /// The command that produced the runs, shown in the section.
        #[arg(long)]
        command: String,
        /// A paragraph to add under the table (repeatable).
        #[arg(long)]
        note: Vec<String>,
        /// Files written by `run --json`.
        #[arg(required = true)]
        runs: Vec<PathBuf>,
    },
}

#[derive(Args, Clone, Serialize, Deserialize)]
pub struct RunArgs {
    /// A running Beckon (its demo organisation seeded); default: spawn --beckon-bin.
    #[arg(long)]
    pub url: Option<String>,
    /// The pid of the running server given by --url, for its memory.
    #[arg(long)]
    pub server_pid: Option<u32>,
    /// The `beckon` binary to spawn (fresh temp data dir, `serve --seed-demo`).
    #[arg(long, default_value = "target/release/beckon")]
    pub beckon_bin: PathBuf,
    /// Visitor connections (one chat each).
    #[arg(long, default_value_t = 1000)]
    pub visitors: usize,
    /// Agent connections (each a different agent of the demo organisation: sees every chat).
    #[arg(long, default_value_t = 4)]
    pub agents: usize,
    /// Visitors that send messages; default min(visitors, 1000).
    #[arg(long)]
    pub active: Option<usize>,
    /// Each active visitor sends one message this often.
    #[arg(long, default_value_t = 1000)]
    pub interval_ms: u64,
    /// How long the visitors send.
    #[arg(long, default_value_t = 20)]
    pub duration_s: u64,
    /// Idle connections are held this long before the drive (and checked after).
    #[arg(long, default_value_t = 5)]
    pub hold_s: u64,
    /// Quiet time before each memory reading.
    #[arg(long, default_value_t = 3)]
    pub settle_s: u64,
    /// Visitors per client address (127.0.x.y): the server limits new chats (10, then
    /// 1/min) and messages (60, then 4/s) per address.
    #[arg(long, default_value_t = 4)]
    pub per_addr: usize,
    /// Connections (and HTTP setups) in flight at once.
    #[arg(long, default_value_t = 64)]
    pub concurrency: usize,
    /// Skip the bare baseline.
    #[arg(long)]
    pub no_baseline: bool,
    /// Beckon instances to spawn (more than one needs --database-url and --redis-url).
    #[arg(long, default_value_t = 1)]
    pub instances: usize,
    /// The PostgreSQL database the spawned instances share (an empty one: the first seeds it).
    #[arg(long)]
    pub database_url: Option<String>,
    /// The Redis the spawned instances share (one of the run's own: its command count is read).
    #[arg(long)]
    pub redis_url: Option<String>,
    /// Write the figures (JSON) here.
    #[arg(long)]
    pub json: Option<PathBuf>,
    /// A second `beckon` binary (e.g. one built before a change): every Beckon leg runs against
    /// it first, then against --beckon-bin, in the same run.
    #[arg(long)]
    pub before_bin: Option<PathBuf>,
    /// Webhooks (every event) to configure in an extra leg, against a 2xx receiver on 127.0.0.1.
    #[arg(long, default_value_t = 0)]
    pub webhooks: usize,
    /// Web Push subscriptions (of agents who are never online) to configure in that leg.
    #[arg(long, default_value_t = 0)]
    pub push_subscriptions: usize,
    /// Names this build in the report (e.g. `before` and `after` when two builds are compared
    /// side by side in one run).
    #[arg(long)]
    pub label: Option<String>,
}
