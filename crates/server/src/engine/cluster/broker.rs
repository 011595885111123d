//! [`RedisBroker`]: the realtime broker across instances, on Redis pub/sub.
//!
//! Each instance holds one Redis subscription per topic its sockets listen to (reference-counted
//! by the in-process fan-out, [`LocalBroker`], which tells this broker about a topic's first
//! and last local subscriber), on one pub/sub connection, and fans what arrives out in process.
//! Publishing is a `PUBLISH` on a second connection, multiplexed (redis-rs): the commands of all
//! the sockets go out as they come, many in flight at once, never one round trip after
//! another; an instance's own sockets get its events back through Redis like everyone else's,
//! so every instance sees one order.
//!
//! Redis pub/sub is fire-and-forget: what is published while the subscription connection is
//! down is lost. The store's per-channel `seq` stays the truth: once reconnected and
//! resubscribed, the broker tells every local subscriber it may have missed events
//! ([`Lagged`](crate::engine::hub::broker::Lagged)`(0)`), and the connections catch up (a visitor's
//! from the store at once; an agent's socket closes with 1013 and the console reconnects and
//! reloads).

use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use bytes::Bytes;
use futures_util::StreamExt as _;
use tokio::sync::{mpsc, oneshot};

use crate::engine::hub::broker::{
    Broker, BrokerError, LocalBroker, Subscription, Upstream, WeakBroker,
};

/// The `broker` label of its metrics.
const KIND: &str = "redis";

/// Longest wait between two attempts to reconnect the subscription connection.
const MAX_RETRY: Duration = Duration::from_secs(2);
const FIRST_RETRY: Duration = Duration::from_millis(50);
/// A publication is tried again after 50, 100, … up to this many milliseconds.
const PUBLISH_RETRIES: Duration = Duration::from_millis(400);

/// What one instance costs Redis, and how its link went (for the bench and logs).
#[derive(Debug, Default)]
pub struct BrokerCounters {
    /// Topics this instance is subscribed to on Redis now.
    pub subscriptions: AtomicUsize,
    pub published: AtomicU64,
    pub publish_errors: AtomicU64,
    pub received: AtomicU64,
    /// Times the subscription connection was lost and made again.
    pub reconnects: AtomicU64,
}

enum Cmd {
    Subscribe(Arc<str>),
    Unsubscribe(Arc<str>),
    /// Answered once every command before it is done (a `SUBSCRIBE` acknowledged by Redis).
    Sync(oneshot::Sender<()>),
}

struct Link {
    cmds: mpsc::UnboundedSender<Cmd>,
}

impl Upstream for Link {
    fn first(&self, topic: &Arc<str>) {
        let _ = self.cmds.send(Cmd::Subscribe(topic.clone()));
    }
    fn last(&self, topic: &Arc<str>) {
        let _ = self.cmds.send(Cmd::Unsubscribe(topic.clone()));
    }
}

pub struct RedisBroker {
    local: LocalBroker,
    cmds: mpsc::UnboundedSender<Cmd>,
    publisher: redis::aio::ConnectionManager,
    prefix: Arc<str>,
    counters: Arc<BrokerCounters>,
}

impl RedisBroker {
    /// Connects both connections (so a wrong URL fails the start, not the first chat).
    /// `prefix` starts every Redis channel name (pub/sub ignores the database number, so it
    /// is what separates two Beckon deployments on one Redis).
    pub async fn connect(
        client: &redis::Client,
        prefix: &str,
        capacity: usize,
        chat_capacity: usize,
    ) -> redis::RedisResult<Self> {
        let publisher = super::connection_manager(client).await?;
        let first = client.get_async_pubsub().await?;
        let (tx, rx) = mpsc::unbounded_channel();
        let local = LocalBroker::with_upstream(
            capacity,
            chat_capacity,
            Some(Arc::new(Link { cmds: tx.clone() })),
        );
        let counters = Arc::new(BrokerCounters::default());
        let prefix: Arc<str> = Arc::from(prefix);
        tokio::spawn(subscriber(
            client.clone(),
            first,
            prefix.clone(),
            rx,
            local.downgrade(),
            counters.clone(),
        ));
        Ok(RedisBroker {
            local,
            cmds: tx,
            publisher,
            prefix,
            counters,
        })
    }

    pub fn counters(&self) -> &BrokerCounters {
        &self.counters
    }
}

/// `/readyz`: Redis answers a `PING` on the command connection.
#[async_trait]
impl crate::infra::ready::Ready for RedisBroker {
    fn name(&self) -> &'static str {
        KIND
    }

    async fn check(&self) -> Result<(), String> {
        redis::cmd("PING")
            .query_async::<String>(&mut self.publisher.clone())
            .await
            .map(drop)
            .map_err(|e| e.to_string())
    }
}

#[async_trait]
impl Broker for RedisBroker {
    fn kind(&self) -> &'static str {
        KIND
    }

    /// Tries a few times over about three quarters of a second: the command connection reconnects
    /// by itself, and a publication lost after the subscribers have resynchronised would be
    /// noticed only at the next message of the chat.
    async fn publish(&self, topic: &str, payload: Bytes) -> Result<(), BrokerError> {
        let channel = format!("{}{topic}", self.prefix);
        let mut wait = Duration::from_millis(50);
        loop {
            let r: redis::RedisResult<i64> = redis::cmd("PUBLISH")
                .arg(&channel)
                .arg(payload.as_ref())
                .query_async(&mut self.publisher.clone())
                .await;
            match r {
                Ok(_) => {
                    self.counters.published.fetch_add(1, Ordering::Relaxed);
                    return Ok(());
                }
                Err(e) if wait > PUBLISH_RETRIES => {
                    self.counters.publish_errors.fetch_add(1, Ordering::Relaxed);
                    return Err(BrokerError(format!("redis: {e}")));
                }
                Err(_) => {
                    tokio::time::sleep(wait).await;
                    wait *= 2;
                }
            }
        }
    }

    /// Returns once Redis has acknowledged the topic's subscription (or, while Redis is
    /// unreachable, at once: the resubscription that follows tells the subscriber to catch
    /// up), so a caller that subscribes and then reads the store misses nothing in between.
    async fn subscribe(&self, topic: &str) -> Result<Subscription, BrokerError> {
        let sub = self.local.subscribe(topic).await?;
        let (tx, rx) = oneshot::channel();
        self.cmds
            .send(Cmd::Sync(tx))
            .map_err(|_| BrokerError("the Redis subscriber stopped".into()))?;
        rx.await
            .map_err(|_| BrokerError("the Redis subscriber stopped".into()))?;
        Ok(sub)
    }
}

/// The subscription connection's task: applies the subscribe/unsubscribe commands in order,
/// delivers what arrives, and reconnects (resubscribing every wanted topic, then telling the
/// subscribers to catch up) when the connection drops. Ends when the broker is dropped.
async fn subscriber(
    client: redis::Client,
    first: redis::aio::PubSub,
    prefix: Arc<str>,
    mut cmds: mpsc::UnboundedReceiver<Cmd>,
    fanout: WeakBroker,
    counters: Arc<BrokerCounters>,
) {
    let mut wanted: HashSet<Arc<str>> = HashSet::new();
    let mut next = Some(first);
    let mut retry = FIRST_RETRY;
    let mut lost = false;
    loop {
        let pubsub = match next.take() {
            Some(p) => p,
            None => match client.get_async_pubsub().await {
                Ok(p) => p,
                Err(e) => {
                    tracing::debug!(error = %e, "redis: cannot reconnect the subscriptions yet");
                    if !wait_offline(&mut cmds, &mut wanted, retry).await {
                        return;
                    }
                    retry = (retry * 2).min(MAX_RETRY);
                    continue;
                }
            },
        };
        let (mut sink, mut stream) = pubsub.split();
        if !wanted.is_empty() {
            let names: Vec<String> = wanted.iter().map(|t| format!("{prefix}{t}")).collect();
            if let Err(e) = sink.subscribe(&names).await {
                tracing::warn!(error = %e, "redis: resubscribing failed; retrying");
                if !wait_offline(&mut cmds, &mut wanted, retry).await {
                    return;
                }
                continue;
            }
        }
        counters
            .subscriptions
            .store(wanted.len(), Ordering::Relaxed);
        retry = FIRST_RETRY;
        if lost {
            counters.reconnects.fetch_add(1, Ordering::Relaxed);
            crate::infra::metrics::broker_reconnected(KIND);
            let Some(told) = fanout.resync() else { return };
            tracing::info!(
                topics = told,
                "redis: subscriptions restored; local connections catch up from the store"
            );
        }
        lost = true;
        loop {
            tokio::select! {
                cmd = cmds.recv() => {
                    let Some(cmd) = cmd else { return };
                    let ok = match cmd {
                        Cmd::Subscribe(t) => {
                            let name = format!("{prefix}{t}");
                            wanted.insert(t);
                            sink.subscribe(name).await.is_ok()
                        }
                        Cmd::Unsubscribe(t) => {
                            let name = format!("{prefix}{t}");
                            wanted.remove(&t);
                            sink.unsubscribe(name).await.is_ok()
                        }
                        Cmd::Sync(done) => {
                            let _ = done.send(());
                            true
                        }
                    };
                    counters.subscriptions.store(wanted.len(), Ordering::Relaxed);
                    if !ok {
                        break;
                    }
                }
                msg = stream.next() => {
                    let Some(msg) = msg else { break };
                    let Some(topic) = msg.get_channel_name().strip_prefix(&*prefix) else {
                        continue;
                    };
                    counters.received.fetch_add(1, Ordering::Relaxed);
                    crate::infra::metrics::broker_received(KIND);
                    if !fanout.deliver(topic, Bytes::copy_from_slice(msg.get_payload_bytes())) {
                        return;
                    }
                }
            }
        }
        tracing::warn!("redis: the subscription connection was lost; reconnecting");
    }
}

/// While disconnected: keeps track of the wanted topics and answers syncs (a subscriber gets
/// a resync once the connection is back) for `wait`. False when the broker is gone.
async fn wait_offline(
    cmds: &mut mpsc::UnboundedReceiver<Cmd>,
    wanted: &mut HashSet<Arc<str>>,
    wait: Duration,
) -> bool {
    let sleep = tokio::time::sleep(wait);
    tokio::pin!(sleep);
    loop {
        tokio::select! {
            _ = &mut sleep => return true,
            cmd = cmds.recv() => match cmd {
                None => return false,
                Some(Cmd::Subscribe(t)) => { wanted.insert(t); }
                Some(Cmd::Unsubscribe(t)) => { wanted.remove(&t); }
                Some(Cmd::Sync(done)) => { let _ = done.send(()); }
            },
        }
    }
}
