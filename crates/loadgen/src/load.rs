//! The load every leg of a run puts on its servers: agents connect, visitors open chats and
//! connect in two halves (the servers' memory read before, half-way and after), all are held
//! idle, the active visitors send for the drive's duration, then everyone stops; the leg's
//! `Report` comes out.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use hdrhistogram::Histogram;
use tokio::sync::{watch, Semaphore};
use tokio::task::JoinHandle;
use tokio::time::Instant;

use crate::cli::RunArgs;
use crate::client::{self, Counters, Ctl, VisitorPlan};
use crate::figures::{RedisCost, Report};
use crate::run::ServerKind;
use crate::servers::Servers;
use crate::stats::{self, Latency};
use crate::{redis_cost, target};

/// Polls `done` until it holds; past `deadline` it says so and goes on, and the figures show
/// what is missing.
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

/// The load on one leg's servers, start to end; `setup_at` is when the leg began (its setup
/// time counts starting the servers). `redis`: the Redis whose cost is read, if any.
#[allow(clippy::too_many_arguments)]
pub async fn drive(
    kind: ServerKind,
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

    // Agents first: they see every chat of the domain. Then the visitors' chats.
    let agents = connect_agents(kind, args, addr, base, &ctl_rx, counters).await?;
    let plans = visitor_plans(kind, args, active, servers, base, counters).await?;
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

/// The agents' connections, up (or failed) before this returns; each task ends with its
/// delivery-latency histogram.
async fn connect_agents(
    kind: ServerKind,
    args: &RunArgs,
    addr: SocketAddr,
    base: &str,
    ctl_rx: &watch::Receiver<Ctl>,
    counters: &Arc<Counters>,
) -> anyhow::Result<Vec<JoinHandle<Histogram<u64>>>> {
    let agent_urls: Vec<(String, Option<String>)> = match kind {
        ServerKind::Beckon => target::beckon_agents(base, args.agents)
            .await?
            .into_iter()
            .map(|c| (format!("ws://{addr}/api/v1/realtime"), Some(c)))
            .collect(),
        ServerKind::Bare => (0..args.agents)
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
    Ok(agents)
}

/// The visitors' chats (Beckon: over HTTP), not connected yet.
async fn visitor_plans(
    kind: ServerKind,
    args: &RunArgs,
    active: usize,
    servers: &Servers,
    base: &str,
    counters: &Arc<Counters>,
) -> anyhow::Result<Vec<VisitorPlan>> {
    Ok(match kind {
        ServerKind::Beckon => target::beckon_chats(
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
        ServerKind::Bare => {
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
    })
}
