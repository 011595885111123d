//! The server's settings, from flags and environment variables (see `cli.rs`).

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use ipnet::IpNet;

use crate::infra::ratelimit::Rate;

#[derive(Debug, Clone)]
pub struct ServeConfig {
    /// Where to listen; port 0 picks a free port (tests).
    pub listen: SocketAddr,
    /// Holds the SQLite file and the `secret`; created when missing.
    pub data_dir: PathBuf,
    /// `sqlite:…` or `postgres://…`; `None` means `sqlite://{data_dir}/beckon.db`.
    pub database_url: Option<String>,
    /// The public origin, e.g. `https://chat.example.com` (no trailing slash). `None`: the
    /// request's Host header over http (fine for local use, set it behind a proxy).
    pub public_url: Option<String>,
    /// The built widget (`beckon.js`, `beckon.css`, chunks), served under `/static/`.
    pub static_dir: PathBuf,
    /// The built console (`web/console/dist`), served under `/console/`.
    pub console_dir: PathBuf,
    /// The chat sounds, served under `/static/audio/` (looked up here first, then in
    /// `{static_dir}/audio`).
    pub audio_dir: PathBuf,
    /// A MaxMind-format database for `/api/v1/geo`.
    pub geoip_db: Option<PathBuf>,
    /// Peers whose X-Forwarded-For is believed.
    pub trusted_proxies: Vec<IpNet>,
    /// The token key (`BECKON_SECRET`); `None` means `{data_dir}/secret`.
    pub secret: Option<String>,
    /// Statistics are written at least this often…
    pub stats_flush_interval: Duration,
    /// …and as soon as this many events wait.
    pub stats_flush_batch: usize,
    /// How many chats one client address may open: a burst, then one more per period.
    pub new_chat_rate: Rate,
    /// Realtime limits and timings.
    pub realtime: crate::engine::hub::RealtimeConfig,
    /// How long browsers and CDNs may reuse a hosted embed (`/d/{id}.js`) without asking. Zero
    /// (the default): they revalidate on every page view, so a publication shows on the next one.
    pub embed_max_age: Duration,
    /// Whether anyone may sign up (an owner and a new organisation, `api/http/signup.rs`).
    pub allow_signup: bool,
    /// Bounds on every HTTP connection (timeouts, per-address and total caps).
    pub connections: crate::infra::listener::ConnLimits,
    /// `redis://…`: one of several instances, sharing realtime events and presence through
    /// Redis (`crate::engine::cluster`). Needs PostgreSQL and an explicit `secret`.
    pub redis_url: Option<String>,
    /// `s3://bucket/prefix`: where chat files are kept (`--attachments-url`); `None`:
    /// `{data_dir}/attachments` (`crate::infra::attachments::Files`).
    pub attachments_url: Option<String>,
    /// Starts every Redis key and pub/sub channel name (deployments sharing one Redis).
    pub redis_prefix: String,
    /// Record metrics and answer `GET /metrics` (`--metrics`).
    pub metrics: bool,
    /// Outgoing e-mail: `smtp://…` or `smtps://…` (`--smtp-url`); none: nothing is mailed.
    pub smtp_url: Option<String>,
    /// The sender of every mail, `Name <address>` (`--mail-from`); needed with `smtp_url`.
    pub mail_from: Option<String>,
    /// Where visitors' replies by mail go, when a person reads them (`--mail-reply-to`).
    pub mail_reply_to: Option<String>,
    /// How long a visitor's message may wait unread before the agents are mailed
    /// (`--notify-delay-seconds`; zero: at once).
    pub notify_delay: Duration,
    /// Outbound requests (Web Push, webhooks) may use http and reach loopback and private
    /// addresses (`--allow-private-outbound`; tests and closed networks).
    pub allow_private_outbound: bool,
    /// How often ended conversations past their domain's retention are looked for
    /// (`chat::erasure`; tests make it short).
    pub retention_sweep_every: Duration,
    /// The time the store stamps (the system's; tests pass a `ManualClock`).
    pub clock: std::sync::Arc<dyn beckon_store::Clock>,
}

/// The repository's `web/` folder when the binary runs from a checkout, else `./web`.
fn web_dir() -> PathBuf {
    let repo = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../web");
    if repo.is_dir() {
        repo
    } else {
        PathBuf::from("web")
    }
}

pub fn default_static_dir() -> PathBuf {
    web_dir().join("widget/dist")
}

pub fn default_console_dir() -> PathBuf {
    web_dir().join("console/dist")
}

pub fn default_audio_dir() -> PathBuf {
    web_dir().join("widget/audio")
}

/// The demo page's body and stylesheet (`web/demo`), shown at `/` once the demo domain exists.
pub fn default_demo_dir() -> PathBuf {
    web_dir().join("demo")
}

impl ServeConfig {
    /// Defaults for everything but the data directory.
    pub fn new(data_dir: impl Into<PathBuf>) -> Self {
        ServeConfig {
            listen: "127.0.0.1:8080".parse().expect("valid address"),
            data_dir: data_dir.into(),
            database_url: None,
            public_url: None,
            static_dir: default_static_dir(),
            console_dir: default_console_dir(),
            audio_dir: default_audio_dir(),
            geoip_db: None,
            trusted_proxies: Vec::new(),
            secret: None,
            stats_flush_interval: Duration::from_secs(1),
            stats_flush_batch: 500,
            new_chat_rate: Rate {
                burst: 10,
                every: Duration::from_secs(60),
            },
            realtime: crate::engine::hub::RealtimeConfig::default(),
            embed_max_age: Duration::ZERO,
            allow_signup: false,
            connections: crate::infra::listener::ConnLimits::default(),
            redis_url: None,
            redis_prefix: "beckon:".into(),
            attachments_url: None,
            metrics: false,
            smtp_url: None,
            mail_from: None,
            mail_reply_to: None,
            notify_delay: Duration::from_secs(120),
            allow_private_outbound: false,
            retention_sweep_every: Duration::from_secs(600),
            clock: std::sync::Arc::new(beckon_store::SystemClock),
        }
    }

    /// Listening on 127.0.0.1 port 0, SQLite in `data_dir`, a fixed secret.
    pub fn for_tests(data_dir: impl Into<PathBuf>) -> Self {
        ServeConfig {
            listen: "127.0.0.1:0".parse().expect("valid address"),
            secret: Some("test-secret".into()),
            ..Self::new(data_dir)
        }
    }

    pub fn database_url(&self) -> String {
        match &self.database_url {
            Some(u) if !u.trim().is_empty() => u.trim().to_owned(),
            _ => format!("sqlite://{}", self.data_dir.join("beckon.db").display()),
        }
    }

    /// Why this configuration cannot run as one of several instances (`--redis-url`), if it
    /// cannot.
    pub fn cluster_refusal(&self) -> Option<String> {
        self.redis_url.as_ref()?;
        let db = self.database_url();
        if !(db.starts_with("postgres://") || db.starts_with("postgresql://")) {
            return Some(
                "--redis-url needs PostgreSQL (--database-url postgres://…): SQLite is one \
                 machine's database, and the instances must share one"
                    .into(),
            );
        }
        if self.secret.as_deref().is_none_or(|s| s.trim().is_empty()) {
            return Some(
                "--redis-url needs BECKON_SECRET, the same on every instance: realtime tokens \
                 issued by one instance are checked by the others"
                    .into(),
            );
        }
        None
    }
}
