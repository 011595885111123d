//! Operations: `/healthz`, `/readyz`, `/metrics` on the real server, and a graceful drain of
//! the real `beckon` process on SIGTERM. (Its own test binary: the metrics recorder is
//! process-wide.)

mod common;

use common::realtime as support;

use std::process::Stdio;
use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use beckon_server::infra::ready::Ready;
use futures_util::{SinkExt as _, StreamExt as _};
use serde_json::{json, Value};
use support::*;
use tokio_tungstenite::tungstenite::Message;
use tower::ServiceExt as _;

async fn get_text(t: &T, path: &str) -> (u16, String) {
    let r = t.http.get(format!("{}{path}", t.url)).send().await.unwrap();
    (r.status().as_u16(), r.text().await.unwrap())
}

#[tokio::test]
async fn healthz_and_readyz_answer_and_metrics_are_off_by_default() {
    let t = spawn().await;
    assert_eq!(get_text(&t, "/healthz").await, (200, "ok\n".into()));
    assert_eq!(
        get_text(&t, "/readyz").await,
        (200, "ready\nstore: ok\n".into())
    );
    let (status, body) = get_text(&t, "/metrics").await;
    assert_eq!(status, 404);
    assert!(body.contains("--metrics"), "{body}");
}

struct Down;

#[async_trait]
impl Ready for Down {
    fn name(&self) -> &'static str {
        "redis"
    }
    async fn check(&self) -> Result<(), String> {
        Err("connection refused by redis.internal:6379".into())
    }
}

/// A dependency that never answers.
struct Hangs;

#[async_trait]
impl Ready for Hangs {
    fn name(&self) -> &'static str {
        "broker"
    }
    async fn check(&self) -> Result<(), String> {
        std::future::pending().await
    }
}

async fn readyz_of(state: beckon_server::AppState) -> (u16, String) {
    let req = axum::http::Request::get("/readyz")
        .body(axum::body::Body::empty())
        .unwrap();
    let r = beckon_server::api::http::router(state)
        .oneshot(req)
        .await
        .unwrap();
    let status = r.status().as_u16();
    let body = axum::body::to_bytes(r.into_body(), 1 << 16).await.unwrap();
    (status, String::from_utf8(body.to_vec()).unwrap())
}

#[tokio::test]
async fn readyz_is_503_when_a_dependency_is_down_or_silent_without_saying_where() {
    let t = spawn().await;
    let mut state = t.server.state.clone();
    let mut checks = (*state.ready).clone();
    checks.push(Arc::new(Down));
    state.ready = Arc::new(checks.clone());
    let (status, body) = readyz_of(state.clone()).await;
    assert_eq!(status, 503);
    assert_eq!(
        body,
        "not ready\nstore: ok\nredis: unreachable (the server log has the reason)\n"
    );
    assert!(!body.contains("redis.internal"));

    let started = std::time::Instant::now();
    checks.pop();
    checks.push(Arc::new(Hangs));
    state.ready = Arc::new(checks);
    let (status, body) = readyz_of(state).await;
    assert_eq!(status, 503);
    assert!(body.contains("broker: unreachable"), "{body}");
    assert!(
        started.elapsed() < beckon_server::infra::ready::CHECK_TIMEOUT + Duration::from_secs(2)
    );
}

/// The value of one sample (`name` or `name{labels}`) in Prometheus text, 0 when absent.
fn sample(text: &str, series: &str) -> f64 {
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .find_map(|l| {
            let (name, value) = l.rsplit_once(' ')?;
            (name == series).then(|| value.parse().unwrap())
        })
        .unwrap_or(0.0)
}

async fn scrape(t: &T) -> String {
    let (status, body) = get_text(t, "/metrics").await;
    assert_eq!(status, 200, "{body}");
    body
}

/// Waits until the scraped text satisfies `ok` (the gauges move when tasks finish).
async fn scrape_until(t: &T, what: &str, ok: impl Fn(&str) -> bool) -> String {
    eventually(what, async || {
        let text = scrape(t).await;
        if ok(&text) {
            Ok(text)
        } else {
            Err(text)
        }
    })
    .await
}

#[tokio::test]
async fn metrics_move_with_a_conversation() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = config(dir.path());
    c.metrics = true;
    let t = spawn_config(dir, c).await;
    let before = scrape(&t).await;
    assert!(before.contains("# TYPE beckon_realtime_connections gauge"));

    let (domain, org) = seed(t.store()).await;
    add_agent(t.store(), &org, "agent@shop.test", "Ada").await;
    let (cookie, _) = login(&t, "agent@shop.test").await;
    let (mut agent, _) = Ws::agent(&t, &cookie).await;
    let (channel, _, token) = new_chat(&t, &domain, "Ann").await;
    let (mut visitor, _) = Ws::visitor(&t, &token, None).await;
    let open = sample(&before, "beckon_realtime_connections");
    scrape_until(&t, "two more connections", |m| {
        sample(m, "beckon_realtime_connections") >= open + 2.0
    })
    .await;

    visitor.say("v1", "hello").await;
    agent.recv_op("new-channel").await;
    agent.recv_op("chat-message").await;
    agent.send(reply(&channel, "a1", "hi Ann")).await;
    // The visitor's own message comes back first.
    while !visitor
        .recv_op("chat-message")
        .await
        .to_string()
        .contains("hi Ann")
    {}

    let after = scrape(&t).await;
    let moved = |series: &str| sample(&after, series) - sample(&before, series);
    assert!(moved("beckon_messages_in_total") >= 2.0, "{after}");
    // The visitor's message to the agent and back to itself, the agent's to the visitor.
    assert!(moved("beckon_messages_out_total") >= 2.0, "{after}");
    assert!(moved("beckon_delivery_seconds_count") >= 2.0, "{after}");
    assert!(
        moved(r#"beckon_delivery_seconds_bucket{le="5"}"#) >= 2.0,
        "a delivery on loopback takes well under 5 s:\n{after}"
    );
    assert!(
        moved(r#"beckon_broker_published_total{broker="local"}"#) >= 4.0,
        "two messages, each to its chat and its domain:\n{after}"
    );
    assert!(moved(r#"beckon_broker_received_total{broker="local"}"#) >= 2.0);
    assert!(moved(r#"beckon_store_seconds_count{op="insert_message"}"#) >= 2.0);

    drop(visitor);
    drop(agent);
    scrape_until(&t, "the two connections closed", |m| {
        sample(m, "beckon_realtime_connections") <= open
    })
    .await;
}

// ---------- the real process ----------

/// Kills the process if the test fails before it exits.
struct KillOnDrop(u32);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        unsafe { libc::kill(self.0 as i32, libc::SIGKILL) };
    }
}

/// `beckon serve` on port 0 with SQLite in `dir`; returns it and its address from its log.
fn start_process(dir: &std::path::Path) -> (std::process::Child, String) {
    use std::io::BufRead as _;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_beckon"))
        .args(["serve", "--listen", "127.0.0.1:0", "--data-dir"])
        .arg(dir.join("data"))
        .arg("--static-dir")
        .arg(dir.join("static"))
        .env("BECKON_SECRET", "drain-test-secret")
        .env("RUST_LOG", "info")
        .stderr(Stdio::piped())
        .spawn()
        .expect("the beckon binary starts");
    let stderr = child.stderr.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    // Reads its log to the end, so it never blocks on a full pipe.
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(stderr)
            .lines()
            .map_while(Result::ok)
        {
            if let Some(rest) = line.split("Beckon listening on http://").nth(1) {
                let _ = tx.send(rest.split_whitespace().next().unwrap().to_owned());
            }
        }
    });
    let addr = rx
        .recv_timeout(WAIT)
        .expect("the server says where it listens");
    (child, addr)
}

#[tokio::test]
async fn sigterm_drains_sockets_with_a_reconnect_close_and_keeps_every_acknowledged_message() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("data/beckon.db").display());
    std::fs::create_dir_all(dir.path().join("data")).unwrap();
    let domain = {
        let store = beckon_store::connect(&db, Arc::new(beckon_store::SystemClock))
            .await
            .unwrap();
        seed(store.as_ref()).await.0
    };
    let (mut child, addr) = start_process(dir.path());
    let killer = KillOnDrop(child.id());
    let http = reqwest::Client::new();
    let r: Value = http
        .post(format!(
            "http://{addr}/api/v1/chat/public/channels/domain/{domain}"
        ))
        .json(
            &json!({"name": "Ann", "email": "ann@example.com", "url": "https://shop.example.com/"}),
        )
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let channel = r["channel"]["id"]
        .as_str()
        .unwrap_or_else(|| panic!("no channel id in {r}"))
        .to_owned();
    let persona = r["chatClientPersona"]["id"].as_str().unwrap().to_owned();
    let token: Value = http
        .get(format!(
            "http://{addr}/api/v1/chat/public/channel/{channel}/token?personaId={persona}"
        ))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/api/v1/realtime"))
        .await
        .unwrap();
    ws.send(Message::text(
        json!({"op": "auth", "token": token["token"]}).to_string(),
    ))
    .await
    .unwrap();

    // The visitor keeps sending; SIGTERM arrives after the third acknowledgement.
    let mut acked = Vec::new();
    let mut sent = 0;
    let mut ready = false;
    let close = tokio::time::timeout(Duration::from_secs(15), async {
        loop {
            match ws.next().await {
                Some(Ok(Message::Text(t))) => {
                    let f: Value = serde_json::from_str(&t).unwrap();
                    match f["op"].as_str() {
                        Some("ready") => ready = true,
                        Some("ack") => {
                            acked.push(f["clientId"].as_str().unwrap().to_owned());
                            if acked.len() == 3 {
                                let pid = child.id() as i32;
                                assert_eq!(unsafe { libc::kill(pid, libc::SIGTERM) }, 0);
                            }
                        }
                        _ => {}
                    }
                    if ready && sent <= acked.len() + 1 {
                        sent += 1;
                        let m = json!({"op": "chat-message", "clientId": format!("m{sent}"), "message": "hi", "attachments": [], "type": "client-message"});
                        // The server may be closing: a failed send is what a client sees then.
                        let _ = ws.send(Message::text(m.to_string())).await;
                    }
                }
                Some(Ok(Message::Close(f))) => return f,
                Some(Ok(_)) => {}
                Some(Err(e)) => panic!("the socket broke instead of closing: {e}"),
                None => panic!("the socket ended without a close frame"),
            }
        }
    })
    .await
    .expect("the server closes the socket after SIGTERM");
    let close = close.expect("a close frame with a code");
    assert_eq!(
        u16::from(close.code),
        1001,
        "1001: reconnect (to another instance)"
    );
    assert_eq!(close.reason.as_str(), "the server is shutting down");

    let status = tokio::time::timeout(
        Duration::from_secs(15),
        tokio::task::spawn_blocking(move || child.wait()),
    )
    .await
    .expect("the process exits")
    .unwrap()
    .unwrap();
    std::mem::forget(killer);
    assert!(status.success(), "exit status {status}");

    let store = beckon_store::connect(&db, Arc::new(beckon_store::SystemClock))
        .await
        .unwrap();
    let stored: Vec<String> = store
        .messages_after(&channel, 0, 1000)
        .await
        .unwrap()
        .into_iter()
        .map(|m| m.client_id)
        .collect();
    assert!(acked.len() >= 3);
    for id in &acked {
        assert!(
            stored.contains(id),
            "acknowledged {id} is stored: {stored:?}"
        );
    }
}
