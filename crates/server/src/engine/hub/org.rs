//! An organisation's domains and accounts change while its agents' sockets are open. The owner
//! API publishes each change on the organisation's topic (`org:{orgId}`); every agent socket of
//! the organisation, on any instance, reads its domains again from the store: it starts or stops
//! listening to a domain's chats and holding a lease on it (so visitors of a new domain see the
//! agent online at once), and tells the console (`org-changed`), which reloads its chats and team.
//! A change of the organisation's canned replies goes the same way and is only passed on
//! (`canned-changed`): the console reads its canned replies again.

use bytes::Bytes;
use futures_util::StreamExt as _;

use super::broker::{topic, Envelope, Kind, Lagged, Subscription};
use super::Hub;

/// What changed (for logs: a socket reads everything again whatever it was).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    Domains,
    Accounts,
    /// A canned reply was added, changed or removed, or who may edit them changed.
    Canned,
}

impl Change {
    fn as_str(self) -> &'static str {
        match self {
            Change::Domains => "domains",
            Change::Accounts => "accounts",
            Change::Canned => "canned",
        }
    }

    /// The change an envelope on the organisation's topic carries (a lost one reads as
    /// `Domains`: see [`follow`]).
    pub fn of(env: &Envelope) -> Change {
        match &env.frame[..] {
            b"accounts" => Change::Accounts,
            b"canned" => Change::Canned,
            _ => Change::Domains,
        }
    }
}

fn envelope(change: Change) -> Envelope {
    Envelope {
        kind: Kind::Org,
        seq: 0,
        origin: 0,
        channel: String::new(),
        id: String::new(),
        frame: Bytes::from_static(change.as_str().as_bytes()),
    }
}

/// Tells the organisation's agent sockets, on every instance, that `change` happened (call after
/// the store has it: they read it back).
pub async fn changed(hub: &Hub, org_id: &str, change: Change) {
    hub.publish(topic::org(org_id), &envelope(change)).await;
}

/// The organisation's topic for one socket: a lag (or a shared broker's reconnect) may have
/// lost a change, so it reads as one (the socket reads everything again) rather than an error.
pub(crate) fn follow(sub: Subscription) -> Subscription {
    let lost = envelope(Change::Domains).encode();
    Box::pin(sub.map(move |item| Ok::<Bytes, Lagged>(item.unwrap_or_else(|_| lost.clone()))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::hub::broker::{Broker as _, LocalBroker};

    #[tokio::test]
    async fn a_lost_change_reads_as_a_change() {
        let b = LocalBroker::with_chat_capacity(8, 1);
        let mut sub = follow(b.subscribe(&topic::org("o-1")).await.unwrap());
        for change in [Change::Accounts, Change::Accounts] {
            b.publish(&topic::org("o-1"), envelope(change).encode())
                .await
                .unwrap();
        }
        // The ring holds one: the first is lost, and reads as a change of the domains.
        let first = Envelope::decode(&sub.next().await.unwrap().unwrap()).unwrap();
        assert_eq!((first.kind, &first.frame[..]), (Kind::Org, &b"domains"[..]));
        let second = Envelope::decode(&sub.next().await.unwrap().unwrap()).unwrap();
        assert_eq!(&second.frame[..], b"accounts");
    }

    #[test]
    fn each_change_reads_back_as_itself() {
        for change in [Change::Domains, Change::Accounts, Change::Canned] {
            assert_eq!(Change::of(&envelope(change)), change);
        }
    }
}
