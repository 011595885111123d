//! The agent's status (`online` / `away`) and what it holds for it: this instance's record of
//! the agent's sockets (`Hub::agents`), the presence lease on each of its domains while online
//! (renewed every heartbeat, given up on `away` and when the last socket closes), and the timer
//! of the session check. The decisions are pure functions below, tested with the time passed in;
//! the methods on [`AgentSession`] do the locking and the presence calls.

use std::collections::HashMap;
use std::time::Duration;

use tokio::time::Instant;

use super::AgentSession;
use crate::api::realtime::conn::Conn;
use crate::engine::hub::LocalAgent;
use crate::wire::chat::PublicPersona;
use crate::wire::frames::{PresenceAction, Status};

/// When the socket looks its session up again (`session_check`, every 60 s by default).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct SessionCheck {
    next: Instant,
}

impl SessionCheck {
    pub fn starting(now: Instant, every: Duration) -> Self {
        SessionCheck { next: now + every }
    }

    /// Whether the check is due at `now`; when it is, the next one is `every` later.
    pub fn due(&mut self, now: Instant, every: Duration) -> bool {
        if now < self.next {
            return false;
        }
        self.next = now + every;
        true
    }
}

/// Counts a socket of the agent on this instance; true for the first one.
fn join(agents: &mut HashMap<String, LocalAgent>, user_id: &str, persona: &PublicPersona) -> bool {
    let a = agents
        .entry(user_id.to_owned())
        .or_insert_with(|| LocalAgent {
            conns: 0,
            status: Status::Online,
            persona: persona.clone(),
        });
    a.conns += 1;
    a.conns == 1
}

/// Counts a socket of the agent out; true when it was their last one on this instance.
fn leave(agents: &mut HashMap<String, LocalAgent>, user_id: &str) -> bool {
    match agents.get_mut(user_id) {
        Some(a) => {
            a.conns = a.conns.saturating_sub(1);
            if a.conns == 0 {
                agents.remove(user_id);
                true
            } else {
                false
            }
        }
        None => true,
    }
}

/// Sets the agent's status on this instance; true when it changed.
fn choose(agents: &mut HashMap<String, LocalAgent>, user_id: &str, status: Status) -> bool {
    match agents.get_mut(user_id) {
        Some(a) if a.status != status => {
            a.status = status;
            true
        }
        _ => false,
    }
}

/// The agent's status on this instance: `away` once their last socket here has gone.
fn status_of(agents: &HashMap<String, LocalAgent>, user_id: &str) -> Status {
    agents.get(user_id).map_or(Status::Away, |a| a.status)
}

/// The agent's status on other instances so far, with what one more domain says (`Some(online)`
/// when the agent has a socket there): online anywhere wins over away.
fn seen_elsewhere(so_far: Option<Status>, here: Option<bool>) -> Option<Status> {
    match (so_far, here) {
        (_, Some(true)) | (Some(Status::Online), _) => Some(Status::Online),
        (_, Some(false)) => Some(Status::Away),
        (so_far, None) => so_far,
    }
}

impl AgentSession {
    /// Registers this connection; the first one of the agent on this instance announces them,
    /// unless they are connected to another instance already (then it takes the status they
    /// chose there). Returns the agent's status.
    pub(super) async fn connected(&self, c: &Conn) -> Status {
        let first = join(
            &mut c.hub.agents.lock().expect("hub lock"),
            &self.user.user_id,
            &self.persona_json,
        );
        let elsewhere = if first { self.elsewhere(c).await } else { None };
        if let Some(status) = elsewhere {
            self.follow(c, status);
        }
        let status = self.status(c);
        self.renew(c).await;
        if first && elsewhere.is_none() {
            c.hub
                .publish_agent_presence(
                    &self.domain_list,
                    PresenceAction::Enter,
                    &self.persona_json,
                    status,
                    c.id,
                )
                .await;
        }
        status
    }

    /// The agent's status on other instances, if it is connected to any.
    async fn elsewhere(&self, c: &Conn) -> Option<Status> {
        let mut found = None;
        for d in &self.domain_list {
            let here = c
                .state
                .presence
                .agent_elsewhere(d, &self.user.user_id)
                .await;
            found = seen_elsewhere(found, here);
            if found == Some(Status::Online) {
                break;
            }
        }
        found
    }

    /// Sets the agent's status on this instance; true when it changed.
    pub(super) fn follow(&self, c: &Conn, status: Status) -> bool {
        choose(
            &mut c.hub.agents.lock().expect("hub lock"),
            &self.user.user_id,
            status,
        )
    }

    pub(super) fn status(&self, c: &Conn) -> Status {
        status_of(&c.hub.agents.lock().expect("hub lock"), &self.user.user_id)
    }

    /// This instance's record of the agent's sockets, and its lease while the agent is online.
    pub(super) async fn renew(&self, c: &Conn) {
        let ttl = c.config().lease_ttl;
        let online = self.status(c) == Status::Online;
        for d in &self.domain_list {
            c.state
                .presence
                .agent_connected(d, &self.user.user_id, online, ttl)
                .await;
        }
    }

    /// The agent chose a status on this socket: its sockets on every instance follow, and
    /// everyone on its domains is told.
    pub(super) async fn set_status(&self, c: &Conn, status: Status) {
        let changed = self.follow(c, status);
        match status {
            Status::Online => self.renew(c).await,
            Status::Away => {
                for d in &self.domain_list {
                    c.state.presence.agent_offline(d, &self.user.user_id).await;
                }
            }
        }
        if changed {
            c.hub
                .publish_agent_status(&self.user.user_id, status, c.id)
                .await;
            c.hub
                .publish_agent_presence(
                    &self.domain_list,
                    PresenceAction::Update,
                    &self.persona_json,
                    status,
                    c.id,
                )
                .await;
        }
    }

    /// The socket closes: when it was the agent's last one on this instance, this instance's
    /// leases go, and the agent leaves unless they are still connected to another instance.
    pub(super) async fn disconnected(&self, c: &Conn) {
        let last = leave(
            &mut c.hub.agents.lock().expect("hub lock"),
            &self.user.user_id,
        );
        if !last {
            return;
        }
        // Still connected to another instance: the agent has not left.
        let mut elsewhere = false;
        for d in &self.domain_list {
            elsewhere |= c
                .state
                .presence
                .agent_disconnected(d, &self.user.user_id)
                .await;
        }
        if !elsewhere {
            c.hub
                .publish_agent_presence(
                    &self.domain_list,
                    PresenceAction::Leave,
                    &self.persona_json,
                    Status::Away,
                    c.id,
                )
                .await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn persona() -> PublicPersona {
        PublicPersona {
            id: Some("p".into()),
            persona_type: None,
            name: Some("Ada".into()),
            avatar_url: None,
        }
    }

    #[test]
    fn the_session_check_is_due_every_period_from_when_it_was_done() {
        let every = Duration::from_secs(60);
        let t0 = Instant::now();
        let mut check = SessionCheck::starting(t0, every);
        assert!(!check.due(t0, every));
        assert!(!check.due(t0 + Duration::from_secs(59), every));
        // Late (a slow heartbeat): due, and the next one counts from now.
        let late = t0 + Duration::from_secs(75);
        assert!(check.due(late, every));
        assert!(!check.due(late + Duration::from_secs(59), every));
        assert!(check.due(late + every, every));
    }

    #[test]
    fn the_first_socket_announces_and_the_last_one_leaves() {
        let mut agents = HashMap::new();
        assert!(join(&mut agents, "u", &persona()));
        assert!(!join(&mut agents, "u", &persona()));
        assert_eq!(status_of(&agents, "u"), Status::Online);
        assert!(!leave(&mut agents, "u"));
        assert!(leave(&mut agents, "u"));
        assert!(agents.is_empty());
        // Gone already (never counted): it counts as the last.
        assert!(leave(&mut agents, "u"));
        assert_eq!(status_of(&agents, "u"), Status::Away);
    }

    #[test]
    fn a_status_changes_once_and_only_for_a_connected_agent() {
        let mut agents = HashMap::new();
        assert!(
            !choose(&mut agents, "u", Status::Away),
            "not connected here"
        );
        join(&mut agents, "u", &persona());
        assert!(choose(&mut agents, "u", Status::Away));
        assert!(!choose(&mut agents, "u", Status::Away));
        assert_eq!(status_of(&agents, "u"), Status::Away);
        assert!(choose(&mut agents, "u", Status::Online));
    }

    #[test]
    fn online_on_any_other_instance_wins() {
        let fold = |seen: &[Option<bool>]| seen.iter().fold(None, |f, h| seen_elsewhere(f, *h));
        assert_eq!(fold(&[]), None);
        assert_eq!(fold(&[None, None]), None);
        assert_eq!(fold(&[None, Some(false)]), Some(Status::Away));
        assert_eq!(fold(&[Some(false), Some(true)]), Some(Status::Online));
        assert_eq!(fold(&[Some(true), Some(false)]), Some(Status::Online));
    }
}
