//! The Beckon server: config hosting, the public chat API (spec §7), statistics, geo lookup and
//! the widget's assets. `beckon serve` is [`serve`]; tests start the real server with
//! [`App::spawn_for_tests`] (or [`start`] with a [`ServeConfig`]) and talk HTTP to it.
//!
//! # Layers
//!
//! `ls src` is the architecture: one folder (or file) per layer, and the `mod` declarations of
//! this file list them in layer order, top to bottom. A module imports only the modules declared
//! below its own, never one above, so the entry points sit on the services, the services on the
//! shared state, and everything on the wire types. Below every layer is the store, a crate of its
//! own (`beckon-store`, `crates/store`) that imports only `beckon_model`: Cargo keeps it the
//! bottom layer, and every layer here may import `beckon_store::…`. This file's own functions
//! ([`start`], [`serve`]) assemble every layer, so only the top one, `cli`, calls them.
//! `tests/layering.rs` reads the order from here and fails on an import upwards, on a folder or
//! file of `src/` not declared here, and on an import cycle among the files of any folder. Each
//! folder's `mod.rs` says what is in it.
//!
//! Seams for the parts that plug in:
//! - [`beckon_store::Store`]: all persistence (SQLite or PostgreSQL);
//! - [`engine::presence::Presence`]: agent leases, read by the availability call;
//! - [`infra::token::TokenSigner`]: realtime tokens, issued by the token URL, verified by the hub;
//! - [`api::http::router`]: where route areas are mounted; [`AppState`] is what handlers share,
//!   including the shutdown signal long-lived connections should watch.

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use tokio::sync::watch;
use tokio::task::JoinHandle;

use api::http;
use engine::cluster;
use engine::hub::Hub;
use engine::presence::{LocalPresence, Presence};
use infra::redact::redact;
use infra::{
    assets, attachments, egress, geo, listener, mail, metrics, ratelimit, ready, stats, token,
};
use service::{chat, outbound};

// The binary's commands: `beckon serve`, `check-config`, `user add`, `seed-demo`.
pub mod cli;
// The network's entry points: `http` (route areas) and `realtime` (the WebSocket sockets).
pub mod api;
// Accounts, chats, outbound work (mail, Web Push, webhooks) and the domain rules they share.
pub mod service;
// `AppState`: what every handler and service shares.
pub mod state;
// `ServeConfig`: the server's settings, from flags and the environment.
pub mod config;
// The realtime engine: hub and broker, agent presence, their Redis implementations.
pub mod engine;
// The connection layer, egress, mail, files, metrics, readiness, rate limits, tokens, geo, stats.
pub mod infra;
// Every JSON body and realtime frame, the API's error answers and message limits.
pub mod wire;

pub use config::ServeConfig;
pub use state::AppState;

/// How long a graceful shutdown waits for open requests before it gives up on them.
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(10);

/// Logs to stderr; `RUST_LOG` filters (default `info`). Safe to call twice.
pub fn init_tracing() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,sqlx=warn"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .try_init();
}

/// Opens everything the handlers need.
pub async fn build_state(
    config: &ServeConfig,
    shutdown: watch::Receiver<bool>,
) -> anyhow::Result<AppState> {
    std::fs::create_dir_all(&config.data_dir).with_context(|| {
        format!(
            "cannot create the data directory {}",
            config.data_dir.display()
        )
    })?;
    if let Some(why) = config.cluster_refusal() {
        anyhow::bail!(why);
    }
    let db_url = config.database_url();
    let store = beckon_store::connect(&db_url, config.clock.clone())
        .await
        .with_context(|| format!("cannot open the database {}", redact(&db_url)))?;
    let tokens = token::TokenSigner::load_or_create(&config.data_dir, config.secret.as_deref())
        .context("cannot read or create the server secret")?;
    let geo = match &config.geoip_db {
        Some(p) => Some(Arc::new(geo::GeoDb::open(p)?)),
        None => None,
    };
    if !config.static_dir.join(http::hosting::LOADER).is_file() {
        tracing::warn!(
            dir = %config.static_dir.display(),
            "the widget is not built there: /static/ and /d/*.js will answer 404/503 \
             (build it with `npm run build -w widget` in web/)"
        );
    }
    let mailer = match (&config.smtp_url, &config.mail_from) {
        (Some(url), Some(from)) => Some(Arc::new(
            mail::Mailer::new(url, from, config.mail_reply_to.as_deref())
                .map_err(|why| anyhow::anyhow!(why))?,
        )),
        (None, None) => None,
        (Some(_), None) => anyhow::bail!(
            "--smtp-url needs --mail-from (BECKON_MAIL_FROM): the sender of Beckon's mail, \
             \"Name <address>\""
        ),
        (None, Some(_)) => anyhow::bail!(
            "--mail-from needs --smtp-url (BECKON_SMTP_URL): the SMTP server to send through"
        ),
    };
    let assets = assets::StaticFiles::new(vec![
        ("audio/".to_owned(), config.audio_dir.clone()),
        (String::new(), config.static_dir.clone()),
    ]);
    // `/readyz` checks the store, and Redis when it is configured.
    let mut ready: Vec<Arc<dyn ready::Ready>> = vec![Arc::new(ready::StoreReady(store.clone()))];
    // One instance: in-process broker and leases; several (--redis-url): shared through Redis.
    let (presence, realtime): (Arc<dyn Presence>, _) = match &config.redis_url {
        Some(url) => {
            let shared = cluster::connect(url, &config.redis_prefix, &config.realtime).await?;
            ready.push(shared.broker.clone());
            let hub = Hub::new(config.realtime.clone(), shared.broker);
            (shared.presence as Arc<dyn Presence>, hub)
        }
        None => (
            Arc::new(LocalPresence::new()),
            Hub::local(config.realtime.clone()),
        ),
    };
    let mail_origin: Arc<str> = config
        .public_url
        .clone()
        .unwrap_or_else(|| format!("http://{}", config.listen))
        .into();
    let vapid = egress::Vapid::load(
        &*store,
        egress::contact(config.mail_from.as_deref(), &mail_origin),
    )
    .await?;
    let outbound = egress::Outbound {
        allow_private: config.allow_private_outbound,
    };
    let files = attachments::Files::open(&config.data_dir, config.attachments_url.as_deref())
        .context("cannot open the attachments store (--attachments-url)")?;
    tracing::info!(store = %files.describe, "chat files");
    if config.redis_url.is_some() && config.attachments_url.is_none() {
        tracing::warn!(
            "several instances (--redis-url) with chat files in the local data directory: a file \
             is served only by the instance that took it; set --attachments-url s3://… \
             (docs/attachments.md)"
        );
    }
    Ok(AppState {
        files,
        ready: Arc::new(ready),
        metrics: config.metrics.then(metrics::install),
        store,
        presence,
        tokens: Arc::new(tokens),
        stats: stats::StatsCollector::new(config.stats_flush_batch, config.clock.clone()),
        geo,
        trusted_proxies: Arc::new(config.trusted_proxies.clone()),
        public_url: config.public_url.as_deref().map(Arc::from),
        assets: Arc::new(assets),
        embed_max_age: config.embed_max_age,
        allow_signup: config.allow_signup,
        console: Arc::new(assets::StaticFiles::new(vec![(
            String::new(),
            config.console_dir.clone(),
        )])),
        new_chat_limit: Arc::new(ratelimit::RateLimiter::new(config.new_chat_rate)),
        upload_limit: Arc::new(ratelimit::RateLimiter::new(attachments::UPLOAD_RATE)),
        realtime: Arc::new(realtime),
        mailer,
        mail_origin,
        vapid: Arc::new(vapid),
        http: outbound.client(),
        outbound,
        notify_delay: config.notify_delay,
        notify_queued: Arc::new(quick_cache::sync::Cache::new(10_000)),
        webhooks_cached: Arc::new(quick_cache::sync::Cache::new(10_000)),
        jobs_added: Arc::new(tokio::sync::Notify::new()),
        shutdown,
    })
}

/// A running server.
pub struct Server {
    pub addr: SocketAddr,
    pub state: AppState,
    shutdown: watch::Sender<bool>,
    http: JoinHandle<()>,
    /// Stops the statistics writer, which then writes what waits: sent once HTTP has drained.
    stop_stats: watch::Sender<bool>,
    stats: JoinHandle<()>,
    /// Drains the metrics' histograms (with `--metrics`).
    metrics_upkeep: Option<JoinHandle<()>>,
    /// Runs the outbound jobs (mail); stops with the server's shutdown signal.
    outbound: JoinHandle<()>,
    /// Removes ended conversations past their retention; stops with the shutdown signal.
    retention: JoinHandle<()>,
}

impl Server {
    /// `http://127.0.0.1:PORT`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Stops accepting, closes connections that are between requests (idle or half-sent),
    /// tells every WebSocket client to reconnect (close 1001) and waits for its close to go out,
    /// lets requests in progress finish (all within [`SHUTDOWN_GRACE`]), then writes the
    /// statistics still waiting, so every event that was answered is stored.
    pub async fn shutdown(self) -> anyhow::Result<()> {
        let _ = self.shutdown.send(true);
        self.state.realtime.shut_down();
        let abort = self.http.abort_handle();
        let realtime = self.state.realtime.clone();
        // Requests in progress finish; WebSockets (tasks of their own once upgraded) get their
        // close frame out before the process may exit.
        let drained = async move {
            let http = self.http.await;
            realtime.drained().await;
            http
        };
        match tokio::time::timeout(SHUTDOWN_GRACE, drained).await {
            Ok(r) => r.context("server task")?,
            Err(_) => {
                tracing::warn!("open connections did not finish in time; closing them");
                abort.abort();
            }
        }
        // The job being sent finishes; what waits is taken up after the restart.
        let _ = tokio::time::timeout(SHUTDOWN_GRACE, self.outbound).await;
        let _ = tokio::time::timeout(SHUTDOWN_GRACE, self.retention).await;
        let _ = self.stop_stats.send(true);
        self.stats.await.context("statistics writer")?;
        if let Some(upkeep) = self.metrics_upkeep {
            upkeep.abort();
        }
        Ok(())
    }
}

/// Binds, starts serving in the background, and returns at once.
pub async fn start(config: ServeConfig) -> anyhow::Result<Server> {
    let (tx, rx) = watch::channel(false);
    let listener = tokio::net::TcpListener::bind(config.listen)
        .await
        .with_context(|| format!("cannot listen on {}", config.listen))?;
    let addr = listener.local_addr()?;
    // The address bound (port 0 becomes the port chosen): what links in mail name without
    // --public-url.
    let config = ServeConfig {
        listen: addr,
        ..config
    };
    let state = build_state(&config, rx.clone()).await?;
    let (stop_stats, stats_stopped) = watch::channel(false);
    let stats = state.stats.spawn_flusher(
        state.store.clone(),
        config.stats_flush_interval,
        stats_stopped,
    );
    let metrics_upkeep = state.metrics.clone().map(metrics::spawn_upkeep);
    let outbound = outbound::spawn_worker(state.clone());
    let retention = chat::erasure::spawn_sweeper(state.clone(), config.retention_sweep_every);
    let http = tokio::spawn(listener::serve(
        listener,
        http::router(state.clone()),
        config.connections.clone(),
        state.trusted_proxies.clone(),
        rx,
    ));
    tracing::info!(
        "Beckon listening on http://{addr} (database: {}, public URL: {})",
        state.store.backend(),
        config
            .public_url
            .as_deref()
            .unwrap_or("from the Host header")
    );
    Ok(Server {
        addr,
        state,
        shutdown: tx,
        http,
        stop_stats,
        stats,
        metrics_upkeep,
        outbound,
        retention,
    })
}

/// `beckon serve`: runs until SIGTERM or Ctrl-C, then shuts down gracefully.
pub async fn serve(config: ServeConfig) -> anyhow::Result<()> {
    // Listen for SIGTERM before the server says it is listening, so an early one is not lost.
    #[cfg(unix)]
    let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())?;
    let server = start(config).await?;
    #[cfg(unix)]
    let term = term.recv();
    #[cfg(not(unix))]
    let term = std::future::pending::<Option<()>>();
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        _ = term => {}
    }
    tracing::info!("shutting down");
    server.shutdown().await
}

/// Test entry points.
pub struct App;

impl App {
    /// Starts the real server on 127.0.0.1, port 0, with SQLite in `data_dir`.
    pub async fn spawn_for_tests(data_dir: &Path) -> anyhow::Result<Server> {
        start(ServeConfig::for_tests(data_dir)).await
    }
}
