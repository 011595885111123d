//! [`RedisPresence`]: agent leases every instance sees.
//!
//! Two sorted sets per domain, members `{agentId}@{instanceId}` (an agent on an instance),
//! scored with the end of their lease in Redis's own clock (`TIME` in the scripts, so instances'
//! clocks may disagree):
//! - `{prefix}presence:{domainId}`: the agent is available there (its chosen status is online);
//!   availability is "any live member";
//! - `{prefix}connected:{domainId}`: the agent has sockets open there, whatever its status; it
//!   tells an instance whose last socket of the agent closes whether the agent is still on
//!   another (then visitors are not told it left), and a new socket what the agent chose there.
//!
//! An instance that dies renews nothing, and its members drop out when their leases end. A
//! socket that closes gives up only its instance's members (the agent may have sockets on
//! others); going away gives up every instance's lease.

use std::time::Duration;

use async_trait::async_trait;

use crate::engine::presence::Presence;

/// Lua: `now`, Redis's clock in milliseconds.
macro_rules! now_ms {
    () => {
        "local t = redis.call('TIME')\n\
         local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)\n"
    };
}

/// Lua: `lease(key, member, ttl)` takes or renews a member until `now + ttl`, and keeps the key
/// alive as long as its longest lease; `other(key)` whether a live member other than ARGV[1]
/// starts with ARGV[2] (the same agent on another instance).
macro_rules! helpers {
    () => {
        "local function lease(key, member, ttl)\n\
           redis.call('ZADD', key, now + ttl, member)\n\
           if redis.call('PTTL', key) < ttl then redis.call('PEXPIRE', key, ttl) end\n\
         end\n\
         local function other(key)\n\
           for _, m in ipairs(redis.call('ZRANGEBYSCORE', key, '(' .. string.format('%d', now), '+inf')) do\n\
             if m ~= ARGV[1] and string.sub(m, 1, #ARGV[2]) == ARGV[2] then return true end\n\
           end\n\
           return false\n\
         end\n"
    };
}

/// Takes or renews a lease: KEYS[1] the domain's set, ARGV[1] the member, ARGV[2] the TTL (ms).
const RENEW: &str = concat!(
    now_ms!(),
    helpers!(),
    "lease(KEYS[1], ARGV[1], tonumber(ARGV[2]))\n\
     return 1"
);

/// A socket's heartbeat: KEYS[1] the leases, KEYS[2] the connections; ARGV[1] the member,
/// ARGV[2] the TTL (ms), ARGV[3] `1` when the agent is online (else this instance's lease goes).
const CONNECTED: &str = concat!(
    now_ms!(),
    helpers!(),
    "local ttl = tonumber(ARGV[2])\n\
     lease(KEYS[2], ARGV[1], ttl)\n\
     if ARGV[3] == '1' then lease(KEYS[1], ARGV[1], ttl) else redis.call('ZREM', KEYS[1], ARGV[1]) end\n\
     return 1"
);

/// The last socket here closed: KEYS as [`CONNECTED`]; ARGV[1] the member, ARGV[2] the agent's
/// prefix (`{agentId}@`). 1 when the agent is still connected to another instance.
const DISCONNECTED: &str = concat!(
    now_ms!(),
    helpers!(),
    "redis.call('ZREM', KEYS[1], ARGV[1])\n\
     redis.call('ZREM', KEYS[2], ARGV[1])\n\
     if other(KEYS[2]) then return 1 end\n\
     return 0"
);

/// The agent on other instances: KEYS and ARGV as [`DISCONNECTED`]. 0: not connected
/// elsewhere; 1: connected and away; 2: connected and online.
const ELSEWHERE: &str = concat!(
    now_ms!(),
    helpers!(),
    "if not other(KEYS[2]) then return 0 end\n\
     if other(KEYS[1]) then return 2 end\n\
     return 1"
);

/// How many leases of the domain are live (ended ones are removed).
const LIVE: &str = concat!(
    now_ms!(),
    "redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)\n\
     return redis.call('ZCARD', KEYS[1])"
);

/// 1 when a live member starts with ARGV[1] (the agent holds a lease from some instance).
const AGENT_LIVE: &str = concat!(
    now_ms!(),
    "redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)\n\
     for _, m in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do\n\
       if string.sub(m, 1, #ARGV[1]) == ARGV[1] then return 1 end\n\
     end\n\
     return 0"
);

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
    connected: redis::Script,
    disconnected: redis::Script,
    elsewhere: redis::Script,
    live: redis::Script,
    agent_live: redis::Script,
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
            connected: redis::Script::new(CONNECTED),
            disconnected: redis::Script::new(DISCONNECTED),
            elsewhere: redis::Script::new(ELSEWHERE),
            live: redis::Script::new(LIVE),
            agent_live: redis::Script::new(AGENT_LIVE),
            give_up_all: redis::Script::new(GIVE_UP_ALL),
        })
    }

    /// The domain's leases.
    fn key(&self, domain_id: &str) -> String {
        format!("{}presence:{domain_id}", self.prefix)
    }

    /// The domain's connected agents.
    fn connections_key(&self, domain_id: &str) -> String {
        format!("{}connected:{domain_id}", self.prefix)
    }

    fn member(&self, agent_id: &str) -> String {
        format!("{agent_id}@{}", self.instance)
    }

    /// Runs one of the scripts that take the domain's two sets, this instance's member and the
    /// agent's prefix; `None` (logged) when Redis cannot be asked.
    async fn both(
        &self,
        script: &redis::Script,
        what: &str,
        domain_id: &str,
        agent_id: &str,
    ) -> Option<i64> {
        let mut call = script.key(self.key(domain_id));
        call.key(self.connections_key(domain_id))
            .arg(self.member(agent_id))
            .arg(format!("{agent_id}@"));
        call.invoke_async(&mut self.conn.clone())
            .await
            .map_err(|e| warn(what, e))
            .ok()
    }
}

fn ttl_ms(ttl: Duration) -> i64 {
    ttl.as_millis().clamp(1, i64::MAX as u128) as i64
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

    async fn agent_is_online(&self, domain_id: &str, agent_id: &str) -> bool {
        let r: redis::RedisResult<i64> = self
            .agent_live
            .key(self.key(domain_id))
            .arg(format!("{agent_id}@"))
            .invoke_async(&mut self.conn.clone())
            .await;
        r.map_err(|e| warn("an agent's availability", e))
            .unwrap_or(0)
            > 0
    }

    async fn agent_online(&self, domain_id: &str, agent_id: &str, ttl: Duration) {
        let r: redis::RedisResult<i64> = self
            .renew
            .key(self.key(domain_id))
            .arg(self.member(agent_id))
            .arg(ttl_ms(ttl))
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

    async fn agent_connected(&self, domain_id: &str, agent_id: &str, online: bool, ttl: Duration) {
        let mut call = self.connected.key(self.key(domain_id));
        call.key(self.connections_key(domain_id))
            .arg(self.member(agent_id))
            .arg(ttl_ms(ttl))
            .arg(i64::from(online));
        let r: redis::RedisResult<i64> = call.invoke_async(&mut self.conn.clone()).await;
        if let Err(e) = r {
            warn("renewing a connection", e);
        }
    }

    /// While Redis cannot be asked: false (visitors are told the agent left, as one instance
    /// would).
    async fn agent_disconnected(&self, domain_id: &str, agent_id: &str) -> bool {
        let r = self.both(&self.disconnected, "giving up a lease", domain_id, agent_id);
        r.await == Some(1)
    }

    async fn agent_elsewhere(&self, domain_id: &str, agent_id: &str) -> Option<bool> {
        match self
            .both(
                &self.elsewhere,
                "asking for other instances",
                domain_id,
                agent_id,
            )
            .await?
        {
            0 => None,
            n => Some(n == 2),
        }
    }
}
