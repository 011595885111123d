//! The realtime hub: one WebSocket endpoint, `GET /api/v1/realtime`, for visitors (a token
//! from the public token URL) and agents (their session cookie). The protocol is documented
//! in `docs/realtime.md`.
//!
//! Guarantees (docs/architecture.md): a message is stored before it is published; every message has a
//! per-channel sequence number and the sender's client id, re-sends are de-duplicated and
//! acknowledged with the stored id and seq, and a visitor that resumes from a sequence number
//! gets exactly what it missed, then live messages, without gap or duplicate.
//!
//! Seams, in the manner of Centrifugo's engine split: [`broker::Broker`] fans events out
//! (in process here, Redis later) and [`crate::presence::Presence`] holds agent leases with a
//! TTL that connections renew while they live.
//!
//! Bounds: 4 KiB read buffers, 16 KiB frames, a bounded send queue per connection (a client
//! that does not keep up is disconnected), per-address and per-connection message rates.

use std::collections::HashMap;
use std::pin::pin;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::routing::get;
use axum::Router;
use serde_json::{json, Value};
use tokio::sync::Notify;

use crate::http::chat::{channel_json, message_json, public_persona_json};
use crate::ratelimit::{Rate, RateLimiter};
use crate::state::AppState;
use crate::store::{Channel, Inserted, Message, NewMessage, Persona, StoreError};

mod agent;
pub mod broker;
mod coalesce;
mod conn;
pub mod frames;
mod outbox;
pub mod revoke;
mod visitor;

use broker::{topic, Broker, Envelope, Kind};
use frames::{CheckedMessage, Status};

/// The endpoint, under `/api`.
pub const PATH: &str = "/v1/realtime";

/// Limits and timings of the hub.
#[derive(Debug, Clone)]
pub struct RealtimeConfig {
    /// Frames waiting for one client; a client this far behind is disconnected (1013).
    pub send_queue: usize,
    /// Largest frame and message a client may send (bytes).
    pub max_frame: usize,
    /// The socket's read buffer (bytes).
    pub read_buffer: usize,
    /// Bytes buffered before a write is flushed.
    pub write_buffer: usize,
    /// Most bytes the socket buffers when the client does not read.
    pub max_write_buffer: usize,
    /// One frame may take this long to write before the client is dropped.
    pub write_timeout: Duration,
    /// How often the server pings (and renews agent leases).
    pub heartbeat: Duration,
    /// A connection that sends nothing (not even a pong) this long is closed.
    pub idle_timeout: Duration,
    /// The first frame must authenticate within this.
    pub auth_timeout: Duration,
    /// An agent's socket re-checks its login this often (an expired session closes it).
    pub session_check: Duration,
    /// An agent's lease; renewed every `heartbeat` while the connection lives.
    pub lease_ttl: Duration,
    /// Typing turns itself off after this.
    pub typing_ttl: Duration,
    /// Chat messages per client address (all its connections).
    pub message_rate_ip: Rate,
    /// Chat messages per connection.
    pub message_rate_conn: Rate,
    /// Any frames per connection.
    pub frame_rate_conn: Rate,
    /// Sockets one client address (IPv6: /64) may hold open before they authenticate; more
    /// are refused at the upgrade (429).
    pub max_unauthenticated_per_address: usize,
    /// Malformed frames a connection may send before it is closed (1008).
    pub max_bad_frames: u32,
    /// Events a topic holds for a subscriber that is behind (in-process broker).
    pub broker_capacity: usize,
    /// The same for a chat's own topic (one per visitor connection, allocated whole when the
    /// topic is made: 16 slots were 1.1 KB of every idle connection, each slot is 64 bytes).
    /// Small: a visitor that falls behind gets its messages and the end from the store; what
    /// it may miss is presence (typing), which expires on its own.
    pub chat_topic_capacity: usize,
}

impl Default for RealtimeConfig {
    fn default() -> Self {
        RealtimeConfig {
            send_queue: 256,
            max_frame: 16 * 1024,
            read_buffer: 4 * 1024,
            write_buffer: 0,
            max_write_buffer: 64 * 1024,
            write_timeout: Duration::from_secs(10),
            heartbeat: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(35),
            auth_timeout: Duration::from_secs(10),
            session_check: Duration::from_secs(60),
            lease_ttl: Duration::from_secs(30),
            typing_ttl: Duration::from_secs(6),
            message_rate_ip: Rate {
                burst: 60,
                every: Duration::from_millis(250),
            },
            message_rate_conn: Rate {
                burst: 20,
                every: Duration::from_millis(500),
            },
            frame_rate_conn: Rate {
                burst: 60,
                every: Duration::from_millis(100),
            },
            max_unauthenticated_per_address: 32,
            max_bad_frames: 10,
            broker_capacity: 1024,
            chat_topic_capacity: 2,
        }
    }
}

/// What the realtime connections of this instance share.
pub struct Hub {
    pub config: RealtimeConfig,
    pub broker: Arc<dyn Broker>,
    ip_messages: RateLimiter,
    /// Sockets waiting for their `auth` frame, per client address.
    unauthenticated: Arc<crate::listener::ConnCounter>,
    next_conn: AtomicU64,
    /// Agents connected to this instance: user id → connections and chosen status.
    agents: Mutex<HashMap<String, LocalAgent>>,
    /// Set when the server shuts down: the connections close (1001).
    stopping: AtomicBool,
    stop: Notify,
    /// Connections whose task still runs, and a wake-up when the last one ends.
    open: AtomicUsize,
    drained: Notify,
}

/// One open connection, counted while its task runs (`Hub::drained`, the connections gauge).
pub(crate) struct OpenConn(Arc<Hub>);

impl Drop for OpenConn {
    fn drop(&mut self) {
        crate::metrics::connection_closed();
        if self.0.open.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.0.drained.notify_waiters();
        }
    }
}

struct LocalAgent {
    conns: usize,
    status: Status,
    persona: Value,
}

impl Hub {
    pub fn new(config: RealtimeConfig, broker: Arc<dyn Broker>) -> Self {
        Hub {
            ip_messages: RateLimiter::new(config.message_rate_ip),
            unauthenticated: crate::listener::ConnCounter::new(
                config.max_unauthenticated_per_address,
                usize::MAX,
            ),
            config,
            broker,
            // Connection ids name the origin of events, which other instances see too: each
            // process starts at a random point, so two instances' ids do not meet.
            next_conn: AtomicU64::new(u64::from(rand::random::<u32>()) << 32 | 1),
            agents: Mutex::new(HashMap::new()),
            stopping: AtomicBool::new(false),
            stop: Notify::new(),
            open: AtomicUsize::new(0),
            drained: Notify::new(),
        }
    }

    /// The server shuts down: every connection closes (1001).
    pub fn shut_down(&self) {
        self.stopping.store(true, Ordering::SeqCst);
        self.stop.notify_waiters();
    }

    pub(crate) fn open_conn(self: &Arc<Self>) -> OpenConn {
        self.open.fetch_add(1, Ordering::SeqCst);
        crate::metrics::connection_opened();
        OpenConn(self.clone())
    }

    /// Resolves once no connection is open: after [`Hub::shut_down`], when every client has
    /// been sent its close (1001) and answered it or been given up on (`conn.rs`, `finish`).
    pub async fn drained(&self) {
        loop {
            let mut drained = pin!(self.drained.notified());
            drained.as_mut().enable();
            if self.open.load(Ordering::SeqCst) == 0 {
                return;
            }
            drained.await;
        }
    }

    /// Resolves once the server shuts down. (Every idle connection waits on this: a `Notified`
    /// is less than half the size of a wait on the server's shutdown `watch`.)
    async fn stopping(&self) {
        loop {
            let mut stop = pin!(self.stop.notified());
            stop.as_mut().enable();
            if self.stopping.load(Ordering::SeqCst) {
                return;
            }
            stop.await;
        }
    }

    /// With the in-process broker.
    pub fn local(config: RealtimeConfig) -> Self {
        let broker = Arc::new(broker::LocalBroker::with_chat_capacity(
            config.broker_capacity,
            config.chat_topic_capacity,
        ));
        Self::new(config, broker)
    }

    fn conn_id(&self) -> u64 {
        self.next_conn.fetch_add(1, Ordering::Relaxed)
    }

    /// How many agents (users) hold a connection to this instance.
    pub fn local_agents(&self) -> usize {
        self.agents.lock().expect("hub lock").len()
    }

    async fn publish(&self, topic: String, env: &Envelope) {
        crate::metrics::broker_published(self.broker.kind());
        if let Err(e) = self.broker.publish(&topic, env.encode()).await {
            // Stored already: clients catch up from the store when they resume.
            tracing::warn!(error = %e, topic, "realtime: publish failed");
        }
    }

    /// An event about a channel, to its visitor(s) and the agents of its domain.
    async fn publish_channel_event(&self, channel: &Channel, env: Envelope) {
        self.publish(topic::channel(&channel.id), &env).await;
        self.publish(topic::domain(&channel.domain_id), &env).await;
    }

    /// Agent presence, to everyone on the domains.
    async fn publish_agent_presence(
        &self,
        domains: &[String],
        action: &str,
        persona: &Value,
        status: Status,
        origin: u64,
    ) {
        for d in domains {
            let env = Envelope {
                kind: Kind::AgentPresence,
                seq: 0,
                origin,
                channel: String::new(),
                id: String::new(),
                frame: frames::presence(action, None, Some(d), persona, status, false).into(),
            };
            self.publish(topic::agents(d), &env).await;
        }
    }
}

/// The route, mounted under `/api` by [`crate::http::router`].
pub fn routes() -> Router<AppState> {
    Router::new().route(PATH, get(conn::upgrade))
}

// ---------- what the HTTP API and the connections publish ----------

/// Stores a message (idempotent on its client id) and, when it is new, publishes it.
pub async fn post_message(
    state: &AppState,
    channel: &Channel,
    sender: &Persona,
    msg: CheckedMessage,
    origin: u64,
) -> Result<Inserted, StoreError> {
    let inserted = crate::metrics::store(
        "insert_message",
        state.store.insert_message(NewMessage {
            channel_id: channel.id.clone(),
            client_id: msg.client_id,
            sender_persona_id: sender.id.clone(),
            text: msg.text,
            attachments: msg.attachments,
        }),
    )
    .await?;
    if inserted.created {
        publish_message(state, channel, &inserted.message, sender, origin).await;
    }
    Ok(inserted)
}

/// Publishes a stored message (the chat itself was announced when it was created).
pub async fn publish_message(
    state: &AppState,
    channel: &Channel,
    message: &Message,
    sender: &Persona,
    origin: u64,
) {
    crate::metrics::message_in();
    let hub = &state.realtime;
    let env = Envelope {
        kind: Kind::Message,
        seq: message.seq,
        origin,
        channel: channel.id.clone(),
        id: message.id.clone(),
        frame: frames::chat_message(&channel.id, message_json(message, Some(sender))).into(),
    };
    hub.publish_channel_event(channel, env).await;
}

/// Tells the domain's agents about a chat (`new-channel`). `known` may hold the visitor's
/// persona to save a lookup.
pub async fn announce_channel(state: &AppState, channel: &Channel, known: Option<&Persona>) {
    let visitor = match known.filter(|p| p.id == channel.visitor_persona_id) {
        Some(p) => public_persona_json(p),
        None => match state.store.get_persona(&channel.visitor_persona_id).await {
            Ok(p) => public_persona_json(&p),
            Err(e) => {
                tracing::warn!(error = %e, "realtime: visitor persona lookup failed");
                json!({ "id": channel.visitor_persona_id })
            }
        },
    };
    let domain = state.store.get_domain(&channel.domain_id).await.ok();
    let env = Envelope {
        kind: Kind::NewChannel,
        seq: 0,
        origin: 0,
        channel: channel.id.clone(),
        id: String::new(),
        frame: frames::new_channel(channel_json(channel, domain.as_ref()), visitor).into(),
    };
    state
        .realtime
        .publish(topic::domain(&channel.domain_id), &env)
        .await;
}

/// The chat ended: `channel-ended` to its visitor and the domain's agents.
pub async fn publish_ended(state: &AppState, channel: &Channel, origin: u64) {
    let env = Envelope {
        kind: Kind::Ended,
        seq: 0,
        origin,
        channel: channel.id.clone(),
        id: String::new(),
        frame: frames::channel_ended(&channel.id).into(),
    };
    state.realtime.publish_channel_event(channel, env).await;
}

/// Something agents track changed (`channel-update`: assigned, read); visitors do not see it.
pub async fn publish_channel_update(state: &AppState, channel: &Channel, update: Value) {
    let mut frame = json!({ "op": "channel-update", "channelId": channel.id });
    if let (Some(f), Some(u)) = (frame.as_object_mut(), update.as_object()) {
        f.extend(u.clone());
    }
    let env = Envelope {
        kind: Kind::Presence,
        seq: 0,
        origin: 0,
        channel: channel.id.clone(),
        id: String::new(),
        frame: frames::text(&frame).into(),
    };
    state
        .realtime
        .publish(topic::domain(&channel.domain_id), &env)
        .await;
}

/// An agent chose online or away outside a socket (the agent HTTP API): this instance's
/// sockets of that agent follow, so they renew the lease only while online.
pub async fn set_agent_status(state: &AppState, user_id: &str, domains: &[String], online: bool) {
    let status = if online { Status::Online } else { Status::Away };
    let persona = {
        let mut agents = state.realtime.agents.lock().expect("hub lock");
        match agents.get_mut(user_id) {
            Some(a) => {
                a.status = status;
                Some(a.persona.clone())
            }
            None => None,
        }
    };
    let persona = match persona {
        Some(p) => p,
        None => match state.store.get_user(user_id).await {
            Ok(u) => {
                agent::persona_json(state, u.persona_id.as_deref().unwrap_or(""), &u.name).await
            }
            Err(_) => json!({ "id": null, "type": "ChatAgentPersona", "name": null }),
        },
    };
    state
        .realtime
        .publish_agent_presence(domains, "update", &persona, status, 0)
        .await;
}
