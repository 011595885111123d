//! The outbound scenario: webhooks and Web Push subscriptions configured on the demo
//! organisation through the owner and agent APIs, all pointing at a receiver of the run's own on
//! 127.0.0.1 that answers 2xx at once (the spawned server allows private outbound addresses), so
//! every visitor message costs the server its webhook deliveries and pushes.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use anyhow::Context as _;
use axum::http::StatusCode;
use serde_json::json;

use crate::client;
use crate::target::{self, DEMO_OWNER, DEMO_PASSWORD};

/// A browser's keys for the subscriptions (RFC 8291's example receiver): the server encrypts
/// for it as for any browser; the receiver does not decrypt.
const P256DH: &str =
    "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4";
const AUTH: &str = "BTBZMqHH6r4Tts7J_aSIgg";
/// Subscriptions one agent may have (`MAX_SUBSCRIPTIONS_PER_AGENT`).
const PER_AGENT: usize = 10;
/// Every webhook event there is.
const EVENTS: [&str; 4] = [
    "conversation.started",
    "message.created",
    "conversation.ended",
    "conversation.rated",
];

/// The receiver: answers every request 2xx, counts them.
pub struct Receiver {
    pub addr: SocketAddr,
    pub received: Arc<AtomicU64>,
    task: tokio::task::JoinHandle<()>,
}

impl Receiver {
    pub async fn start() -> anyhow::Result<Receiver> {
        let received = Arc::new(AtomicU64::new(0));
        let count = received.clone();
        let app = axum::Router::new().fallback(move || {
            let count = count.clone();
            async move {
                count.fetch_add(1, Ordering::Relaxed);
                StatusCode::CREATED
            }
        });
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
        let addr = listener.local_addr()?;
        let task = tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        Ok(Receiver {
            addr,
            received,
            task,
        })
    }
}

impl Drop for Receiver {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// Adds `webhooks` webhooks (every event) and `pushes` push subscriptions (spread over agents
/// added for them, who never connect: never online, so pushed to) on the server at `base`.
pub async fn configure(
    base: &str,
    rx: &Receiver,
    webhooks: usize,
    pushes: usize,
) -> anyhow::Result<()> {
    let owner = target::http_client(client::control_addr())?;
    let (cookie, csrf) = target::login(&owner, base, DEMO_OWNER, DEMO_PASSWORD).await?;
    let post = |path: &str, cookie: &str, csrf: &str, body: serde_json::Value| {
        owner
            .post(format!("{base}/api/v1{path}"))
            .header("cookie", cookie)
            .header("x-beckon-csrf", csrf)
            .json(&body)
            .send()
    };
    let ok = async |r: reqwest::Response, what: &str| {
        let status = r.status();
        let body = r.text().await.unwrap_or_default();
        anyhow::ensure!(status.is_success(), "{what}: {status} {body}");
        Ok(())
    };
    for i in 0..webhooks {
        let body = json!({ "url": format!("http://{}/hook/{i}", rx.addr), "events": EVENTS });
        let r = post("/owner/webhooks", &cookie, &csrf, body).await?;
        ok(r, "adding a webhook").await?;
    }
    for agent in 0..pushes.div_ceil(PER_AGENT) {
        let email = format!("loadgen-push-{agent}@demo.beckon");
        let body = json!({ "email": email, "name": format!("Push Agent {agent}"), "password": target::AGENT_PASSWORD, "role": "agent" });
        let r = post("/owner/agents", &cookie, &csrf, body).await?;
        ok(r, "adding a push agent").await?;
        let (c, x) = target::login(&owner, base, &email, target::AGENT_PASSWORD)
            .await
            .context("a push agent's login")?;
        let count = PER_AGENT.min(pushes - agent * PER_AGENT);
        for i in 0..count {
            let endpoint = format!("http://{}/push/{agent}/{i}", rx.addr);
            let body = json!({ "endpoint": endpoint, "keys": { "p256dh": P256DH, "auth": AUTH } });
            let r = post("/agent/push-subscriptions", &c, &x, body).await?;
            ok(r, "adding a push subscription").await?;
        }
    }
    Ok(())
}
