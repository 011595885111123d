//! `beckon-loadgen`: opens N visitor and M agent connections to the Beckon realtime hub,
//! holds them, drives conversations, and reports connections held, errors, the server's
//! memory per idle connection, visitor → agent delivery latency and message rates; then does
//! the same against a bare axum WebSocket broadcast server (the ceiling) in the same run.
//!
//! ```text
//! beckon-loadgen run --visitors 1000 --agents 4 [--beckon-bin target/release/beckon]
//! beckon-loadgen run --url http://127.0.0.1:8080 --server-pid 1234 …   (a running server)
//! beckon-loadgen run --instances 2 --database-url postgres://… --redis-url redis://… --no-baseline
//!     (several instances: visitors on all but the last, agents on the last, so every delivery
//!     crosses instances; Redis's cost is read with redis-cli)
//! beckon-loadgen bare-server --listen 127.0.0.1:0
//! beckon-loadgen report --out bench/results.md --command "…" run-1000.json run-15000.json
//! ```

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use clap::{Args, Parser, Subcommand};
use serde::{Deserialize, Serialize};
use tokio::sync::{watch, Semaphore};
use tokio::time::Instant;

mod bare;
mod client;
mod redis_cost;
mod report;
mod stats;
mod target;

use client::{Counters, Ctl, VisitorPlan};
use stats::Latency;

#[derive(Parser)]
#[command(
    name = "beckon-loadgen",
    about = "Load generator for the Beckon realtime hub"
)]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
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
struct RunArgs {
    /// A running Beckon (its demo organisation seeded); default: spawn --beckon-bin.
    #[arg(long)]
    url: Option<String>,
    /// The pid of the running server given by --url, for its memory.
    #[arg(long)]
    server_pid: Option<u32>,
    /// The `beckon` binary to spawn (fresh temp data dir, `serve --seed-demo`).
    #[arg(long, default_value = "target/release/beckon")]
    beckon_bin: PathBuf,
    /// Visitor connections (one chat each).
    #[arg(long, default_value_t = 1000)]
    visitors: usize,
    /// Agent connections (each a different agent of the demo organisation: sees every chat).
    #[arg(long, default_value_t = 4)]
    agents: usize,
    /// Visitors that send messages; default min(visitors, 1000).
    #[arg(long)]
    active: Option<usize>,
    /// Each active visitor sends one message this often.
    #[arg(long, default_value_t = 1000)]
    interval_ms: u64,
    /// How long the visitors send.
    #[arg(long, default_value_t = 20)]
    duration_s: u64,
    /// Idle connections are held this long before the drive (and checked after).
    #[arg(long, default_value_t = 5)]
    hold_s: u64,
    /// Quiet time before each memory reading.
    #[arg(long, default_value_t = 3)]
    settle_s: u64,
    /// Visitors per client address (127.0.x.y): the server limits new chats (10, then
    /// 1/min) and messages (60, then 4/s) per address.
    #[arg(long, default_value_t = 4)]
    per_addr: usize,
    /// Connections (and HTTP setups) in flight at once.
    #[arg(long, default_value_t = 64)]
    concurrency: usize,
    /// Skip the bare baseline.
    #[arg(long)]
    no_baseline: bool,
    /// Beckon instances to spawn (more than one needs --database-url and --redis-url).
    #[arg(long, default_value_t = 1)]
    instances: usize,
    /// The PostgreSQL database the spawned instances share (an empty one: the first seeds it).
    #[arg(long)]
    database_url: Option<String>,
    /// The Redis the spawned instances share (one of the run's own: its command count is read).
    #[arg(long)]
    redis_url: Option<String>,
    /// Write the figures (JSON) here.
    #[arg(long)]
    json: Option<PathBuf>,
    /// Names this build in the report (e.g. `before` and `after` when two builds are compared
    /// side by side in one run).
    #[arg(long)]
    label: Option<String>,
}

/// One run against one server.
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

/// Raises the soft open-files limit to the hard one (15 000 sockets need it); 0 when unknown.
fn raise_nofile() -> u64 {
    let nofile = || rlimit::getrlimit(rlimit::Resource::NOFILE);
    let Ok((_, hard)) = nofile() else {
        return 0;
    };
    rlimit::increase_nofile_limit(hard)
        .or_else(|_| nofile().map(|(soft, _)| soft))
        .unwrap_or(0)
}

#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Beckon,
    Bare,
}

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    let _ = stats::now_ns();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    match cli.command {
        Cmd::BareServer { listen } => {
            raise_nofile();
            rt.block_on(bare::serve(listen))
        }
        Cmd::Report {
            out,
            section: name,
            title,
            build,
            command,
            note,
            runs,
        } => {
            let mut files = Vec::new();
            for p in &runs {
                let text = std::fs::read_to_string(p)
                    .with_context(|| format!("cannot read {}", p.display()))?;
                files.push(serde_json::from_str::<RunFile>(&text)?);
            }
            let section = report::section(&name, &title, &build, &command, &files, &note);
            let old = std::fs::read_to_string(&out).unwrap_or_default();
            std::fs::write(&out, report::splice(&name, &old, &section))?;
            println!("{section}");
            Ok(())
        }
        Cmd::Run(args) => {
            let limit = raise_nofile();
            eprintln!("loadgen: open files limit {limit}");
            rt.block_on(run(args))
        }
    }
}

async fn run(args: RunArgs) -> anyhow::Result<()> {
    let active = args
        .active
        .unwrap_or(args.visitors.min(1000))
        .min(args.visitors);
    let mut runs = vec![run_target(Kind::Beckon, &args, active).await?];
    if !args.no_baseline {
        runs.push(run_target(Kind::Bare, &args, active).await?);
    }
    for r in &runs {
        print_report(r);
    }
    if let [b, bare] = runs.as_slice() {
        println!(
            "beckon / bare: memory per connection {}, p50 {}, p99 {}",
            report::fmt_ratio(stats::ratio(b.mem_per_conn, bare.mem_per_conn)),
            report::fmt_ratio(report::lat_ratio(b, bare, |l| l.p50_us)),
            report::fmt_ratio(report::lat_ratio(b, bare, |l| l.p99_us)),
        );
    }
    if let Some(p) = &args.json {
        let file = RunFile {
            args: RunArgsJson {
                instances: args.instances,
                visitors: args.visitors,
                agents: args.agents,
                active,
                interval_ms: args.interval_ms,
                duration_s: args.duration_s,
                per_addr: args.per_addr,
            },
            runs,
        };
        std::fs::write(p, serde_json::to_string_pretty(&file)?)?;
    }
    Ok(())
}

fn print_report(r: &Report) {
    let mem = report::mem(r);
    let percentiles = |l: Option<Latency>| {
        l.map_or("n/a".into(), |l| {
            format!(
                "p50 {} p99 {} max {} ({} samples)",
                stats::human_us(l.p50_us),
                stats::human_us(l.p99_us),
                stats::human_us(l.max_us),
                l.count
            )
        })
    };
    let (lat, ack) = (percentiles(r.latency), percentiles(r.ack_latency));
    println!(
        "[{}] visitors {}/{} agents {}/{} held idle {} end {} | errors: connect {} http {} (5xx retried {}) dropped {} error frames {} (429: {}) | memory/conn {mem} (client {}) | delivery {lat} | ack {ack} | sent {} ({:.0}/s) acked {} delivered {}/{} ({:.0}/s)",
        r.target,
        r.visitors_up,
        r.visitors,
        r.agents_up,
        r.agents,
        r.held_idle,
        r.held_end,
        r.connect_failed,
        r.http_failed,
        r.http_retried,
        r.dropped,
        r.error_frames,
        r.rate_limited,
        r.client_mem_per_conn.map_or("n/a".into(), stats::human_bytes),
        r.sent,
        r.sent_per_s,
        r.acked,
        r.delivered,
        r.expected,
        r.delivered_per_s,
    );
}

async fn wait_for(what: &str, deadline: Duration, mut done: impl FnMut() -> bool) {
    let until = Instant::now() + deadline;
    while !done() {
        if Instant::now() > until {
            eprintln!("loadgen: gave up waiting for {what}");
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn run_target(kind: Kind, args: &RunArgs, active: usize) -> anyhow::Result<Report> {
    let name = match kind {
        Kind::Beckon => "beckon",
        Kind::Bare => "bare",
    };
    eprintln!(
        "loadgen: [{name}] {} visitors ({active} active), {} agents",
        args.visitors, args.agents
    );
    let setup_at = Instant::now();
    let counters = Arc::new(Counters::default());
    let own_pid = std::process::id();

    // The server(s).
    let mut spawned = Vec::new();
    let servers = match (&kind, &args.url) {
        (Kind::Beckon, Some(url)) => {
            let u = reqwest::Url::parse(url)?;
            let host = u.host_str().context("--url needs a host")?;
            let port = u.port_or_known_default().unwrap_or(80);
            let addr = tokio::net::lookup_host((host, port))
                .await?
                .find(SocketAddr::is_ipv4)
                .context("--url: no IPv4 address")?;
            Servers::one(addr, args.server_pid)
        }
        (Kind::Beckon, None) => {
            let shared = match (&args.database_url, &args.redis_url) {
                (Some(d), Some(r)) => Some(target::Shared {
                    database_url: d.clone(),
                    redis_url: r.clone(),
                }),
                _ if args.instances > 1 => {
                    anyhow::bail!("--instances above 1 needs --database-url and --redis-url")
                }
                _ => None,
            };
            // The first seeds the demo organisation; the others start once it has.
            for i in 0..args.instances.max(1) {
                let s = target::spawn_beckon(&args.beckon_bin, shared.as_ref(), i == 0).await?;
                spawned.push(s);
            }
            let addrs: Vec<SocketAddr> = spawned.iter().map(|s| s.addr).collect();
            Servers {
                visitors: if addrs.len() > 1 {
                    addrs[..addrs.len() - 1].to_vec()
                } else {
                    addrs.clone()
                },
                agents: *addrs.last().expect("one instance at least"),
                pids: spawned.iter().map(|s| s.pid).collect(),
            }
        }
        (Kind::Bare, _) => {
            let s = target::spawn_bare().await?;
            let servers = Servers::one(s.addr, Some(s.pid));
            spawned.push(s);
            servers
        }
    };
    let redis = match kind {
        Kind::Beckon if args.url.is_none() => args.redis_url.as_deref(),
        _ => None,
    };
    let result = drive(
        kind, args, active, &servers, redis, own_pid, &counters, setup_at,
    )
    .await;
    for s in spawned {
        if result.is_err() {
            eprintln!("{}", s.log_tail());
        }
        s.stop().await;
    }
    let mut r = result?;
    r.target = name.into();
    r.label = args.label.clone().filter(|_| kind == Kind::Beckon);
    Ok(r)
}

/// Where the clients go: visitors spread over `visitors`, agents on `agents`; the servers'
/// processes, for their memory.
struct Servers {
    visitors: Vec<SocketAddr>,
    agents: SocketAddr,
    pids: Vec<u32>,
}

impl Servers {
    fn one(addr: SocketAddr, pid: Option<u32>) -> Self {
        Servers {
            visitors: vec![addr],
            agents: addr,
            pids: pid.into_iter().collect(),
        }
    }

    fn visitor_server(&self, index: usize) -> SocketAddr {
        self.visitors[index % self.visitors.len()]
    }

    /// The RSS of all of them.
    fn rss(&self) -> Option<u64> {
        if self.pids.is_empty() {
            return None;
        }
        self.pids.iter().map(|p| stats::rss_bytes(*p)).sum()
    }
}

#[allow(clippy::too_many_arguments)]
async fn drive(
    kind: Kind,
    args: &RunArgs,
    active: usize,
    servers: &Servers,
    redis: Option<&str>,
    own_pid: u32,
    counters: &Arc<Counters>,
    setup_at: Instant,
) -> anyhow::Result<Report> {
    let addr = servers.agents;
    // Agents log in and chats are made on the agents' instance; visitors connect to theirs.
    let base = &format!("http://{addr}");
    let (ctl_tx, ctl_rx) = watch::channel(Ctl::default());
    let interval = Duration::from_millis(args.interval_ms.max(1));

    // Agents first: they see every chat of the domain.
    let agent_urls: Vec<(String, Option<String>)> = match kind {
        Kind::Beckon => target::beckon_agents(base, args.agents)
            .await?
            .into_iter()
            .map(|c| (format!("ws://{addr}/api/v1/realtime"), Some(c)))
            .collect(),
        Kind::Bare => (0..args.agents)
            .map(|_| (format!("ws://{addr}/ws?role=agent"), None))
            .collect(),
    };
    let mut agents = Vec::new();
    for (i, (url, cookie)) in agent_urls.into_iter().enumerate() {
        agents.push(tokio::spawn(client::agent(
            addr,
            client::agent_addr(i),
            url,
            cookie,
            ctl_rx.clone(),
            counters.clone(),
        )));
    }
    wait_for("the agents", Duration::from_secs(30), || {
        Counters::get(&counters.agents_up) + Counters::get(&counters.connect_failed)
            >= args.agents as u64
    })
    .await;

    // The visitors' chats (Beckon: over HTTP).
    let plans: Vec<VisitorPlan> = match kind {
        Kind::Beckon => target::beckon_chats(
            base,
            args.visitors,
            args.per_addr,
            args.concurrency,
            counters,
        )
        .await?
        .into_iter()
        .map(|c| VisitorPlan {
            index: c.index,
            local: c.local,
            url: target::beckon_visitor_url(servers.visitor_server(c.index), &c.token),
            active: c.index < active,
        })
        .collect(),
        Kind::Bare => {
            let mut v = Vec::with_capacity(args.visitors);
            for index in 0..args.visitors {
                v.push(VisitorPlan {
                    index,
                    local: client::visitor_addr(index / args.per_addr.max(1))?,
                    url: format!("ws://{}/ws?role=visitor", servers.visitor_server(index)),
                    active: index < active,
                });
            }
            v
        }
    };
    let setup_s = setup_at.elapsed().as_secs_f64();
    let settle = Duration::from_secs(args.settle_s);
    tokio::time::sleep(settle).await;
    let rss_before = servers.rss();
    let own_before = stats::rss_bytes(own_pid);

    // Connect them all, in two halves (the memory of the second half is reported too), then
    // hold.
    let connect_at = Instant::now();
    let gate = Arc::new(Semaphore::new(args.concurrency.max(1)));
    let mut visitors = Vec::with_capacity(plans.len());
    let mut plans = plans.into_iter();
    let first_half = plans.len() / 2;
    let failed_before = Counters::get(&counters.connect_failed);
    let mut rss_half = None;
    let mut up_half = 0;
    for half in [first_half, plans.len() - first_half] {
        for plan in plans.by_ref().take(half) {
            visitors.push(tokio::spawn(client::visitor(
                servers.visitor_server(plan.index),
                plan,
                interval,
                gate.clone(),
                ctl_rx.clone(),
                counters.clone(),
            )));
        }
        let n = visitors.len() as u64;
        wait_for("the visitors", Duration::from_secs(300), || {
            Counters::get(&counters.visitors_up) + Counters::get(&counters.connect_failed)
                - failed_before
                >= n
        })
        .await;
        if rss_half.is_none() {
            tokio::time::sleep(settle).await;
            rss_half = servers.rss();
            up_half = Counters::get(&counters.visitors_up);
        }
    }
    let connect_s = connect_at.elapsed().as_secs_f64();
    eprintln!(
        "loadgen: {} visitors connected in {connect_s:.1} s (with a pause half-way)",
        Counters::get(&counters.visitors_up)
    );
    tokio::time::sleep(settle).await;
    let rss_idle = servers.rss();
    let own_idle = stats::rss_bytes(own_pid);
    let up = Counters::get(&counters.visitors_up);
    let mem_per_conn = match (rss_before, rss_idle) {
        (Some(a), Some(b)) => stats::per_connection(a, b, up),
        _ => None,
    };
    let mem_per_conn_second_half = match (rss_half, rss_idle) {
        (Some(a), Some(b)) => stats::per_connection(a, b, up.saturating_sub(up_half)),
        _ => None,
    };
    let client_mem_per_conn = match (own_before, own_idle) {
        (Some(a), Some(b)) => stats::per_connection(a, b, up),
        _ => None,
    };
    tokio::time::sleep(Duration::from_secs(args.hold_s)).await;
    let open = |c: &Counters| {
        (Counters::get(&c.visitors_up) + Counters::get(&c.agents_up))
            .saturating_sub(Counters::get(&c.dropped))
    };
    let held_idle = open(counters);
    let redis_idle = match redis {
        Some(url) => Some((
            redis_cost::subscriptions(url).await?,
            redis_cost::commands(url).await?,
        )),
        None => None,
    };

    // Drive.
    let from = Instant::now() + Duration::from_millis(200);
    let to = from + Duration::from_secs(args.duration_s);
    ctl_tx.send_replace(Ctl {
        drive: Some((from, to)),
        stop: false,
    });
    tokio::time::sleep_until(to).await;
    // Let the last messages arrive.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let redis_cost = match (redis, redis_idle) {
        (Some(url), Some((subscriptions_idle, commands_before))) => {
            let subscriptions_end = redis_cost::subscriptions(url).await?;
            let commands = redis_cost::commands(url)
                .await?
                .saturating_sub(commands_before);
            Some(RedisCost {
                subscriptions_idle,
                subscriptions_end,
                // From the idle reading to now: the drive and the 3 s after it.
                commands_per_s: stats::per_second(
                    commands,
                    Duration::from_secs(args.duration_s + 3),
                ),
            })
        }
        _ => None,
    };
    let sent = Counters::get(&counters.sent);
    let held_end = open(counters);
    let rss_end = servers.rss();
    let delivered = Counters::get(&counters.delivered);
    let acked = Counters::get(&counters.acked);

    // Stop.
    ctl_tx.send_replace(Ctl {
        drive: None,
        stop: true,
    });
    let mut hist = stats::new_histogram();
    for a in agents {
        if let Ok(Ok(h)) = tokio::time::timeout(Duration::from_secs(30), a).await {
            hist.add(&h).ok();
        }
    }
    let _ = tokio::time::timeout(
        Duration::from_secs(60),
        futures_util::future::join_all(visitors),
    )
    .await;
    let window = Duration::from_secs(args.duration_s);
    let agents_up = Counters::get(&counters.agents_up);
    Ok(Report {
        target: String::new(),
        visitors: args.visitors,
        agents: args.agents,
        active,
        interval_ms: args.interval_ms,
        duration_s: args.duration_s,
        visitors_up: up,
        agents_up,
        held_idle,
        held_end,
        connect_failed: Counters::get(&counters.connect_failed),
        http_failed: Counters::get(&counters.http_failed),
        http_retried: Counters::get(&counters.http_retried),
        dropped: Counters::get(&counters.dropped),
        error_frames: Counters::get(&counters.error_frames),
        rate_limited: Counters::get(&counters.rate_limited),
        rss_before,
        rss_idle,
        rss_end,
        mem_per_conn,
        mem_per_conn_second_half,
        client_mem_per_conn,
        sent,
        acked,
        delivered,
        expected: sent * agents_up,
        latency: Latency::of(&hist),
        ack_latency: counters.ack_latency.latency(),
        sent_per_s: stats::per_second(sent, window),
        delivered_per_s: stats::per_second(delivered, window),
        setup_s,
        connect_s,
        instances: servers.pids.len().max(1),
        redis: redis_cost,
        label: None,
    })
}
