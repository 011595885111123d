//! What the server's tests share: starting the real server on port 0 and seeding it (here),
//! the realtime client and seeded chats (`realtime`), real `beckon serve` processes on
//! PostgreSQL and Redis (`node`), a Redis server of a test's own (`redis_server`), an SMTP server
//! of a test's own (`smtp`), a webhook endpoint of a test's own (`webhook_receiver`). Each test binary uses part of it.

#![allow(dead_code)]

pub mod node;
pub mod push_service;
pub mod realtime;
pub mod redis_server;
pub mod s3_server;
pub mod smtp;
pub mod webhook_receiver;

use std::fmt::Debug;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use beckon_server::{start, ServeConfig, Server};
use beckon_store::{ManualClock, NewDomain, Store};
use serde_json::json;

/// How long a test waits at most for something that should happen: generous, so that a busy
/// machine slows a test down instead of failing it (it usually happens within milliseconds).
pub const WAIT: Duration = Duration::from_secs(30);

/// Runs `check` until it is done (`true`, `Some`, `Ok`), at most [`WAIT`], and gives its
/// value; otherwise fails the test with `what` and what was seen last (an `Err`'s content).
pub async fn eventually<O: Outcome>(what: &str, check: impl AsyncFnMut() -> O) -> O::Value {
    eventually_within(what, WAIT, check).await
}

/// [`eventually`] with a bound of the behaviour's own (a lease that must end in its time).
pub async fn eventually_within<O: Outcome>(
    what: &str,
    within: Duration,
    mut check: impl AsyncFnMut() -> O,
) -> O::Value {
    let deadline = tokio::time::Instant::now() + within;
    loop {
        match check().await.done() {
            Ok(v) => return v,
            Err(last) => assert!(
                tokio::time::Instant::now() < deadline,
                "never happened within {within:?}: {what}{last}"
            ),
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// What an [`eventually`] check answers: done with a value, or not yet (and what it saw).
pub trait Outcome {
    type Value;
    fn done(self) -> Result<Self::Value, String>;
}

impl Outcome for bool {
    type Value = ();
    fn done(self) -> Result<(), String> {
        if self {
            Ok(())
        } else {
            Err(String::new())
        }
    }
}

impl<T> Outcome for Option<T> {
    type Value = T;
    fn done(self) -> Result<T, String> {
        self.ok_or_else(String::new)
    }
}

impl<T, E: Debug> Outcome for Result<T, E> {
    type Value = T;
    fn done(self) -> Result<T, String> {
        self.map_err(|e| format!("; last seen: {e:?}"))
    }
}

pub struct TestServer {
    pub server: Server,
    pub url: String,
    pub http: reqwest::Client,
    pub dir: tempfile::TempDir,
}

impl TestServer {
    pub fn store(&self) -> &dyn Store {
        self.server.state.store.as_ref()
    }

    pub fn api(&self, path: &str) -> String {
        format!("{}/api{path}", self.url)
    }

    #[allow(dead_code)]
    pub fn ws_url(&self) -> String {
        format!("ws://{}/api/v1/realtime", self.server.addr)
    }

    /// GET `/api{path}` and its JSON body (whatever the status).
    #[allow(dead_code)]
    pub async fn get_json(&self, path: &str) -> serde_json::Value {
        let r = self.http.get(self.api(path)).send().await.expect("request");
        r.json().await.expect("JSON body")
    }

    pub async fn stop(self) {
        self.server.shutdown().await.expect("clean shutdown");
    }
}

/// A temp dir holding `data/`, and a built-widget stand-in under `static/` and `audio/`.
pub fn test_dirs() -> (tempfile::TempDir, ServeConfig) {
    let dir = tempfile::tempdir().expect("temp dir");
    let static_dir = dir.path().join("static");
    let audio_dir = dir.path().join("audio");
    std::fs::create_dir_all(&static_dir).unwrap();
    std::fs::create_dir_all(&audio_dir).unwrap();
    std::fs::write(static_dir.join("beckon.js"), LOADER_JS).unwrap();
    std::fs::write(
        static_dir.join("beckon.css"),
        ".call-now-button{--cnb-loaded:1}\n",
    )
    .unwrap();
    // The stylesheet's parts, which hosted embeds carry (hosting.rs).
    std::fs::write(static_dir.join("beckon-core.css"), CSS_CORE).unwrap();
    std::fs::write(static_dir.join("beckon-lists.css"), CSS_LISTS).unwrap();
    std::fs::write(
        static_dir.join("chat-5XKQ2ABC.js"),
        "export const chat = 1;\n".repeat(50),
    )
    .unwrap();
    std::fs::write(
        audio_dir.join("message-sent-all.webm"),
        b"\x1a\x45\xdf\xa3webm",
    )
    .unwrap();
    let mut config = ServeConfig::for_tests(dir.path().join("data"));
    config.static_dir = static_dir;
    config.audio_dir = audio_dir;
    (dir, config)
}

pub const CSS_CORE: &str = ".cnb-single{--cnb-loaded:1}\n";
pub const CSS_LISTS: &str = ".cnb-multi{--cnb-loaded:1}\n";

pub const LOADER_JS: &str =
    "(function(){var d=window.CNB_DATA;delete window.CNB_DATA;window.__beckonSeen=d;})();\n";

pub async fn spawn_with(dir: tempfile::TempDir, config: ServeConfig) -> TestServer {
    let server = start(config).await.expect("server starts");
    let url = server.url();
    TestServer {
        server,
        url,
        http: reqwest::Client::new(),
        dir,
    }
}

pub async fn spawn() -> TestServer {
    let (dir, config) = test_dirs();
    spawn_with(dir, config).await
}

/// The server with its store's clock stopped at now: a test moves it on (`clock.advance`)
/// where two writes must be apart in time, instead of waiting.
#[allow(dead_code)]
pub async fn spawn_with_clock() -> (TestServer, Arc<ManualClock>) {
    let (dir, mut config) = test_dirs();
    let clock = Arc::new(ManualClock::starting_now());
    config.clock = clock.clone();
    (spawn_with(dir, config).await, clock)
}

/// An organisation and a domain `shop.example.com` (alias `shop.example.net`) with chat legal
/// properties; returns the domain id.
pub async fn seed_domain(store: &dyn Store) -> String {
    let org = store.create_organisation("Shop Ltd").await.unwrap();
    store
        .create_domain(NewDomain {
            id: None,
            org_id: org.id,
            name: "shop.example.com".into(),
            aliases: vec!["shop.example.net".into()],
            domain_type: "PRO".into(),
            properties: json!({"allowMultipleButtons": false, "chat-legal-enabled": "true"}),
            timezone: Some("Europe/London".into()),
        })
        .await
        .unwrap()
        .id
}

#[allow(dead_code)]
pub fn data_dir(t: &TestServer) -> PathBuf {
    t.dir.path().join("data")
}
