//! The servers under test: a `beckon serve` (spawned from the built binary with a fresh data
//! directory and the demo seed, or one already running), or the bare baseline (this binary's
//! `bare-server` mode). Also Beckon's HTTP setup: agents through the owner API, visitors'
//! chats and tokens through the public chat API.

use std::net::{Ipv4Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use futures_util::StreamExt as _;
use serde_json::{json, Value};
use tokio::io::AsyncBufReadExt as _;
use tokio::process::{Child, Command};

use crate::client::{self, Counters};

/// The demo organisation's owner and domain (`beckon seed-demo`).
pub const DEMO_OWNER: &str = "owner@demo.beckon";
pub const DEMO_PASSWORD: &str = "demo";
pub const DEMO_DOMAIN: &str = "demo";
/// The password of the agents the run adds.
pub const AGENT_PASSWORD: &str = "loadgen agent password";

/// A server the run started; killed when dropped.
pub struct Spawned {
    pub child: Child,
    pub pid: u32,
    pub addr: SocketAddr,
    pub log: Option<PathBuf>,
    _dir: Option<tempfile::TempDir>,
}

impl Spawned {
    /// SIGTERM, a few seconds to finish, then SIGKILL.
    pub async fn stop(mut self) {
        // SAFETY: kill(2) on the pid of our own child.
        unsafe {
            libc::kill(self.pid as libc::pid_t, libc::SIGTERM);
        }
        if tokio::time::timeout(Duration::from_secs(15), self.child.wait())
            .await
            .is_err()
        {
            let _ = self.child.kill().await;
        }
    }

    /// The last lines of the server's log, for error messages.
    pub fn log_tail(&self) -> String {
        let Some(p) = &self.log else {
            return String::new();
        };
        let text = std::fs::read_to_string(p).unwrap_or_default();
        let lines: Vec<&str> = text.lines().collect();
        lines[lines.len().saturating_sub(20)..].join("\n")
    }
}

fn free_port() -> anyhow::Result<u16> {
    let l = std::net::TcpListener::bind("127.0.0.1:0")?;
    Ok(l.local_addr()?.port())
}

/// Several instances: the database and Redis they share (`beckon serve --redis-url`).
#[derive(Debug, Clone)]
pub struct Shared {
    pub database_url: String,
    pub redis_url: String,
}

/// `beckon serve` on a free port, with a fresh temporary data directory; `seed`: with
/// `--seed-demo`; `shared`: on that database and Redis (one of several instances).
pub async fn spawn_beckon(
    bin: &Path,
    shared: Option<&Shared>,
    seed: bool,
) -> anyhow::Result<Spawned> {
    let dir = tempfile::Builder::new()
        .prefix("beckon-loadgen-")
        .tempdir()?;
    let port = free_port()?;
    let addr: SocketAddr = ([127, 0, 0, 1], port).into();
    let log = dir.path().join("server.log");
    let mut cmd = Command::new(bin);
    cmd.arg("serve")
        .arg("--listen")
        .arg(addr.to_string())
        .arg("--data-dir")
        .arg(dir.path().join("data"))
        // Every simulated client connects from 127.0.0.1.
        .arg("--max-connections-per-address")
        .arg("1000000")
        .env("RUST_LOG", "warn")
        // Webhooks and push subscriptions of the outbound scenario point at 127.0.0.1.
        .arg("--allow-private-outbound")
        .env_remove("DATABASE_URL")
        .env_remove("REDIS_URL")
        .env_remove("BECKON_LISTEN")
        .env_remove("BECKON_DATA_DIR");
    if seed {
        cmd.arg("--seed-demo");
    }
    if let Some(s) = shared {
        cmd.env("DATABASE_URL", &s.database_url)
            .env("REDIS_URL", &s.redis_url)
            .env("BECKON_SECRET", "loadgen shared secret");
    }
    let child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&log)?)
        .kill_on_drop(true)
        .spawn()
        .with_context(|| format!("cannot start {}", bin.display()))?;
    let pid = child.id().context("the server exited at once")?;
    let s = Spawned {
        child,
        pid,
        addr,
        log: Some(log),
        _dir: Some(dir),
    };
    let http = http_client(client::control_addr())?;
    let probe = format!("http://{addr}/api/v1/chat/public/channels/available/{DEMO_DOMAIN}");
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    loop {
        if let Ok(r) = http.get(&probe).send().await {
            if r.status().is_success() {
                return Ok(s);
            }
        }
        if tokio::time::Instant::now() > deadline {
            anyhow::bail!("beckon did not come up on {addr}:\n{}", s.log_tail());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// This binary's `bare-server` mode on a free port.
pub async fn spawn_bare() -> anyhow::Result<Spawned> {
    let exe = std::env::current_exe()?;
    let mut child = Command::new(exe)
        .arg("bare-server")
        .arg("--listen")
        .arg("127.0.0.1:0")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .kill_on_drop(true)
        .spawn()?;
    let pid = child.id().context("the bare server exited at once")?;
    let out = child.stdout.take().context("stdout")?;
    let mut lines = tokio::io::BufReader::new(out).lines();
    let line = tokio::time::timeout(Duration::from_secs(10), lines.next_line())
        .await
        .context("the bare server did not start")??
        .context("the bare server said nothing")?;
    let addr = line
        .strip_prefix("listening on ")
        .context("unexpected bare server output")?
        .parse()?;
    Ok(Spawned {
        child,
        pid,
        addr,
        log: None,
        _dir: None,
    })
}

pub fn http_client(local: Ipv4Addr) -> anyhow::Result<reqwest::Client> {
    Ok(reqwest::Client::builder()
        .local_address(std::net::IpAddr::V4(local))
        .pool_idle_timeout(Duration::from_secs(1))
        .timeout(Duration::from_secs(30))
        .build()?)
}

/// The `beckon_session=…` pair of a login answer.
fn session_cookie(r: &reqwest::Response) -> Option<String> {
    r.headers()
        .get_all(reqwest::header::SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.starts_with("beckon_session="))
        .map(|v| v.split(';').next().unwrap_or(v).to_owned())
}

pub async fn login(
    http: &reqwest::Client,
    base: &str,
    email: &str,
    password: &str,
) -> anyhow::Result<(String, String)> {
    let r = http
        .post(format!("{base}/api/v1/auth/login"))
        .json(&json!({ "email": email, "password": password }))
        .send()
        .await?;
    let status = r.status();
    let cookie = session_cookie(&r);
    let body: Value = r.json().await.unwrap_or(Value::Null);
    anyhow::ensure!(status.is_success(), "login {email}: {status} {body}");
    let csrf = body["csrfToken"].as_str().unwrap_or_default().to_owned();
    Ok((cookie.context("no session cookie")?, csrf))
}

/// Adds `m` agents to the demo organisation through the owner API (an agent that exists
/// from an earlier run is kept) and logs each in from its own address; their cookies.
pub async fn beckon_agents(base: &str, m: usize) -> anyhow::Result<Vec<String>> {
    let owner = http_client(client::control_addr())?;
    let (cookie, csrf) = login(&owner, base, DEMO_OWNER, DEMO_PASSWORD)
        .await
        .context("the demo owner's login (start the server with --seed-demo)")?;
    let mut cookies = Vec::with_capacity(m);
    for i in 0..m {
        let email = format!("loadgen-{i}@demo.beckon");
        let r = owner
            .post(format!("{base}/api/v1/owner/agents"))
            .header("cookie", &cookie)
            .header("x-beckon-csrf", &csrf)
            .json(&json!({ "email": email, "name": format!("Load Agent {i}"), "password": AGENT_PASSWORD, "role": "agent" }))
            .send()
            .await?;
        let status = r.status();
        anyhow::ensure!(
            status.is_success() || status == reqwest::StatusCode::CONFLICT,
            "adding {email}: {status} {}",
            r.text().await.unwrap_or_default()
        );
        let http = http_client(client::agent_addr(i))?;
        let (c, _) = login(&http, base, &email, AGENT_PASSWORD).await?;
        cookies.push(c);
    }
    Ok(cookies)
}

/// A visitor's chat, ready to connect.
pub struct Chat {
    pub index: usize,
    pub local: Ipv4Addr,
    pub token: String,
}

async fn new_chat(http: &reqwest::Client, base: &str, index: usize) -> anyhow::Result<String> {
    let r = http
        .post(format!(
            "{base}/api/v1/chat/public/channels/domain/{DEMO_DOMAIN}"
        ))
        .json(&json!({
            "name": format!("Visitor {index}"),
            "email": format!("visitor{index}@load.test"),
            "url": "http://localhost/",
            "legalNoticeAccepted": true,
        }))
        .send()
        .await?;
    let status = r.status();
    let body: Value = r.json().await.unwrap_or(Value::Null);
    anyhow::ensure!(status.is_success(), "new chat: {status} {body}");
    let channel = body["channel"]["id"].as_str().context("channel id")?;
    let persona = body["chatClientPersona"]["id"]
        .as_str()
        .context("persona id")?;
    let r = http
        .get(format!("{base}/api/v1/chat/public/channel/{channel}/token"))
        .query(&[("personaId", persona)])
        .send()
        .await?;
    let status = r.status();
    let body: Value = r.json().await.unwrap_or(Value::Null);
    anyhow::ensure!(status.is_success(), "token: {status} {body}");
    Ok(body["token"].as_str().context("token")?.to_owned())
}

/// Creates `n` chats over HTTP, `per_addr` from each client address (the server limits new
/// chats per address), `concurrency` addresses at a time. Failed ones are counted and left out.
pub async fn beckon_chats(
    base: &str,
    n: usize,
    per_addr: usize,
    concurrency: usize,
    counters: &Arc<Counters>,
) -> anyhow::Result<Vec<Chat>> {
    let per_addr = per_addr.max(1);
    let groups = n.div_ceil(per_addr);
    let mut jobs = Vec::with_capacity(groups);
    for g in 0..groups {
        let local = client::visitor_addr(g)?;
        let range = g * per_addr..((g + 1) * per_addr).min(n);
        jobs.push((local, range));
    }
    let results = futures_util::stream::iter(jobs)
        .map(|(local, range)| {
            let base = base.to_owned();
            let counters = counters.clone();
            async move {
                let mut out = Vec::new();
                let http = match http_client(local) {
                    Ok(h) => h,
                    Err(e) => {
                        client::tracing_err(&format!("http client: {e:#}"));
                        counters
                            .http_failed
                            .fetch_add(range.len() as u64, Ordering::Relaxed);
                        return out;
                    }
                };
                for index in range {
                    let mut attempt = 0;
                    loop {
                        match new_chat(&http, &base, index).await {
                            Ok(token) => {
                                out.push(Chat {
                                    index,
                                    local,
                                    token,
                                });
                                break;
                            }
                            // A server fault is counted, and retried a few times so the
                            // run still gets its connections.
                            Err(e) if attempt < 5 && e.to_string().contains(" 50") => {
                                client::tracing_err(&format!("visitor {index}: {e:#} (retrying)"));
                                counters.http_retried.fetch_add(1, Ordering::Relaxed);
                                attempt += 1;
                                tokio::time::sleep(Duration::from_millis(50 * attempt)).await;
                            }
                            Err(e) => {
                                client::tracing_err(&format!("visitor {index}: {e:#}"));
                                counters.http_failed.fetch_add(1, Ordering::Relaxed);
                                break;
                            }
                        }
                    }
                }
                out
            }
        })
        .buffer_unordered(concurrency.max(1))
        .collect::<Vec<_>>()
        .await;
    Ok(results.into_iter().flatten().collect())
}

/// `ws://…/api/v1/realtime?token=…` for a Beckon visitor.
pub fn beckon_visitor_url(addr: SocketAddr, token: &str) -> String {
    let mut u = reqwest::Url::parse(&format!("ws://{addr}/api/v1/realtime")).expect("valid URL");
    u.query_pairs_mut().append_pair("token", token);
    u.to_string()
}
