//! The realtime fan-out: the [`Hub`] every realtime connection of this instance shares, its
//! limits ([`RealtimeConfig`]), and the [`broker::Broker`] that carries events between
//! connections (in process; the seam a shared broker plugs into for several instances).
//! Below `state`: it knows topics and encoded frames, not the store or the sockets; the chat
//! service (`crate::service::chat`) publishes through it and the sockets (`crate::api::realtime`) read it.

use std::collections::HashMap;
use std::pin::pin;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::Notify;

use crate::infra::ratelimit::{Rate, RateLimiter};
use crate::wire::chat::PublicPersona;
use crate::wire::frames::{self, PresenceAction, Status};

pub mod broker;
pub mod org;
pub mod revoke;

use broker::{topic, Broker, Envelope, Kind};

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
    /// topic is made, so every slot is memory of every idle connection).
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
    pub(crate) ip_messages: RateLimiter,
    /// Sockets waiting for their `auth` frame, per client address.
    pub(crate) unauthenticated: Arc<crate::infra::listener::ConnCounter>,
    next_conn: AtomicU64,
    /// Agents connected to this instance: user id → connections and chosen status.
    pub(crate) agents: Mutex<HashMap<String, LocalAgent>>,
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
        crate::infra::metrics::connection_closed();
        if self.0.open.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.0.drained.notify_waiters();
        }
    }
}

pub(crate) struct LocalAgent {
    pub conns: usize,
    pub status: Status,
    pub persona: PublicPersona,
}

impl Hub {
    pub fn new(config: RealtimeConfig, broker: Arc<dyn Broker>) -> Self {
        Hub {
            ip_messages: RateLimiter::new(config.message_rate_ip),
            unauthenticated: crate::infra::listener::ConnCounter::new(
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
        crate::infra::metrics::connection_opened();
        OpenConn(self.clone())
    }

    /// Resolves once no connection is open: after [`Hub::shut_down`], when every client has
    /// been sent its close (1001) and answered it or been given up on (`api/realtime/socket.rs`, `finish`).
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
    pub(crate) async fn stopping(&self) {
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

    pub(crate) fn conn_id(&self) -> u64 {
        self.next_conn.fetch_add(1, Ordering::Relaxed)
    }

    /// How many agents (users) hold a connection to this instance.
    pub fn local_agents(&self) -> usize {
        self.agents.lock().expect("hub lock").len()
    }

    pub(crate) async fn publish(&self, topic: String, env: &Envelope) {
        crate::infra::metrics::broker_published(self.broker.kind());
        if let Err(e) = self.broker.publish(&topic, env.encode()).await {
            // Stored already: clients catch up from the store when they resume.
            tracing::warn!(error = %e, topic, "realtime: publish failed");
        }
    }

    /// An event about a channel, to its visitor(s) and the agents of its domain: `to_agents` is
    /// the same event with the visitor's persona id replaced (`PublicPersona::for_agents`) where
    /// it names the visitor.
    pub(crate) async fn publish_channel_event(
        &self,
        channel_id: &str,
        domain_id: &str,
        to_visitor: Envelope,
        to_agents: Envelope,
    ) {
        // Side by side: a shared broker sends both in one round trip.
        tokio::join!(
            self.publish(topic::channel(channel_id), &to_visitor),
            self.publish(topic::domain(domain_id), &to_agents)
        );
    }

    /// The status an agent chose, to its own sockets on every instance (`Kind::Status`).
    pub(crate) async fn publish_agent_status(&self, user_id: &str, status: Status, origin: u64) {
        let env = Envelope {
            kind: Kind::Status,
            seq: 0,
            origin,
            channel: String::new(),
            id: String::new(),
            frame: bytes::Bytes::from_static(status.as_str().as_bytes()),
        };
        self.publish(topic::user(user_id), &env).await;
    }

    /// Agent presence, to everyone on the domains.
    pub(crate) async fn publish_agent_presence(
        &self,
        domains: &[String],
        action: PresenceAction,
        persona: &PublicPersona,
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
