//! Who is online: the seam between the HTTP API (availability, spec §7's CHAT condition) and the
//! realtime hub, which keeps the leases. Entries are leases with a TTL, so an agent whose
//! connection or instance dies without a word drops out by itself. The in-process
//! implementation serves one instance; the shared one, `crate::engine::cluster::RedisPresence`, plugs
//! in behind the same trait when instances share Redis.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use async_trait::async_trait;

#[async_trait]
pub trait Presence: Send + Sync + 'static {
    /// True when at least one agent of the domain holds a live lease.
    async fn agents_online(&self, domain_id: &str) -> bool;
    /// True when agent `agent_id` holds a live lease on `domain_id` (is online there, from any
    /// instance): who need not be told by e-mail what the console shows them.
    async fn agent_is_online(&self, domain_id: &str, agent_id: &str) -> bool;
    /// Takes or renews agent `agent_id`'s lease on `domain_id` for `ttl`.
    async fn agent_online(&self, domain_id: &str, agent_id: &str, ttl: Duration);
    /// Gives the agent's leases up at once, on every instance (the agent went away or logged
    /// out).
    async fn agent_offline(&self, domain_id: &str, agent_id: &str);
    /// The agent has sockets open on this instance (renewed every heartbeat): they count for
    /// `ttl`, and hold this instance's lease when `online` (the agent's chosen status) or give
    /// it up when not.
    async fn agent_connected(&self, domain_id: &str, agent_id: &str, online: bool, ttl: Duration) {
        if online {
            self.agent_online(domain_id, agent_id, ttl).await
        } else {
            self.agent_disconnected(domain_id, agent_id).await;
        }
    }
    /// The agent's last socket on this instance closed: gives up this instance's lease and
    /// connection. True when the agent still has sockets on other instances (then it has not
    /// left).
    async fn agent_disconnected(&self, domain_id: &str, agent_id: &str) -> bool {
        self.agent_offline(domain_id, agent_id).await;
        false
    }
    /// The agent's sockets on other instances: `None` when it has none, else whether it is
    /// online there (holds a lease) or away. (One instance: always `None`.)
    async fn agent_elsewhere(&self, _domain_id: &str, _agent_id: &str) -> Option<bool> {
        None
    }
}

/// Leases in this process's memory.
#[derive(Default)]
pub struct LocalPresence {
    // domain id → agent id → lease end
    leases: Mutex<HashMap<String, HashMap<String, Instant>>>,
}

impl LocalPresence {
    pub fn new() -> Self {
        Self::default()
    }

    /// agents_online at instant `now` (the clock is a parameter, so that tests need no sleeps).
    fn online_at(&self, domain_id: &str, now: Instant) -> bool {
        let mut leases = self.leases.lock().expect("presence lock");
        let Some(agents) = leases.get_mut(domain_id) else {
            return false;
        };
        agents.retain(|_, until| *until > now);
        let any = !agents.is_empty();
        if !any {
            leases.remove(domain_id);
        }
        any
    }

    /// Takes or renews a lease that ends at `until`.
    fn lease_until(&self, domain_id: &str, agent_id: &str, until: Instant) {
        self.leases
            .lock()
            .expect("presence lock")
            .entry(domain_id.to_owned())
            .or_default()
            .insert(agent_id.to_owned(), until);
    }
}

#[async_trait]
impl Presence for LocalPresence {
    async fn agents_online(&self, domain_id: &str) -> bool {
        self.online_at(domain_id, Instant::now())
    }

    async fn agent_is_online(&self, domain_id: &str, agent_id: &str) -> bool {
        let leases = self.leases.lock().expect("presence lock");
        leases
            .get(domain_id)
            .and_then(|agents| agents.get(agent_id))
            .is_some_and(|until| *until > Instant::now())
    }

    async fn agent_online(&self, domain_id: &str, agent_id: &str, ttl: Duration) {
        self.lease_until(domain_id, agent_id, Instant::now() + ttl);
    }

    async fn agent_offline(&self, domain_id: &str, agent_id: &str) {
        let mut leases = self.leases.lock().expect("presence lock");
        if let Some(agents) = leases.get_mut(domain_id) {
            agents.remove(agent_id);
            if agents.is_empty() {
                leases.remove(domain_id);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn leases_expire_and_can_be_given_up() {
        let p = LocalPresence::new();
        let t0 = Instant::now();
        let ms = Duration::from_millis;
        assert!(!p.online_at("d", t0));
        p.lease_until("d", "a", t0 + ms(30));
        p.lease_until("d", "b", t0 + ms(60_000));
        assert!(p.online_at("d", t0));
        assert!(!p.online_at("other", t0));
        p.agent_offline("d", "b").await;
        assert!(p.online_at("d", t0 + ms(29)), "a's lease still runs");
        assert!(!p.online_at("d", t0 + ms(30)), "a's lease has ended");
        // Through the trait, on the real clock: a lease of a minute is live, one given up is not.
        p.agent_online("d", "c", ms(60_000)).await;
        assert!(p.agents_online("d").await);
        p.agent_offline("d", "c").await;
        assert!(!p.agents_online("d").await);
    }
}
