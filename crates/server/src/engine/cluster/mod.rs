//! Several instances (`beckon serve --redis-url`): what one process kept to itself, shared
//! through Redis (or Valkey). The realtime events go through [`RedisBroker`] (pub/sub), agent
//! leases through [`RedisPresence`]; everything else is in the store already (sessions,
//! messages, statistics, which add up) or derived from the shared secret (realtime tokens,
//! CSRF tokens). See docs/cluster.md.

mod broker;
mod presence;

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;

pub use broker::{BrokerCounters, RedisBroker};
pub use presence::RedisPresence;

use super::hub::RealtimeConfig;
use crate::infra::redact::redact;

/// The shared broker and presence, when `--redis-url` is set.
pub struct Shared {
    pub broker: Arc<RedisBroker>,
    pub presence: Arc<RedisPresence>,
}

/// Connects to Redis at `url` (keys and channels under `prefix`); the configuration was checked
/// by [`crate::config::ServeConfig::cluster_refusal`].
pub async fn connect(url: &str, prefix: &str, realtime: &RealtimeConfig) -> anyhow::Result<Shared> {
    let client = redis::Client::open(url)
        .with_context(|| format!("--redis-url {:?} is not a Redis URL", redact(url)))?;
    let broker = RedisBroker::connect(
        &client,
        prefix,
        realtime.broker_capacity,
        realtime.chat_topic_capacity,
    )
    .await
    .with_context(|| format!("cannot reach Redis at {}", redact(url)))?;
    let instance = uuid::Uuid::new_v4().simple().to_string();
    let presence = RedisPresence::connect(&client, prefix, &instance)
        .await
        .with_context(|| format!("cannot reach Redis at {}", redact(url)))?;
    tracing::info!(url = %redact(url), prefix, instance, "sharing realtime events and presence through Redis");
    Ok(Shared {
        broker: Arc::new(broker),
        presence: Arc::new(presence),
    })
}

/// A command connection that reconnects by itself; commands fail fast while Redis is away.
async fn connection_manager(
    client: &redis::Client,
) -> redis::RedisResult<redis::aio::ConnectionManager> {
    let config = redis::aio::ConnectionManagerConfig::new()
        .set_connection_timeout(Some(Duration::from_secs(2)))
        .set_response_timeout(Some(Duration::from_secs(2)))
        .set_number_of_retries(1)
        .set_max_delay(Duration::from_secs(2));
    client.get_connection_manager_with_config(config).await
}
