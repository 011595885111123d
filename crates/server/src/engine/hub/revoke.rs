//! Ending a login ends its sockets. Logging out, changing or resetting a password and removing
//! an account publish on the user's topic (`user:{userId}`); every agent socket of that login,
//! on any instance, closes with [`SESSION_ENDED`] and the console shows its login form. A
//! socket also re-checks its session every [`super::RealtimeConfig::session_check`], so a
//! session that expires (or ends where no event reaches, as the `beckon` CLI) closes too.

use bytes::Bytes;
use serde::{Deserialize, Serialize};

use super::broker::{topic, Envelope, Kind};
use super::Hub;

/// The close code of a socket whose login ended (the console then asks to log in again).
pub const SESSION_ENDED: u16 = 4001;
/// Its reason.
pub const SESSION_ENDED_REASON: &str = "your login ended; log in again";

/// Which logins of a user ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Ended {
    /// One session (its id: the token's hash), as on logout.
    Session(String),
    /// Every session of the user but `keep` (the one that changed its own password).
    AllBut(Option<String>),
}

impl Ended {
    /// Whether the session `id` is among them.
    pub fn includes(&self, id: &str) -> bool {
        match self {
            Ended::Session(s) => s == id,
            Ended::AllBut(keep) => keep.as_deref() != Some(id),
        }
    }

    fn decode(frame: &[u8]) -> Option<Ended> {
        serde_json::from_slice(frame).ok()
    }
}

/// Tells the user's sockets that these logins ended (call after the store has ended them).
pub async fn end_logins(hub: &Hub, user_id: &str, ended: Ended) {
    let frame = serde_json::to_vec(&ended).expect("serialisable");
    let env = Envelope {
        kind: Kind::Revoked,
        seq: 0,
        origin: 0,
        channel: String::new(),
        id: String::new(),
        frame: Bytes::from(frame),
    };
    hub.publish(topic::user(user_id), &env).await;
}

/// Whether a `Revoked` envelope ends the session `id`.
pub(crate) fn ends(env: &Envelope, id: &str) -> bool {
    env.kind == Kind::Revoked && Ended::decode(&env.frame).is_some_and(|e| e.includes(id))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn which_sessions_end() {
        assert!(Ended::Session("a".into()).includes("a"));
        assert!(!Ended::Session("a".into()).includes("b"));
        assert!(Ended::AllBut(None).includes("a"));
        assert!(Ended::AllBut(Some("a".into())).includes("b"));
        assert!(!Ended::AllBut(Some("a".into())).includes("a"));
        let round = Ended::decode(&serde_json::to_vec(&Ended::AllBut(Some("k".into()))).unwrap());
        assert_eq!(round, Some(Ended::AllBut(Some("k".into()))));
    }
}
