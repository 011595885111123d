//! `run`: the legs of a run one after another (Beckon, then the bare baseline), each the same
//! load against its own servers; then their figures printed side by side and written as JSON.

use std::sync::Arc;

use tokio::time::Instant;

use crate::cli::RunArgs;
use crate::client::Counters;
use crate::figures::{Report, RunArgsJson, RunFile};
use crate::stats::{self, Latency};
use crate::{load, outbound, report, servers};

/// What a leg's server is: it decides how the load's clients log in, open chats and connect.
#[derive(Clone, Copy, PartialEq)]
pub enum ServerKind {
    Beckon,
    Bare,
}

/// One leg of a run: the load (`load.rs`) against one server set up one way.
#[derive(Clone)]
struct Leg {
    /// The leg's name in the figures (`Report::target`; `report.rs` reads "beckon").
    name: &'static str,
    server: ServerKind,
    /// The binary (`--before-bin` or `--beckon-bin`) and its label in the figures.
    bin: std::path::PathBuf,
    label: Option<String>,
    /// Webhooks and push subscriptions configured first (`outbound.rs`).
    outbound: bool,
}

/// The legs of a run, in order: for each binary (`--before-bin`, then `--beckon-bin`), Beckon,
/// then Beckon with `--webhooks`/`--push-subscriptions` configured; then the bare baseline. What
/// a leg sets up on its servers goes in `run_leg`, between starting them and the load.
fn legs(args: &RunArgs) -> Vec<Leg> {
    let mut bins = Vec::new();
    if let Some(before) = &args.before_bin {
        bins.push((before.clone(), Some("before".to_owned())));
        bins.push((args.beckon_bin.clone(), Some("after".to_owned())));
    } else {
        bins.push((args.beckon_bin.clone(), args.label.clone()));
    }
    let outbound = args.webhooks + args.push_subscriptions > 0;
    let mut legs = Vec::new();
    for (bin, label) in bins {
        for (name, with) in [("beckon", false), ("beckon+outbound", true)] {
            if with && !outbound {
                continue;
            }
            legs.push(Leg {
                name,
                server: ServerKind::Beckon,
                bin: bin.clone(),
                label: label.clone(),
                outbound: with,
            });
        }
    }
    if !args.no_baseline {
        legs.push(Leg {
            name: "bare",
            server: ServerKind::Bare,
            bin: args.beckon_bin.clone(),
            label: None,
            outbound: false,
        });
    }
    legs
}

pub async fn run(args: RunArgs) -> anyhow::Result<()> {
    let active = args
        .active
        .unwrap_or(args.visitors.min(1000))
        .min(args.visitors);
    let mut runs = Vec::new();
    for leg in legs(&args) {
        runs.push(run_leg(leg, &args, active).await?);
    }
    for r in &runs {
        print_report(r);
    }
    if let [b, bare] = runs.as_slice() {
        // One Beckon leg and the baseline: their ratios.
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

async fn run_leg(leg: Leg, args: &RunArgs, active: usize) -> anyhow::Result<Report> {
    let name = leg.name;
    let args = &RunArgs {
        beckon_bin: leg.bin.clone(),
        ..args.clone()
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
    let servers = servers::start(leg.server, args, &mut spawned).await?;
    let receiver = if leg.outbound {
        let rx = outbound::Receiver::start().await?;
        let base = format!("http://{}", servers.agents);
        outbound::configure(&base, &rx, args.webhooks, args.push_subscriptions).await?;
        Some(rx)
    } else {
        None
    };
    let redis = match leg.server {
        ServerKind::Beckon if args.url.is_none() => args.redis_url.as_deref(),
        _ => None,
    };
    let result = load::drive(
        leg.server, args, active, &servers, redis, own_pid, &counters, setup_at,
    )
    .await;
    for s in spawned {
        if result.is_err() {
            eprintln!("{}", s.log_tail());
        }
        s.stop().await;
    }
    let mut r = result?;
    if let Some(rx) = receiver {
        eprintln!(
            "loadgen: [{name}] the receiver got {} requests",
            rx.received.load(std::sync::atomic::Ordering::Relaxed)
        );
    }
    r.target = name.into();
    r.label = leg.label.filter(|_| leg.server == ServerKind::Beckon);
    Ok(r)
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
        match &r.label {
            Some(l) => format!("{} {l}", r.target),
            None => r.target.clone(),
        },
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
