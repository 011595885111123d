//! The client side, the same for Beckon and the bare baseline: source addresses, WebSocket
//! connections bound to them, and the visitor and agent tasks.

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use futures_util::{SinkExt as _, StreamExt as _};
use hdrhistogram::Histogram;
use tokio::net::{TcpSocket, TcpStream};
use tokio::sync::{watch, Semaphore};
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::client::IntoClientRequest as _;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::WebSocketStream;

use crate::stats;

pub type Ws = WebSocketStream<TcpStream>;

/// How long a connection may take to open and say `ready`.
const HANDSHAKE: Duration = Duration::from_secs(30);

/// The address the run's own logins come from (owner, agent creation).
pub fn control_addr() -> Ipv4Addr {
    Ipv4Addr::new(127, 0, 0, 2)
}

/// Agent `i` logs in and connects from its own address (login limits are per address).
pub fn agent_addr(i: usize) -> Ipv4Addr {
    Ipv4Addr::new(127, 0, 0, 3 + (i % 250) as u8)
}

/// Visitor address group `g`: 127.0.1.1, 127.0.1.2 … 127.0.1.250, 127.0.2.1 …; the whole
/// of 127/8 is loopback on Linux, so each group is a separate client address for the
/// server's per-address limits.
pub fn visitor_addr(g: usize) -> anyhow::Result<Ipv4Addr> {
    let third = 1 + g / 250;
    let second = third / 255;
    anyhow::ensure!(second < 255, "too many address groups ({g})");
    Ok(Ipv4Addr::new(
        127,
        second as u8,
        (third % 255) as u8,
        1 + (g % 250) as u8,
    ))
}

/// What the client sides count; shared by every task of a run.
#[derive(Default)]
pub struct Counters {
    pub visitors_up: AtomicU64,
    pub agents_up: AtomicU64,
    /// Connections that could not be opened or authenticated.
    pub connect_failed: AtomicU64,
    /// Connections that ended before the run stopped them.
    pub dropped: AtomicU64,
    /// HTTP calls that failed (setup).
    pub http_failed: AtomicU64,
    /// HTTP calls that answered 5xx and were tried again.
    pub http_retried: AtomicU64,
    /// `error` frames received (any code) …
    pub error_frames: AtomicU64,
    /// … of which 429.
    pub rate_limited: AtomicU64,
    /// Messages visitors sent, and acks they got.
    pub sent: AtomicU64,
    pub acked: AtomicU64,
    /// Stamped messages agents received.
    pub delivered: AtomicU64,
    /// Visitor send → its `ack` (the message is stored): Beckon only, the baseline does not
    /// ack.
    pub ack_latency: stats::SharedHistogram,
}

impl Counters {
    pub fn get(c: &AtomicU64) -> u64 {
        c.load(Ordering::Relaxed)
    }
    fn add(c: &AtomicU64) {
        c.fetch_add(1, Ordering::Relaxed);
    }
}

/// The run's phases, as the tasks see them.
#[derive(Debug, Clone, Copy, Default)]
pub struct Ctl {
    /// Visitors that are active send from `.0` until `.1`.
    pub drive: Option<(Instant, Instant)>,
    pub stop: bool,
}

fn ws_config() -> WebSocketConfig {
    // Small buffers on the client side too: 15 000 sockets in one process.
    WebSocketConfig::default()
        .read_buffer_size(4096)
        .write_buffer_size(0)
        .max_write_buffer_size(64 * 1024)
}

/// Opens a WebSocket from `local` (port chosen by the kernel) and waits for the first
/// frame carrying `"op":"ready"`.
pub async fn connect(
    server: SocketAddr,
    local: Ipv4Addr,
    url: &str,
    cookie: Option<&str>,
) -> anyhow::Result<Ws> {
    let go = async {
        let socket = TcpSocket::new_v4()?;
        socket.bind(SocketAddr::new(local.into(), 0))?;
        let stream = socket
            .connect(server)
            .await
            .with_context(|| format!("connect {server} from {local}"))?;
        stream.set_nodelay(true)?;
        let mut req = url.into_client_request()?;
        if let Some(c) = cookie {
            req.headers_mut()
                .insert("cookie", HeaderValue::from_str(c)?);
        }
        let (mut ws, _) =
            tokio_tungstenite::client_async_with_config(req, stream, Some(ws_config()))
                .await
                .context("WebSocket handshake")?;
        loop {
            match ws.next().await {
                Some(Ok(Message::Text(t))) if t.contains("\"op\":\"ready\"") => return Ok(ws),
                Some(Ok(Message::Text(t))) if t.contains("\"op\":\"error\"") => {
                    anyhow::bail!("refused: {t}")
                }
                Some(Ok(Message::Close(f))) => anyhow::bail!("closed before ready: {f:?}"),
                Some(Ok(_)) => continue,
                Some(Err(e)) => return Err(e.into()),
                None => anyhow::bail!("connection ended before ready"),
            }
        }
    };
    tokio::time::timeout(HANDSHAKE, go)
        .await
        .context("no ready frame in time")?
}

/// One visitor connection to open and, when active, drive.
pub struct VisitorPlan {
    pub index: usize,
    pub local: Ipv4Addr,
    pub url: String,
    pub active: bool,
}

/// A chat message frame carrying its send time (the same JSON for Beckon and the baseline).
pub fn chat_frame(visitor: usize, n: u64) -> String {
    let text = stats::stamp(
        stats::now_ns(),
        &format!("message {n} from visitor {visitor}"),
    );
    serde_json::json!({
        "op": "chat-message",
        "clientId": format!("lg-{visitor}-{n}"),
        "message": text,
        "attachments": [],
        "type": "client-message",
    })
    .to_string()
}

/// Where in the interval a visitor's sends fall, spread evenly over the visitors.
fn phase(index: usize, interval: Duration) -> Duration {
    let nanos = interval.as_nanos().max(1) as u64;
    let spread = (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) % nanos;
    Duration::from_nanos(spread)
}

/// A visitor: connects (holding a permit of `gate` while it does), reports, then holds the
/// connection, reads everything, and sends stamped messages while the drive lasts.
pub async fn visitor(
    server: SocketAddr,
    plan: VisitorPlan,
    interval: Duration,
    gate: Arc<Semaphore>,
    mut ctl: watch::Receiver<Ctl>,
    counters: Arc<Counters>,
) {
    let ws = {
        let _permit = gate.acquire().await;
        connect(server, plan.local, &plan.url, None).await
    };
    let mut ws = match ws {
        Ok(ws) => ws,
        Err(e) => {
            tracing_err(&format!("visitor {}: {e:#}", plan.index));
            Counters::add(&counters.connect_failed);
            return;
        }
    };
    Counters::add(&counters.visitors_up);
    let far = Instant::now() + Duration::from_secs(365 * 24 * 3600);
    let mut next: Option<Instant> = None;
    let mut until = far;
    let mut n = 0u64;
    // Send times of the messages not acked yet: a connection's frames are handled in order,
    // so acks come back in the order of the sends.
    let mut unacked = std::collections::VecDeque::new();
    loop {
        tokio::select! {
            changed = ctl.changed() => {
                let c = *ctl.borrow_and_update();
                if changed.is_err() || c.stop {
                    let _ = tokio::time::timeout(Duration::from_secs(5), ws.close(None)).await;
                    return;
                }
                if let (Some((from, to)), true, None) = (c.drive, plan.active, next) {
                    next = Some(from + phase(plan.index, interval));
                    until = to;
                }
            }
            _ = tokio::time::sleep_until(next.unwrap_or(far)) => {
                let at = next.unwrap_or(far);
                if at >= until {
                    next = None;
                    continue;
                }
                n += 1;
                unacked.push_back(stats::now_ns());
                if ws.send(Message::text(chat_frame(plan.index, n))).await.is_err() {
                    Counters::add(&counters.dropped);
                    return;
                }
                Counters::add(&counters.sent);
                next = Some(at + interval);
            }
            m = ws.next() => match m {
                Some(Ok(Message::Text(t))) => {
                    if t.contains("\"op\":\"ack\"") {
                        Counters::add(&counters.acked);
                        if let Some(sent) = unacked.pop_front() {
                            let took = stats::now_ns().saturating_sub(sent);
                            counters.ack_latency.record(Duration::from_nanos(took));
                        }
                    } else if t.contains("\"op\":\"error\"") {
                        // A refused message gets no ack.
                        if t.contains("\"clientId\"") {
                            unacked.pop_front();
                        }
                        Counters::add(&counters.error_frames);
                        if t.contains("\"code\":429") {
                            Counters::add(&counters.rate_limited);
                        }
                    }
                }
                Some(Ok(_)) => {}
                Some(Err(_)) | None => {
                    Counters::add(&counters.dropped);
                    return;
                }
            },
        }
    }
}

/// An agent: connects, then records the delivery latency of every stamped message until the
/// run stops it; returns its histogram.
pub async fn agent(
    server: SocketAddr,
    local: Ipv4Addr,
    url: String,
    cookie: Option<String>,
    mut ctl: watch::Receiver<Ctl>,
    counters: Arc<Counters>,
) -> Histogram<u64> {
    let mut h = stats::new_histogram();
    let mut ws = match connect(server, local, &url, cookie.as_deref()).await {
        Ok(ws) => ws,
        Err(e) => {
            tracing_err(&format!("agent: {e:#}"));
            Counters::add(&counters.connect_failed);
            return h;
        }
    };
    Counters::add(&counters.agents_up);
    loop {
        tokio::select! {
            changed = ctl.changed() => {
                if changed.is_err() || ctl.borrow_and_update().stop {
                    let _ = tokio::time::timeout(Duration::from_secs(5), ws.close(None)).await;
                    return h;
                }
            }
            m = ws.next() => match m {
                Some(Ok(Message::Text(t))) => {
                    if let Some(sent) = stats::stamp_of(&t) {
                        let now = stats::now_ns();
                        stats::record(&mut h, Duration::from_nanos(now.saturating_sub(sent)));
                        Counters::add(&counters.delivered);
                    } else if t.contains("\"op\":\"error\"") {
                        Counters::add(&counters.error_frames);
                    }
                }
                Some(Ok(_)) => {}
                Some(Err(_)) | None => {
                    Counters::add(&counters.dropped);
                    return h;
                }
            },
        }
    }
}

/// The first few problems go to stderr; the rest are only counted.
pub fn tracing_err(msg: &str) {
    static SHOWN: AtomicU64 = AtomicU64::new(0);
    if SHOWN.fetch_add(1, Ordering::Relaxed) < 5 {
        eprintln!("loadgen: {msg}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_distinct_loopback_hosts() {
        let mut seen = std::collections::HashSet::new();
        for g in 0..5000 {
            let a = visitor_addr(g).unwrap();
            assert!(a.is_loopback());
            assert!(a.octets()[3] != 0 && a.octets()[3] != 255);
            assert!(a != control_addr());
            assert!(seen.insert(a), "{a} twice");
        }
        assert_eq!(visitor_addr(0).unwrap(), Ipv4Addr::new(127, 0, 1, 1));
        assert_eq!(visitor_addr(250).unwrap(), Ipv4Addr::new(127, 0, 2, 1));
    }

    #[test]
    fn sends_are_spread_over_the_interval() {
        let i = Duration::from_secs(2);
        let phases: Vec<Duration> = (0..1000).map(|v| phase(v, i)).collect();
        assert!(phases.iter().all(|p| *p < i));
        let early = phases
            .iter()
            .filter(|p| **p < Duration::from_secs(1))
            .count();
        assert!(
            (400..600).contains(&early),
            "{early} of 1000 in the first half"
        );
    }
}
