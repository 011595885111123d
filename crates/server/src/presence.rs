//! Who is online: the seam between the HTTP API (availability, spec §7's CHAT condition) and the
//! realtime hub, which keeps the leases. Entries are leases with a TTL, so an agent whose
//! connection or instance dies without a word drops out by itself. The in-process
//! implementation serves one instance; a shared one (Redis) plugs in behind the same trait.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use async_trait::async_trait;

#[async_trait]
pub trait Presence: Send + Sync + 'static {
    /// True when at least one agent of the domain holds a live lease.
    async fn agents_online(&self, domain_id: &str) -> bool;
    /// Takes or renews agent `agent_id`'s lease on `domain_id` for `ttl`.
    async fn agent_online(&self, domain_id: &str, agent_id: &str, ttl: Duration);
    /// Gives the lease up at once (the agent went away or logged out).
    async fn agent_offline(&self, domain_id: &str, agent_id: &str);
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
}

#[async_trait]
impl Presence for LocalPresence {
    async fn agents_online(&self, domain_id: &str) -> bool {
        let now = Instant::now();
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

    async fn agent_online(&self, domain_id: &str, agent_id: &str, ttl: Duration) {
        let until = Instant::now() + ttl;
        self.leases
            .lock()
            .expect("presence lock")
            .entry(domain_id.to_owned())
            .or_default()
            .insert(agent_id.to_owned(), until);
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
        assert!(!p.agents_online("d").await);
        p.agent_online("d", "a", Duration::from_millis(30)).await;
        p.agent_online("d", "b", Duration::from_secs(60)).await;
        assert!(p.agents_online("d").await);
        assert!(!p.agents_online("other").await);
        p.agent_offline("d", "b").await;
        assert!(p.agents_online("d").await);
        tokio::time::sleep(Duration::from_millis(40)).await;
        assert!(!p.agents_online("d").await);
    }
}
