//! What every handler shares.

use std::sync::Arc;

use axum::http::HeaderMap;
use ipnet::IpNet;

use crate::engine::presence::Presence;
use crate::infra::assets::StaticFiles;
use crate::infra::geo::GeoDb;
use crate::infra::stats::StatsCollector;
use crate::infra::token::TokenSigner;
use beckon_store::Store;

#[derive(Clone)]
pub struct AppState {
    pub store: Arc<dyn Store>,
    /// Agent presence (the realtime hub renews the leases).
    pub presence: Arc<dyn Presence>,
    /// Realtime token signer (issued by the public token URL, verified by the hub).
    pub tokens: Arc<TokenSigner>,
    pub stats: StatsCollector,
    pub geo: Option<Arc<GeoDb>>,
    pub trusted_proxies: Arc<Vec<IpNet>>,
    /// The configured public origin (no trailing slash), if any.
    pub public_url: Option<Arc<str>>,
    pub assets: Arc<StaticFiles>,
    /// How long hosted embeds may be reused without asking (`--embed-max-age`; zero: never).
    pub embed_max_age: std::time::Duration,
    /// `--allow-signup`: anyone may create an owner account and organisation.
    pub allow_signup: bool,
    /// The built console, served under `/console/` (`api/http/console.rs`).
    pub console: Arc<StaticFiles>,
    /// New chats per client address.
    pub new_chat_limit: Arc<crate::infra::ratelimit::RateLimiter>,
    /// Visitors' uploads per client address (`attachments::UPLOAD_RATE`).
    pub upload_limit: Arc<crate::infra::ratelimit::RateLimiter>,
    /// The realtime fan-out (broker, agent connections, limits): see `hub/`.
    pub realtime: Arc<crate::engine::hub::Hub>,
    /// Outgoing e-mail (`--smtp-url`), when configured.
    pub mailer: Option<Arc<crate::infra::mail::Mailer>>,
    /// The origin links in mail point to (`--public-url`, else the listening address).
    pub mail_origin: Arc<str>,
    /// The server's Web Push identity (`infra/egress/vapid.rs`), the same on every instance.
    pub vapid: Arc<crate::infra::egress::Vapid>,
    /// What outbound requests may reach (`--allow-private-outbound`), and the client that
    /// enforces it on every connection (`infra/egress/guard.rs`).
    pub outbound: crate::infra::egress::Outbound,
    pub http: reqwest::Client,
    /// How long a visitor's message may wait unread before agents are mailed.
    pub notify_delay: std::time::Duration,
    /// `{kind}:{chat}` → when the notification this instance queued for it runs: while it waits,
    /// a chat's further messages queue nothing (`service/outbound/notify.rs`).
    pub notify_queued: Arc<quick_cache::sync::Cache<String, i64>>,
    /// Each domain's webhooks as last read (`service/outbound/webhook.rs`): most chat events
    /// read none from the store.
    pub webhooks_cached: Arc<WebhookCache>,
    /// Wakes this instance's outbound worker when a job is added (others find it by polling).
    pub jobs_added: Arc<tokio::sync::Notify>,
    /// What `GET /readyz` checks (`infra/ready.rs`): the store, and whatever else is configured.
    pub ready: Arc<Vec<Arc<dyn crate::infra::ready::Ready>>>,
    /// The Prometheus recorder behind `GET /metrics`, with `--metrics` (`infra/metrics.rs`).
    pub metrics: Option<metrics_exporter_prometheus::PrometheusHandle>,
    /// Where chat files are kept (`infra/attachments/files.rs`).
    pub files: crate::infra::attachments::Files,
    /// Turns true when the server shuts down: long-lived connections (WebSockets) should watch
    /// it and close, or the graceful shutdown waits for them.
    pub shutdown: tokio::sync::watch::Receiver<bool>,
}

/// Domain id → (when read, its organisation's webhooks), read by `service/outbound/webhook.rs`.
pub type WebhookCache = quick_cache::sync::Cache<String, (i64, Arc<Vec<beckon_store::Webhook>>)>;

impl AppState {
    /// The public origin: the configured one, else `http://{Host}` of the request.
    pub fn public_origin(&self, headers: &HeaderMap) -> String {
        if let Some(u) = &self.public_url {
            return u.to_string();
        }
        let host = headers
            .get(axum::http::header::HOST)
            .and_then(|h| h.to_str().ok())
            .filter(|h| {
                !h.is_empty()
                    && h.bytes().all(|b| {
                        b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b':' | b'[' | b']')
                    })
            })
            .unwrap_or("localhost");
        format!("http://{host}")
    }
}
