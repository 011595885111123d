//! The HTTP listener: Beckon's own accept loop on hyper, so that every connection is bounded
//! (docs/security.md, *Connections*):
//!
//! - a request head must arrive within [`ConnLimits::header_timeout`] of the connection's start
//!   or of its previous response (so this is also the keep-alive idle timeout);
//! - a request body within [`ConnLimits::body_timeout`] of its head, else `408`;
//! - each client address holds at most [`ConnLimits::per_address`] connections (trusted
//!   proxies are exempt), the server at most what its open-file limit allows; a connection over
//!   either cap is answered (`429` / `503`) and closed at once, so the accept loop never stops;
//! - on shutdown, connections between requests (idle, or with a half-sent head) close at once;
//!   requests in progress finish.

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{header, HeaderValue, Request, StatusCode};
use axum::response::Response;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use ipnet::IpNet;
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tower::ServiceExt as _;

mod bodies;
mod counter;
pub mod fd_limit;
mod io;

use bodies::{Busy, BusyBody, DeadlineBody};
pub use counter::{ConnCounter, Refused, Slot};
use io::Counted;

/// The bounds on every HTTP connection.
#[derive(Debug, Clone)]
pub struct ConnLimits {
    /// A request head must be complete this long after the connection opened or its previous
    /// response was sent; otherwise the connection is closed.
    pub header_timeout: Duration,
    /// A request body must be complete this long after its head; otherwise `408`.
    pub body_timeout: Duration,
    /// Open connections per client address (IPv6: per /64).
    pub per_address: usize,
    /// Open connections in all; `None`: from the open-file limit (see
    /// [`fd_limit::max_connections`]).
    pub max_connections: Option<usize>,
}

impl Default for ConnLimits {
    fn default() -> Self {
        ConnLimits {
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(30),
            per_address: 256,
            max_connections: None,
        }
    }
}

/// Serves `app` on `listener` until `stop` turns true, then until every connection's request
/// in progress has finished.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: ConnLimits,
    trusted_proxies: Arc<Vec<IpNet>>,
    mut stop: watch::Receiver<bool>,
) {
    let max_total =
        limits
            .max_connections
            .unwrap_or_else(|| match fd_limit::raise_open_file_limit() {
                Ok(limit) => {
                    let max = fd_limit::max_connections(limit);
                    tracing::info!(
                        open_files = limit,
                        max_connections = max,
                        "connection limits"
                    );
                    max
                }
                Err(e) => {
                    tracing::warn!(error = %e, "cannot read the open-file limit; assuming 1024");
                    fd_limit::max_connections(1024)
                }
            });
    let counter = ConnCounter::new(limits.per_address, max_total);
    let lingering = Arc::new(AtomicUsize::new(0));
    let limits = Arc::new(limits);
    // Every connection task holds a receiver; the loop's end waits for all of them to drop.
    let (drained_tx, drained_rx) = watch::channel(());
    loop {
        let (tcp, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                Err(e) => {
                    // Out of file descriptors (or a connection reset before it was accepted):
                    // give the others a moment to close, then keep accepting.
                    tracing::warn!(error = %e, "cannot accept a connection");
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    continue;
                }
            },
            _ = stopped(&mut stop) => break,
        };
        // No Nagle delay: realtime frames are small and must leave at once (with it, an
        // agent's frames waited for the previous one's ACK, ~10 ms at the median under load).
        let _ = tcp.set_nodelay(true);
        let ip = peer.ip().to_canonical();
        let exempt = trusted_proxies.iter().any(|n| n.contains(&ip));
        match counter.admit(ip, exempt) {
            Ok(slot) => {
                let conn = Counted::new(tcp, slot);
                let task = connection(conn, peer, app.clone(), limits.clone(), stop.clone());
                let drained = drained_rx.clone();
                tokio::spawn(async move {
                    task.await;
                    drop(drained);
                });
            }
            Err(why) => {
                tracing::debug!(%peer, ?why, "connection refused");
                refuse(tcp, why, &lingering);
            }
        }
    }
    drop(listener);
    drop(drained_rx);
    drained_tx.closed().await;
}

/// One connection, until it closes or shutdown finds it between requests.
async fn connection(
    io: Counted,
    peer: SocketAddr,
    app: Router,
    limits: Arc<ConnLimits>,
    mut stop: watch::Receiver<bool>,
) {
    let busy = Arc::new(AtomicUsize::new(0));
    let service = {
        let busy = busy.clone();
        let body_timeout = limits.body_timeout;
        tower::service_fn(move |req: Request<Incoming>| {
            request(app.clone(), req, peer, body_timeout, Busy::enter(&busy))
        })
    };
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout);
    let conn = http
        .serve_connection(TokioIo::new(io), TowerToHyperService::new(service))
        .with_upgrades();
    tokio::pin!(conn);
    tokio::select! {
        done = conn.as_mut() => {
            if let Err(e) = done {
                tracing::debug!(%peer, error = %e, "connection ended");
            }
            return;
        }
        _ = stopped(&mut stop) => {}
    }
    if busy.load(Ordering::SeqCst) == 0 {
        // Between requests, perhaps halfway through a head: nothing to finish.
        return;
    }
    conn.as_mut().graceful_shutdown();
    let _ = conn.await;
}

/// Resolves once `stop` is true (or its sender is gone).
async fn stopped(stop: &mut watch::Receiver<bool>) {
    let _ = stop.wait_for(|s| *s).await;
}

/// One request: the client's address for the handlers, the body's deadline, and the
/// connection marked busy until the response is sent.
async fn request(
    app: Router,
    mut req: Request<Incoming>,
    peer: SocketAddr,
    body_timeout: Duration,
    busy: Busy,
) -> Result<Response, Infallible> {
    req.extensions_mut().insert(ConnectInfo(peer));
    let late = Arc::new(AtomicBool::new(false));
    let deadline = tokio::time::Instant::now() + body_timeout;
    let req = req.map(|b| Body::new(DeadlineBody::new(b, deadline, late.clone())));
    let Ok(resp) = app.oneshot(req).await;
    let resp = if late.load(Ordering::Relaxed) {
        body_too_slow(body_timeout)
    } else {
        resp
    };
    Ok(resp.map(|b| Body::new(BusyBody::new(b, busy))))
}

fn body_too_slow(limit: Duration) -> Response {
    let mut r = crate::wire::api_error::json_error(
        StatusCode::REQUEST_TIMEOUT,
        &format!(
            "the request body did not arrive within {} s",
            limit.as_secs()
        ),
    );
    r.headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    r
}

/// Refused connections that may wait (1 s at most) for their client to read the answer; past
/// this many, a refused connection is closed right after its answer is written, so a flood of
/// them cannot hold the file descriptors the cap keeps free.
const MAX_LINGERING_REFUSALS: usize = 32;

/// Answers a connection over a cap and closes it, without reading its request. Done in the
/// accept loop itself: a refused socket never waits for a task to run.
fn refuse(tcp: TcpStream, why: Refused, lingering: &Arc<AtomicUsize>) {
    let (status, retry, message) = match why {
        Refused::Address => (
            "429 Too Many Requests",
            5,
            "too many open connections from your address; close some and try again",
        ),
        Refused::Full => (
            "503 Service Unavailable",
            2,
            "the server is at its connection limit; try again shortly",
        ),
    };
    let body = serde_json::json!({ "error": message }).to_string();
    let reply = format!(
        "HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\
         retry-after: {retry}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    // A fresh socket's buffer takes the whole answer at once.
    let _ = tcp.try_write(reply.as_bytes());
    if lingering.fetch_add(1, Ordering::SeqCst) >= MAX_LINGERING_REFUSALS {
        lingering.fetch_sub(1, Ordering::SeqCst);
        return; // closed now
    }
    let lingering = lingering.clone();
    tokio::spawn(async move {
        let mut tcp = tcp;
        let _ = tokio::time::timeout(Duration::from_secs(1), async {
            tcp.shutdown().await?;
            // Read what the client sent, so closing does not reset the connection before it
            // has read the answer.
            let mut sink = [0u8; 1024];
            while tcp.read(&mut sink).await? > 0 {}
            std::io::Result::Ok(())
        })
        .await;
        drop(tcp);
        lingering.fetch_sub(1, Ordering::SeqCst);
    });
}
