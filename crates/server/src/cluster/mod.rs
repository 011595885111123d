//! Several instances (`beckon serve --redis-url`): what one process kept to itself, shared
//! through Redis (or Valkey). The realtime events go through [`RedisBroker`] (pub/sub), agent
//! leases through [`RedisPresence`]; everything else is in the store already (sessions,
//! messages, statistics, which add up) or derived from the shared secret (realtime tokens,
//! CSRF tokens). See docs/architecture.md, "Several instances".

mod broker;
mod presence;

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;

pub use broker::{BrokerCounters, RedisBroker};
pub use presence::RedisPresence;

use crate::config::ServeConfig;

/// Why a configuration cannot run as one of several instances, if it cannot.
pub fn refuse(config: &ServeConfig) -> Option<String> {
    config.redis_url.as_ref()?;
    let db = config.database_url();
    if !(db.starts_with("postgres://") || db.starts_with("postgresql://")) {
        return Some(
            "--redis-url needs PostgreSQL (--database-url postgres://…): SQLite is one \
             machine's database, and the instances must share one"
                .into(),
        );
    }
    if config.secret.as_deref().is_none_or(|s| s.trim().is_empty()) {
        return Some(
            "--redis-url needs BECKON_SECRET, the same on every instance: realtime tokens \
             issued by one instance are checked by the others"
                .into(),
        );
    }
    None
}

/// The shared broker and presence, when `--redis-url` is set.
pub struct Shared {
    pub broker: Arc<RedisBroker>,
    pub presence: Arc<RedisPresence>,
}

pub async fn connect(config: &ServeConfig) -> anyhow::Result<Option<Shared>> {
    let Some(url) = config.redis_url.as_deref() else {
        return Ok(None);
    };
    if let Some(why) = refuse(config) {
        anyhow::bail!(why);
    }
    let client = redis::Client::open(url)
        .with_context(|| format!("--redis-url {:?} is not a Redis URL", redact(url)))?;
    let prefix = &config.redis_prefix;
    let broker = RedisBroker::connect(
        &client,
        prefix,
        config.realtime.broker_capacity,
        config.realtime.chat_topic_capacity,
    )
    .await
    .with_context(|| format!("cannot reach Redis at {}", redact(url)))?;
    let instance = uuid::Uuid::new_v4().simple().to_string();
    let presence = RedisPresence::connect(&client, prefix, &instance)
        .await
        .with_context(|| format!("cannot reach Redis at {}", redact(url)))?;
    tracing::info!(url = %redact(url), prefix, instance, "sharing realtime events and presence through Redis");
    Ok(Some(Shared {
        broker: Arc::new(broker),
        presence: Arc::new(presence),
    }))
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

/// `redis://user:secret@host` → `redis://user:***@host`.
fn redact(url: &str) -> String {
    crate::redact(url)
}
