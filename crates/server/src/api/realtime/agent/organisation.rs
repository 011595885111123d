//! The organisation's domains an agent socket follows (docs/realtime.md, `org-changed`): read
//! at the start and again when told (or at the session check), each domain's topics listened to
//! while it exists, and its lease held there (`lease.rs`).

use futures_util::stream::AbortHandle;

use super::AgentSession;
use crate::api::realtime::conn::Conn;
use crate::api::realtime::stop::{code, Step, Stop};
use crate::engine::hub::broker::{topic, Events, Subscription};
use crate::wire::frames::{FrameError, OrgChanged, ServerFrame};
use beckon_store::StoreError;

impl AgentSession {
    /// Reads the organisation's domains again and follows them: listens to the new ones and
    /// holds a lease there (while online), stops listening to the gone ones and gives up their
    /// lease. Tells the console (`org-changed`) when something changed, or always with `tell`
    /// (an account came or went: the console reloads its team).
    pub(super) async fn follow_org(&mut self, c: &mut Conn, subs: &mut Events, tell: bool) -> Step {
        let now = org_domains(c, &self.user.org_id).await.map_err(|e| {
            tracing::warn!(error = %e, "realtime: cannot read the organisation's domains");
            Stop::close(code::TRY_AGAIN, "cannot read your domains; reconnect")
        })?;
        let changes = super::domains::changes(&self.domain_list, &now);
        for d in &changes.removed {
            if let Some(handle) = self.listening.remove(d) {
                handle.abort();
            }
            c.state
                .presence
                .agent_disconnected(d, &self.user.user_id)
                .await;
        }
        for d in &changes.added {
            let (sub, handle) = listen(c, d).await.map_err(|e| {
                tracing::warn!(error = %e.message, "realtime: cannot listen to a new domain");
                Stop::close(code::TRY_AGAIN, "cannot listen to a new domain; reconnect")
            })?;
            subs.push(sub);
            self.listening.insert(d.clone(), handle);
        }
        self.domain_list = now;
        let listening = &self.listening;
        self.known
            .retain(|_, ch| listening.contains_key(&ch.domain_id));
        if !changes.added.is_empty() {
            // Visitors of a new domain see this agent online from now on, not at the next beat.
            self.renew(c).await;
        }
        if changes.is_empty() && !tell {
            return Ok(());
        }
        let frame = ServerFrame::OrgChanged(OrgChanged {
            domains: self.domain_list.clone(),
            domains_with_agents_online: domains_with_agents_online(c, &self.domain_list).await,
        });
        c.out.push(frame.text()).await
    }
}

/// The organisation's domain ids, in the store's order.
pub(super) async fn org_domains(c: &Conn, org_id: &str) -> Result<Vec<String>, StoreError> {
    let domains = c.state.store.list_domains(org_id).await?;
    Ok(domains.into_iter().map(|d| d.id).collect())
}

/// A domain's chats, their visitors' presence and its agents' presence, as one subscription,
/// and the handle that ends it (the domain was deleted).
pub(super) async fn listen(
    c: &Conn,
    domain_id: &str,
) -> Result<(Subscription, AbortHandle), FrameError> {
    use futures_util::stream::{abortable, select};
    let broker = &c.hub.broker;
    let chats = broker.subscribe(&topic::domain(domain_id)).await;
    let agents = broker.subscribe(&topic::agents(domain_id)).await;
    let visitors = broker.subscribe(&topic::visitors(domain_id)).await;
    let all = select(
        select(
            chats.map_err(FrameError::internal)?,
            agents.map_err(FrameError::internal)?,
        ),
        skip_lag(visitors.map_err(FrameError::internal)?),
    );
    let (sub, handle) = abortable(all);
    Ok((Box::pin(sub), handle))
}

/// Which of these domains have an agent online now.
pub(super) async fn domains_with_agents_online(c: &Conn, domains: &[String]) -> Vec<String> {
    let mut online = Vec::new();
    for d in domains {
        if c.state.presence.agents_online(d).await {
            online.push(d.clone());
        }
    }
    online
}

/// The visitors' presence topic: falling behind it costs presence updates, which the newer
/// ones replace (typing also expires on its own), never messages; so it does not disconnect.
fn skip_lag(sub: Subscription) -> Subscription {
    use futures_util::StreamExt as _;
    Box::pin(sub.filter(|item| {
        if let Err(lag) = item {
            tracing::debug!(
                missed = lag.0,
                "realtime: an agent skipped visitors' presence"
            );
        }
        std::future::ready(item.is_ok())
    }))
}
