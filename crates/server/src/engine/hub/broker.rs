//! Fan-out between connections, and (with a shared implementation) between instances: the
//! broker half of the engine split. A topic is a string; a payload is opaque bytes (an
//! [`Envelope`]). Publishing never waits for subscribers; a subscriber that falls behind gets a
//! [`Lagged`] item instead of the events it missed and recovers from the store (messages are
//! stored before they are published) or reconnects.
//!
//! Topics the hub uses (see [`topic`]):
//! - `ch:{channelId}`: everything about one chat (messages, presence, typing, end);
//! - `dom:{domainId}`: the same events for every chat of a domain, for agents (and what only
//!   agents get: new chats, `channel-update`, private notes), except …
//! - `vis:{domainId}`: … the visitors' presence in the domain's chats, for agents: a burst of
//!   visitors arriving is many of these, and an agent may skip some (it keeps the latest of
//!   each visitor, `coalesce.rs`) without missing a message;
//! - `agents:{domainId}`: agent presence, for the visitors and agents of a domain;
//! - `user:{userId}`: for that user's own sockets on every instance: logins that ended
//!   (`revoke.rs`) and the status the agent chose (online or away);
//! - `org:{orgId}`: for the organisation's agent sockets on every instance: its domains or
//!   accounts changed (`org.rs`), so they follow the domains they listen to and hold leases on.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use bytes::Bytes;
use futures_util::stream::BoxStream;
use tokio::sync::broadcast;

/// A subscriber missed this many events.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lagged(pub u64);

/// What a subscription yields.
pub type BrokerItem = Result<Bytes, Lagged>;

/// A live subscription; dropping it unsubscribes.
pub type Subscription = BoxStream<'static, BrokerItem>;

/// The subscriptions one connection listens to, as one stream. A visitor's two (its chat and
/// its domain's agents) are polled side by side in place; an agent's many (three per domain) go
/// in a `SelectAll`, which allocates a task per subscription (0.4 KB a visitor would pay for
/// nothing), and which can take more while the connection lives (a new domain).
pub enum Events {
    Two(futures_util::stream::Select<Subscription, Subscription>),
    Many(futures_util::stream::SelectAll<Subscription>),
}

impl Events {
    pub fn two(a: Subscription, b: Subscription) -> Self {
        Events::Two(futures_util::stream::select(a, b))
    }

    /// Listens to one more subscription (an agent's: a visitor's two are fixed).
    pub fn push(&mut self, sub: Subscription) {
        match self {
            Events::Many(s) => s.push(sub),
            Events::Two(_) => debug_assert!(false, "a visitor's subscriptions are fixed"),
        }
    }

    /// The next event; `None` once every subscription has ended (never, with none at all).
    pub async fn next(&mut self) -> Option<BrokerItem> {
        use futures_util::StreamExt as _;
        match self {
            Events::Two(s) => s.next().await,
            Events::Many(s) if s.is_empty() => std::future::pending().await,
            Events::Many(s) => s.next().await,
        }
    }
}

#[derive(Debug, thiserror::Error)]
#[error("broker unavailable: {0}")]
pub struct BrokerError(pub String);

/// Publish/subscribe. Object safe: the hub holds an `Arc<dyn Broker>`.
#[async_trait]
pub trait Broker: Send + Sync + 'static {
    /// Its name in metrics (`broker` label): `local`, `redis`, …
    fn kind(&self) -> &'static str;
    /// Delivers `payload` to every current subscriber of `topic` (on every instance).
    async fn publish(&self, topic: &str, payload: Bytes) -> Result<(), BrokerError>;
    /// Events published on `topic` from now on, until the stream is dropped.
    async fn subscribe(&self, topic: &str) -> Result<Subscription, BrokerError>;
}

/// Topic names.
pub mod topic {
    pub fn channel(id: &str) -> String {
        format!("ch:{id}")
    }
    pub fn domain(id: &str) -> String {
        format!("dom:{id}")
    }
    pub fn agents(domain_id: &str) -> String {
        format!("agents:{domain_id}")
    }
    pub fn visitors(domain_id: &str) -> String {
        format!("vis:{domain_id}")
    }
    pub fn user(user_id: &str) -> String {
        format!("user:{user_id}")
    }
    pub fn org(org_id: &str) -> String {
        format!("org:{org_id}")
    }
}

/// In-process broker: one tokio broadcast channel per topic, created on first subscription
/// and removed when its last subscriber leaves.
///
/// A broadcast channel allocates its whole ring at once (about 64 bytes a slot), and every
/// visitor connection has a chat topic of its own, so chat topics (`ch:…`) get a small ring:
/// a visitor that falls behind recovers from the store. So do users' topics (`user:…`, ended
/// logins). Domain and agent topics, shared by many connections, keep the large one.
///
/// A shared broker (`crate::engine::cluster::RedisBroker`) fans out through one of these too: it is
/// told ([`Upstream`]) when a topic gets its first subscriber here and loses its last one, so
/// it holds one upstream subscription per topic, whatever the number of sockets.
#[derive(Clone)]
pub struct LocalBroker {
    inner: Arc<LocalInner>,
}

struct LocalInner {
    capacity: usize,
    chat_capacity: usize,
    /// The name is shared with the subscriptions' guards (one allocation per topic).
    topics: Mutex<HashMap<Arc<str>, broadcast::Sender<Bytes>>>,
    upstream: Option<Arc<dyn Upstream>>,
}

/// Told, under the topics' lock (so in order, and it must not block), when a topic gets its
/// first local subscriber and when it loses its last one.
pub trait Upstream: Send + Sync + 'static {
    fn first(&self, topic: &Arc<str>);
    fn last(&self, topic: &Arc<str>);
}

/// A payload no publisher sends (an envelope always has a header): on a topic, it tells the
/// subscribers they may have missed events ([`Lagged`]`(0)`), so they catch up from the store.
const RESYNC: Bytes = Bytes::new();

/// A handle on a [`LocalBroker`] that does not keep it alive (held by a shared broker's
/// background task, which ends when the broker is dropped).
pub struct WeakBroker(std::sync::Weak<LocalInner>);

impl WeakBroker {
    /// Delivers to this instance's subscribers of `topic`; false once the broker is gone.
    pub fn deliver(&self, topic: &str, payload: Bytes) -> bool {
        let Some(inner) = self.0.upgrade() else {
            return false;
        };
        if payload.is_empty() {
            return true;
        }
        if let Some(tx) = inner.topics.lock().expect("broker lock").get(topic) {
            let _ = tx.send(payload);
        }
        true
    }

    /// Tells every subscriber here that events may have been lost; false once the broker is
    /// gone. Returns how many topics were told.
    pub fn resync(&self) -> Option<usize> {
        let inner = self.0.upgrade()?;
        let topics = inner.topics.lock().expect("broker lock");
        for tx in topics.values() {
            let _ = tx.send(RESYNC);
        }
        Some(topics.len())
    }
}

impl LocalBroker {
    /// `capacity`: how many events one topic holds for a subscriber that is behind.
    pub fn new(capacity: usize) -> Self {
        Self::with_chat_capacity(capacity, capacity)
    }

    /// `chat_capacity` for the per-chat topics (`ch:…`), `capacity` for the others.
    pub fn with_chat_capacity(capacity: usize, chat_capacity: usize) -> Self {
        Self::with_upstream(capacity, chat_capacity, None)
    }

    /// The fan-out of a shared broker, which `upstream` is told about.
    pub fn with_upstream(
        capacity: usize,
        chat_capacity: usize,
        upstream: Option<Arc<dyn Upstream>>,
    ) -> Self {
        LocalBroker {
            inner: Arc::new(LocalInner {
                capacity: capacity.max(1),
                chat_capacity: chat_capacity.max(1),
                topics: Mutex::new(HashMap::new()),
                upstream,
            }),
        }
    }

    pub fn downgrade(&self) -> WeakBroker {
        WeakBroker(Arc::downgrade(&self.inner))
    }

    fn capacity_of(&self, topic: &str) -> usize {
        // A user's topic carries only its rare ended logins; one that lags closes its sockets
        // (they reconnect and are checked afresh), so it needs no large ring either. Nor does an
        // organisation's: its rare changes are re-read from the store, a lag counting as one.
        if topic.starts_with("ch:") || topic.starts_with("user:") || topic.starts_with("org:") {
            self.inner.chat_capacity
        } else {
            self.inner.capacity
        }
    }

    /// How many topics have subscribers (for tests and metrics).
    pub fn topic_count(&self) -> usize {
        self.inner.topics.lock().expect("broker lock").len()
    }
}

impl Default for LocalBroker {
    fn default() -> Self {
        Self::new(1024)
    }
}

#[async_trait]
impl Broker for LocalBroker {
    fn kind(&self) -> &'static str {
        "local"
    }

    async fn publish(&self, topic: &str, payload: Bytes) -> Result<(), BrokerError> {
        if payload.is_empty() {
            return Err(BrokerError("an empty payload is reserved".into()));
        }
        let topics = self.inner.topics.lock().expect("broker lock");
        if let Some(tx) = topics.get(topic) {
            // No receivers: nobody listens; the entry goes when the last guard drops.
            // In process, what is published is what is received (a shared broker counts its own).
            if tx.send(payload).is_ok() && self.inner.upstream.is_none() {
                crate::infra::metrics::broker_received(self.kind());
            }
        }
        Ok(())
    }

    async fn subscribe(&self, topic: &str) -> Result<Subscription, BrokerError> {
        let (name, rx) = {
            let mut topics = self.inner.topics.lock().expect("broker lock");
            match topics.get_key_value(topic) {
                Some((name, tx)) => (name.clone(), tx.subscribe()),
                None => {
                    let name: Arc<str> = Arc::from(topic);
                    let tx = broadcast::channel(self.capacity_of(topic)).0;
                    let rx = tx.subscribe();
                    topics.insert(name.clone(), tx);
                    if let Some(up) = &self.inner.upstream {
                        up.first(&name);
                    }
                    (name, rx)
                }
            }
        };
        let guard = TopicGuard {
            inner: self.inner.clone(),
            topic: name,
            rx: Some(rx),
        };
        Ok(Box::pin(futures_util::stream::unfold(
            guard,
            |mut g| async move {
                let rx = g.rx.as_mut()?;
                let item = match rx.recv().await {
                    Ok(b) if b.is_empty() => Err(Lagged(0)),
                    Ok(b) => Ok(b),
                    Err(broadcast::error::RecvError::Lagged(n)) => Err(Lagged(n)),
                    Err(broadcast::error::RecvError::Closed) => return None,
                };
                Some((item, g))
            },
        )))
    }
}

/// Holds a receiver; on drop, removes the topic when nobody else listens.
struct TopicGuard {
    inner: Arc<LocalInner>,
    topic: Arc<str>,
    rx: Option<broadcast::Receiver<Bytes>>,
}

impl Drop for TopicGuard {
    fn drop(&mut self) {
        drop(self.rx.take());
        let mut topics = self.inner.topics.lock().expect("broker lock");
        if topics
            .get(&*self.topic)
            .is_some_and(|tx| tx.receiver_count() == 0)
        {
            topics.remove(&*self.topic);
            if let Some(up) = &self.inner.upstream {
                up.last(&self.topic);
            }
        }
    }
}

/// What travels on a topic: a small header and the frame a client receives, as is.
///
/// Bytes: `{kind}\t{seq}\t{origin}\t{channel}\t{message id}\t{published, µs}\n{frame JSON}`;
/// the publication time (wall clock, [`crate::infra::metrics::now_us`]) times deliveries on any
/// instance ([`published_us`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Envelope {
    pub kind: Kind,
    /// The message's sequence number (0 for other kinds).
    pub seq: i64,
    /// The connection that caused it (so it can skip its own echo), 0 for none.
    pub origin: u64,
    /// The channel it concerns ("" for agent presence).
    pub channel: String,
    /// The message's id ("" for other kinds).
    pub id: String,
    /// The frame, JSON text.
    pub frame: Bytes,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Message,
    /// An agent's presence in a chat (typing), or a `channel-update`.
    Presence,
    /// A visitor's presence in its chat (enter, typing, leave).
    VisitorPresence,
    Ended,
    NewChannel,
    AgentPresence,
    /// Logins of a user ended (the frame says which): their sockets close.
    Revoked,
    /// The agent chose a status (the frame is `online` or `away`): its sockets on every
    /// instance follow (they hold their instance's lease only while online).
    Status,
    /// The organisation's domains or accounts changed (the frame says which, for logs): its
    /// agents' sockets read their domains again.
    Org,
    /// A private note on a chat (`note`): agents only, published on the domain's topic alone.
    Note,
}

impl Kind {
    fn code(self) -> u8 {
        match self {
            Kind::Message => b'm',
            Kind::Presence => b'p',
            Kind::VisitorPresence => b'v',
            Kind::Ended => b'e',
            Kind::NewChannel => b'n',
            Kind::AgentPresence => b'a',
            Kind::Revoked => b'r',
            Kind::Status => b's',
            Kind::Org => b'o',
            Kind::Note => b't',
        }
    }
    fn from_code(c: u8) -> Option<Kind> {
        Some(match c {
            b'm' => Kind::Message,
            b'p' => Kind::Presence,
            b'v' => Kind::VisitorPresence,
            b'e' => Kind::Ended,
            b'n' => Kind::NewChannel,
            b'a' => Kind::AgentPresence,
            b'r' => Kind::Revoked,
            b's' => Kind::Status,
            b'o' => Kind::Org,
            b't' => Kind::Note,
            _ => return None,
        })
    }
}

impl Envelope {
    pub fn encode(&self) -> Bytes {
        let header = format!(
            "{}\t{}\t{}\t{}\t{}\t{}\n",
            self.kind.code() as char,
            self.seq,
            self.origin,
            self.channel,
            self.id,
            crate::infra::metrics::now_us()
        );
        let mut out = Vec::with_capacity(header.len() + self.frame.len());
        out.extend_from_slice(header.as_bytes());
        out.extend_from_slice(&self.frame);
        Bytes::from(out)
    }

    /// `None` for bytes this version did not write.
    pub fn decode(b: &Bytes) -> Option<Envelope> {
        let nl = b.iter().position(|&c| c == b'\n')?;
        let header = std::str::from_utf8(&b[..nl]).ok()?;
        let mut parts = header.splitn(6, '\t');
        let kind = parts.next()?.as_bytes();
        if kind.len() != 1 {
            return None;
        }
        Some(Envelope {
            kind: Kind::from_code(kind[0])?,
            seq: parts.next()?.parse().ok()?,
            origin: parts.next()?.parse().ok()?,
            channel: parts.next()?.to_owned(),
            id: parts.next()?.to_owned(),
            frame: b.slice(nl + 1..),
        })
    }
}

/// When encoded envelope bytes were published (µs since the Unix epoch), if they say.
pub fn published_us(b: &[u8]) -> Option<u64> {
    let nl = b.iter().position(|&c| c == b'\n')?;
    let header = std::str::from_utf8(&b[..nl]).ok()?;
    header.splitn(6, '\t').nth(5)?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use futures_util::StreamExt as _;

    #[test]
    fn envelopes_round_trip() {
        let e = Envelope {
            kind: Kind::Message,
            seq: 42,
            origin: 7,
            channel: "c-1".into(),
            id: "m-1".into(),
            frame: Bytes::from_static(br#"{"op":"chat-message","text":"a\nb"}"#),
        };
        let before = crate::infra::metrics::now_us();
        let bytes = e.encode();
        assert_eq!(Envelope::decode(&bytes), Some(e));
        let at = published_us(&bytes).unwrap();
        assert!(at >= before && at <= crate::infra::metrics::now_us());
        assert_eq!(Envelope::decode(&Bytes::from_static(b"garbage")), None);
        assert_eq!(
            Envelope::decode(&Bytes::from_static(b"z\t1\t0\tc\t\n{}")),
            None
        );
    }

    #[tokio::test]
    async fn fan_out_and_topics_go_away_when_unused() {
        let b = LocalBroker::new(4);
        b.publish("t", Bytes::from_static(b"nobody")).await.unwrap();
        assert_eq!(b.topic_count(), 0, "publishing creates nothing");
        let mut s1 = b.subscribe("t").await.unwrap();
        let mut s2 = b.subscribe("t").await.unwrap();
        let mut other = b.subscribe("u").await.unwrap();
        b.publish("t", Bytes::from_static(b"x")).await.unwrap();
        assert_eq!(s1.next().await, Some(Ok(Bytes::from_static(b"x"))));
        assert_eq!(s2.next().await, Some(Ok(Bytes::from_static(b"x"))));
        b.publish("u", Bytes::from_static(b"y")).await.unwrap();
        assert_eq!(other.next().await, Some(Ok(Bytes::from_static(b"y"))));
        drop(s1);
        assert_eq!(b.topic_count(), 2);
        drop(s2);
        drop(other);
        assert_eq!(b.topic_count(), 0);
    }

    #[tokio::test]
    async fn chat_and_user_topics_have_their_own_capacity() {
        let b = LocalBroker::with_chat_capacity(8, 2);
        let mut chat = b.subscribe(&topic::channel("c-1")).await.unwrap();
        let mut user = b.subscribe(&topic::user("u-1")).await.unwrap();
        let mut dom = b.subscribe(&topic::domain("d-1")).await.unwrap();
        for i in 0..5u8 {
            for t in [
                topic::channel("c-1"),
                topic::user("u-1"),
                topic::domain("d-1"),
            ] {
                b.publish(&t, Bytes::from(vec![i])).await.unwrap();
            }
        }
        assert_eq!(chat.next().await, Some(Err(Lagged(3))));
        assert_eq!(user.next().await, Some(Err(Lagged(3))));
        assert_eq!(dom.next().await, Some(Ok(Bytes::from(vec![0u8]))));
    }

    #[tokio::test]
    async fn a_subscriber_that_falls_behind_is_told() {
        let b = LocalBroker::new(2);
        let mut s = b.subscribe("t").await.unwrap();
        for i in 0..5u8 {
            b.publish("t", Bytes::from(vec![i])).await.unwrap();
        }
        assert_eq!(s.next().await, Some(Err(Lagged(3))));
        assert_eq!(s.next().await, Some(Ok(Bytes::from(vec![3u8]))));
    }
}
