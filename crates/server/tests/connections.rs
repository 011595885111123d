//! The connection layer (docs/security.md, *Connections*), over real TCP: slow and idle
//! connections are closed, each address and the server as a whole have a cap that is answered
//! at once, unauthenticated realtime sockets are capped per address, and shutdown neither waits
//! for half-sent requests nor loses a statistic it answered.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, Instant};

use beckon_server::ServeConfig;
use beckon_store::ManualClock;
use serde_json::json;
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::{TcpSocket, TcpStream};

use crate::common::{eventually, seed_domain, spawn_with, test_dirs, TestServer};

/// How long a test waits for something that should happen.
const WAIT: Duration = Duration::from_secs(8);

async fn spawn_tuned(tune: impl FnOnce(&mut ServeConfig)) -> TestServer {
    let (dir, mut config) = test_dirs();
    tune(&mut config);
    spawn_with(dir, config).await
}

/// A TCP connection to the server from `from` (any 127.x.y.z address reaches it on Linux).
async fn connect_from(addr: SocketAddr, from: &str) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket
        .bind(SocketAddr::new(from.parse::<IpAddr>().unwrap(), 0))
        .unwrap();
    socket.connect(addr).await.unwrap()
}

const GET: &[u8] = b"GET /api/v1/geo?ip=1.2.3.4 HTTP/1.1\r\nHost: x\r\n\r\n";

/// Reads until the server closes the connection; `None` when it stays open past `WAIT`.
async fn read_to_close(s: &mut TcpStream) -> Option<String> {
    let mut out = Vec::new();
    let mut buf = [0u8; 4096];
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        match tokio::time::timeout_at(deadline, s.read(&mut buf)).await {
            Err(_) => return None,
            Ok(Ok(0)) | Ok(Err(_)) => return Some(String::from_utf8_lossy(&out).into_owned()),
            Ok(Ok(n)) => out.extend_from_slice(&buf[..n]),
        }
    }
}

/// Reads one response head and its JSON body (`Content-Length` framed); the status line and body.
async fn read_response(s: &mut TcpStream) -> (String, String) {
    let mut out = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        let n = tokio::time::timeout(WAIT, s.read(&mut buf))
            .await
            .expect("a response in time")
            .unwrap();
        assert!(
            n > 0,
            "closed before a response: {:?}",
            String::from_utf8_lossy(&out)
        );
        out.extend_from_slice(&buf[..n]);
        let text = String::from_utf8_lossy(&out).into_owned();
        if let Some((head, body)) = text.split_once("\r\n\r\n") {
            let len: usize = head
                .lines()
                .find_map(|l| {
                    l.to_ascii_lowercase()
                        .strip_prefix("content-length:")
                        .map(|v| v.trim().parse().unwrap())
                })
                .unwrap_or(0);
            if body.len() >= len {
                return (head.lines().next().unwrap().to_owned(), body.to_owned());
            }
        }
    }
}

#[tokio::test]
async fn silent_half_sent_and_idle_connections_are_closed_after_the_header_timeout() {
    let t = spawn_tuned(|c| c.connections.header_timeout = Duration::from_secs(1)).await;
    let addr = t.server.addr;
    let mut silent = TcpStream::connect(addr).await.unwrap();
    let mut half = TcpStream::connect(addr).await.unwrap();
    half.write_all(b"GET /api/v1/geo HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    let mut kept_alive = TcpStream::connect(addr).await.unwrap();
    kept_alive.write_all(GET).await.unwrap();
    let (status, body) = read_response(&mut kept_alive).await;
    assert_eq!(status, "HTTP/1.1 200 OK", "{body}");

    assert_eq!(read_to_close(&mut silent).await.as_deref(), Some(""));
    assert_eq!(read_to_close(&mut half).await.as_deref(), Some(""));
    assert_eq!(read_to_close(&mut kept_alive).await.as_deref(), Some(""));
}

#[tokio::test]
async fn a_body_that_does_not_arrive_in_time_is_answered_408() {
    let t = spawn_tuned(|c| c.connections.body_timeout = Duration::from_secs(1)).await;
    let domain = seed_domain(t.store()).await;
    let mut s = TcpStream::connect(t.server.addr).await.unwrap();
    s.write_all(
        b"POST /api/v1/stats HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
          Content-Length: 200\r\n\r\n{\"type\":",
    )
    .await
    .unwrap();
    let reply = read_to_close(&mut s)
        .await
        .expect("the server answers and closes");
    assert!(reply.starts_with("HTTP/1.1 408"), "{reply}");
    assert!(reply.contains("did not arrive within 1 s"), "{reply}");

    // A prompt body on the same server is fine.
    let r = t
        .http
        .post(t.api("/v1/stats"))
        .json(&json!({"type": "event", "payload": {"website": "beckon", "event_name": domain, "url": ""}}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 204);
}

#[tokio::test]
async fn an_address_over_its_cap_is_answered_429_and_others_are_still_served() {
    let t = spawn_tuned(|c| c.connections.per_address = 3).await;
    let addr = t.server.addr;
    let mut held = Vec::new();
    for _ in 0..3 {
        held.push(connect_from(addr, "127.0.0.1").await);
    }
    let mut over = connect_from(addr, "127.0.0.1").await;
    let reply = read_to_close(&mut over).await.expect("answered and closed");
    assert!(reply.starts_with("HTTP/1.1 429"), "{reply}");
    assert!(
        reply.contains("too many open connections from your address"),
        "{reply}"
    );

    let mut other = connect_from(addr, "127.0.0.2").await;
    other.write_all(GET).await.unwrap();
    assert_eq!(read_response(&mut other).await.0, "HTTP/1.1 200 OK");

    // A freed place is usable again.
    drop(held.pop());
    let deadline = Instant::now() + WAIT;
    loop {
        let mut again = connect_from(addr, "127.0.0.1").await;
        let _ = again.write_all(GET).await;
        let (status, _) = read_response(&mut again).await;
        if status == "HTTP/1.1 200 OK" {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the place was not freed: {status}"
        );
        tokio::task::yield_now().await;
    }
}

#[tokio::test]
async fn at_the_connection_limit_new_connections_are_answered_503_at_once() {
    let t = spawn_tuned(|c| c.connections.max_connections = Some(4)).await;
    let addr = t.server.addr;
    let mut held = Vec::new();
    for i in 1..=4 {
        held.push(connect_from(addr, &format!("127.0.1.{i}")).await);
    }
    let mut over = connect_from(addr, "127.0.2.1").await;
    let reply = read_to_close(&mut over).await.expect("answered and closed");
    assert!(reply.starts_with("HTTP/1.1 503"), "{reply}");
    assert!(reply.contains("connection limit"), "{reply}");
    // The accept loop keeps going: a second one is answered too.
    let mut over = connect_from(addr, "127.0.2.2").await;
    assert!(read_to_close(&mut over)
        .await
        .unwrap()
        .starts_with("HTTP/1.1 503"));
}

#[tokio::test]
async fn unauthenticated_realtime_sockets_are_capped_per_address() {
    use tokio_tungstenite::tungstenite::Error;
    let t = spawn_tuned(|c| c.realtime.max_unauthenticated_per_address = 2).await;
    let url = format!("ws://{}/api/v1/realtime", t.server.addr);
    let (first, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
    let (_second, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
    match tokio_tungstenite::connect_async(&url).await {
        Err(Error::Http(r)) => assert_eq!(r.status(), 429),
        other => panic!(
            "a third unauthenticated socket was accepted: {:?}",
            other.map(|_| ())
        ),
    }
    drop(first);
    eventually("the closed socket's place is freed", async || {
        tokio_tungstenite::connect_async(&url).await.is_ok()
    })
    .await;
}

#[tokio::test]
async fn shutdown_closes_idle_and_half_sent_connections_at_once() {
    let t = spawn_tuned(|_| {}).await;
    let addr = t.server.addr;
    let mut idle = TcpStream::connect(addr).await.unwrap();
    let mut half = TcpStream::connect(addr).await.unwrap();
    half.write_all(b"POST /api/v1/stats HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    let mut kept_alive = TcpStream::connect(addr).await.unwrap();
    kept_alive.write_all(GET).await.unwrap();
    read_response(&mut kept_alive).await;

    let started = Instant::now();
    t.server.shutdown().await.unwrap();
    let took = started.elapsed();
    assert!(
        took < beckon_server::SHUTDOWN_GRACE / 2,
        "shutdown waited {took:?} for connections with no request in progress"
    );
    for s in [&mut idle, &mut half, &mut kept_alive] {
        assert_eq!(read_to_close(s).await.as_deref(), Some(""));
    }
    drop(t.dir);
}

#[tokio::test]
async fn a_statistic_answered_during_shutdown_is_stored() {
    let t = spawn_tuned(|c| {
        // Written only by the last flush.
        c.stats_flush_interval = Duration::from_secs(3600);
        c.stats_flush_batch = 1_000_000;
        // Stopped: the event counts on the day read below, even across midnight.
        c.clock = Arc::new(ManualClock::starting_now());
    })
    .await;
    let domain = seed_domain(t.store()).await;
    let day = t.server.state.stats.today();
    let addr = t.server.addr;
    let body =
        json!({"type": "event", "payload": {"website": "beckon", "event_name": domain, "url": ""}})
            .to_string();
    // A request in progress when shutdown begins: the handler waits for its body (the server
    // says "100 Continue" once it does).
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(
        format!(
            "POST /api/v1/stats HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
             Expect: 100-continue\r\nContent-Length: {}\r\n\r\n",
            body.len()
        )
        .as_bytes(),
    )
    .await
    .unwrap();
    let (status, _) = read_response(&mut s).await;
    assert_eq!(status, "HTTP/1.1 100 Continue");

    let store = t.server.state.store.clone();
    let shutdown = tokio::spawn(t.server.shutdown());
    // Shutdown has begun once the listener is gone.
    eventually("the server stops listening", async || {
        TcpStream::connect(addr).await.is_err()
    })
    .await;
    s.write_all(body.as_bytes()).await.unwrap();
    let (status, _) = read_response(&mut s).await;
    assert_eq!(status, "HTTP/1.1 204 No Content");
    shutdown.await.unwrap().unwrap();

    let counted: i64 = store
        .stats_counts(&domain, &day, &day)
        .await
        .unwrap()
        .iter()
        .map(|c| c.count)
        .sum();
    assert_eq!(counted, 1, "the event answered 204 is stored");
    drop(t.dir);
}
