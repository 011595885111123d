//! Where a leg's clients go: a running Beckon given by `--url`, Beckon instance(s) spawned for
//! the leg, or the bare baseline; and the servers' processes, for their memory.

use std::net::SocketAddr;

use anyhow::Context as _;

use crate::cli::RunArgs;
use crate::run::ServerKind;
use crate::stats;
use crate::target::{self, Spawned};

/// Where the clients go: visitors spread over `visitors`, agents on `agents`; the servers'
/// processes, for their memory.
pub struct Servers {
    pub visitors: Vec<SocketAddr>,
    pub agents: SocketAddr,
    pub pids: Vec<u32>,
}

impl Servers {
    fn one(addr: SocketAddr, pid: Option<u32>) -> Self {
        Servers {
            visitors: vec![addr],
            agents: addr,
            pids: pid.into_iter().collect(),
        }
    }

    pub fn visitor_server(&self, index: usize) -> SocketAddr {
        self.visitors[index % self.visitors.len()]
    }

    /// The RSS of all of them.
    pub fn rss(&self) -> Option<u64> {
        if self.pids.is_empty() {
            return None;
        }
        self.pids.iter().map(|p| stats::rss_bytes(*p)).sum()
    }
}

/// The servers of a leg of `kind`. Those it starts are pushed onto `spawned` as soon as each is
/// up, so that the caller stops them, and drops (kills) them when a later one fails.
pub async fn start(
    kind: ServerKind,
    args: &RunArgs,
    spawned: &mut Vec<Spawned>,
) -> anyhow::Result<Servers> {
    Ok(match (&kind, &args.url) {
        (ServerKind::Beckon, Some(url)) => {
            let u = reqwest::Url::parse(url)?;
            let host = u.host_str().context("--url needs a host")?;
            let port = u.port_or_known_default().unwrap_or(80);
            let addr = tokio::net::lookup_host((host, port))
                .await?
                .find(SocketAddr::is_ipv4)
                .context("--url: no IPv4 address")?;
            Servers::one(addr, args.server_pid)
        }
        (ServerKind::Beckon, None) => {
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
        (ServerKind::Bare, _) => {
            let s = target::spawn_bare().await?;
            let servers = Servers::one(s.addr, Some(s.pid));
            spawned.push(s);
            servers
        }
    })
}
