//! A webhook endpoint of a test's own on 127.0.0.1: it keeps every request (headers and body),
//! checks its signature independently of the server's code (the `standardwebhooks` crate, the
//! specification's own Rust library) and answers what the test told it (200 by default; a given
//! status, or no answer at all).

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use axum::Router;
use serde_json::Value;

/// What the endpoint answers to a request.
#[derive(Debug, Clone, Copy)]
pub enum Reply {
    Status(u16),
    /// No answer (the sender must give up on its own).
    Silence,
}

/// A request the endpoint got.
#[derive(Debug, Clone)]
pub struct Received {
    pub id: String,
    /// Unix seconds.
    pub timestamp: i64,
    pub signature: String,
    pub content_type: String,
    pub body: Value,
    pub raw: Vec<u8>,
    /// `/hook`; `/moved` would be a redirect followed (it must not be).
    pub path: String,
}

#[derive(Default)]
struct Shared {
    replies: VecDeque<Reply>,
    received: Vec<Received>,
}

pub struct Receiver {
    /// `http://127.0.0.1:PORT/hook`
    pub url: String,
    pub port: u16,
    shared: Arc<Mutex<Shared>>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for Receiver {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl Receiver {
    pub async fn start() -> Receiver {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let shared = Arc::new(Mutex::new(Shared::default()));
        let app = Router::new()
            .route("/hook", post(receive))
            .route("/moved", post(receive))
            .with_state(shared.clone());
        let task = tokio::spawn(async move {
            axum::serve(listener, app).await.unwrap();
        });
        Receiver {
            url: format!("http://127.0.0.1:{port}/hook"),
            port,
            shared,
            task,
        }
    }

    /// The next requests get these answers, in order (then 200 again).
    pub fn answer(&self, replies: &[Reply]) {
        self.shared.lock().unwrap().replies.extend(replies);
    }

    /// Answers 200 from now on (forgets the answers it was told).
    pub fn recover(&self) {
        self.shared.lock().unwrap().replies.clear();
    }

    pub fn received(&self) -> Vec<Received> {
        self.shared.lock().unwrap().received.clone()
    }
}

async fn receive(
    State(shared): State<Arc<Mutex<Shared>>>,
    uri: axum::http::Uri,
    headers: HeaderMap,
    body: Bytes,
) -> (StatusCode, HeaderMap, String) {
    let h = |name: &str| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_owned()
    };
    let reply = {
        let mut s = shared.lock().unwrap();
        s.received.push(Received {
            id: h("webhook-id"),
            timestamp: h("webhook-timestamp").parse().unwrap_or(0),
            signature: h("webhook-signature"),
            content_type: h("content-type"),
            body: serde_json::from_slice(&body).unwrap_or(Value::Null),
            raw: body.to_vec(),
            path: uri.path().to_owned(),
        });
        s.replies.pop_front().unwrap_or(Reply::Status(200))
    };
    match reply {
        Reply::Status(code) => {
            // A redirect the sender must not follow.
            let mut out = HeaderMap::new();
            out.insert("location", "/moved".parse().unwrap());
            (StatusCode::from_u16(code).unwrap(), out, "nope".into())
        }
        Reply::Silence => {
            tokio::time::sleep(Duration::from_secs(3600)).await;
            (StatusCode::OK, HeaderMap::new(), String::new())
        }
    }
}

/// Whether `r` is signed with `secret` as the Standard Webhooks library computes it, at the
/// request's own timestamp (the tests move the server's clock, so the library's check of the
/// time against the wall clock is made separately, by [`verifies_now`]).
pub fn signed_with(secret: &str, r: &Received) -> bool {
    let wh = standardwebhooks::Webhook::new(secret).expect("a Standard Webhooks secret");
    let expected = wh.sign(&r.id, r.timestamp, &r.raw).expect("signs");
    r.signature.split(' ').any(|s| s == expected)
}

/// The library's own verification (signature and a timestamp within 5 minutes of now).
pub fn verifies_now(secret: &str, r: &Received) -> bool {
    let wh = standardwebhooks::Webhook::new(secret).expect("a Standard Webhooks secret");
    let mut headers = HeaderMap::new();
    headers.insert("webhook-id", r.id.parse().unwrap());
    headers.insert(
        "webhook-timestamp",
        r.timestamp.to_string().parse().unwrap(),
    );
    headers.insert("webhook-signature", r.signature.parse().unwrap());
    wh.verify(&r.raw, &headers).is_ok()
}
