//! [`RedisPresence`]: agent leases every instance sees.
//!
//! One sorted set per domain, `{prefix}presence:{domainId}`: a member per agent and instance
//! (`{agentId}@{instanceId}`) scored with the lease's end, in Redis's own clock (`TIME` in the
//! scripts, so instances' clocks may disagree). An instance that dies renews nothing, and its
//! agents drop out when their leases end. A socket that closes gives up only its instance's
//! lease (the agent may have sockets on others); going away gives up all of them.

use std::time::Duration;

use async_trait::async_trait;

use crate::presence::Presence;

/// Takes or renews a lease: KEYS[1] the domain's set, ARGV[1] the member, ARGV[2] the TTL (ms).
const RENEW: &str = r"
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local ttl = tonumber(ARGV[2])
redis.call('ZADD', KEYS[1], now + ttl, ARGV[1])
if redis.call('PTTL', KEYS[1]) < ttl then redis.call('PEXPIRE', KEYS[1], ttl) end
return 1
";

/// How many leases of the domain are live (ended ones are removed).
const LIVE: &str = r"
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
return redis.call('ZCARD', KEYS[1])
";

/// Removes every member that starts with ARGV[1] (an agent's leases on all instances).
const GIVE_UP_ALL: &str = r"
local n = 0
for _, m in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
  if string.sub(m, 1, #ARGV[1]) == ARGV[1] then n = n + redis.call('ZREM', KEYS[1], m) end
end
return n
";

pub struct RedisPresence {
    conn: redis::aio::ConnectionManager,
    prefix: String,
    /// This process, in lease members.
    instance: String,
    renew: redis::Script,
    live: redis::Script,
    give_up_all: redis::Script,
}

impl RedisPresence {
    pub async fn connect(
        client: &redis::Client,
        prefix: &str,
        instance: &str,
    ) -> redis::RedisResult<Self> {
        Ok(RedisPresence {
            conn: super::connection_manager(client).await?,
            prefix: prefix.to_owned(),
            instance: instance.to_owned(),
            renew: redis::Script::new(RENEW),
            live: redis::Script::new(LIVE),
            give_up_all: redis::Script::new(GIVE_UP_ALL),
        })
    }

    fn key(&self, domain_id: &str) -> String {
        format!("{}presence:{domain_id}", self.prefix)
    }

    fn member(&self, agent_id: &str) -> String {
        format!("{agent_id}@{}", self.instance)
    }
}

fn warn(what: &str, e: redis::RedisError) {
    tracing::warn!(error = %e, "redis presence: {what} failed");
}

#[async_trait]
impl Presence for RedisPresence {
    /// False while Redis cannot be asked (visitors then see the "leave a message" form).
    async fn agents_online(&self, domain_id: &str) -> bool {
        let r: redis::RedisResult<i64> = self
            .live
            .key(self.key(domain_id))
            .invoke_async(&mut self.conn.clone())
            .await;
        r.map_err(|e| warn("availability", e)).unwrap_or(0) > 0
    }

    async fn agent_online(&self, domain_id: &str, agent_id: &str, ttl: Duration) {
        let ms = ttl.as_millis().clamp(1, i64::MAX as u128) as i64;
        let r: redis::RedisResult<i64> = self
            .renew
            .key(self.key(domain_id))
            .arg(self.member(agent_id))
            .arg(ms)
            .invoke_async(&mut self.conn.clone())
            .await;
        if let Err(e) = r {
            warn("renewing a lease", e);
        }
    }

    async fn agent_offline(&self, domain_id: &str, agent_id: &str) {
        let r: redis::RedisResult<i64> = self
            .give_up_all
            .key(self.key(domain_id))
            .arg(format!("{agent_id}@"))
            .invoke_async(&mut self.conn.clone())
            .await;
        if let Err(e) = r {
            warn("giving up leases", e);
        }
    }

    async fn agent_disconnected(&self, domain_id: &str, agent_id: &str) {
        let r: redis::RedisResult<i64> = redis::cmd("ZREM")
            .arg(self.key(domain_id))
            .arg(self.member(agent_id))
            .query_async(&mut self.conn.clone())
            .await;
        if let Err(e) = r {
            warn("giving up a lease", e);
        }
    }
}
