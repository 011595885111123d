//! What the HTTP API tells the realtime hub after it stored something. The agent API stores a
//! reply (or ends, assigns, reads a channel) and then calls these; the hub fans the event out
//! to the channel's visitor and to the agents of its domain.
//!
//! Nothing here may fail the request: the data is already stored and a reconnecting client
//! catches up from the store.

use crate::state::AppState;
use crate::store::{Channel, Message, Persona};

/// A message was stored (`created` is false for a de-duplicated re-send, which should be
/// published again only if the hub wants to: the sender may not have seen it).
pub async fn publish_message(
    state: &AppState,
    channel: &Channel,
    message: &Message,
    sender: &Persona,
    created: bool,
) {
    // realtime: a de-duplicated re-send is not published twice.
    if created {
        crate::realtime::publish_message(state, channel, message, sender, 0).await;
    }
}

/// What changed about a channel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChannelUpdate {
    /// Assigned to this user id, or unassigned.
    Assigned(Option<String>),
    /// The chat ended (by an agent).
    Ended,
    /// Persona `persona_id` has read up to `seq`.
    Read { persona_id: String, seq: i64 },
    /// An ended chat was opened again (same thread).
    Reopened,
}

/// A channel's state changed (the stored row is `channel`).
pub async fn publish_channel_update(state: &AppState, channel: &Channel, update: ChannelUpdate) {
    // realtime: `channel-ended` to everyone; assignment and read markers to agents.
    use serde_json::json;
    match update {
        ChannelUpdate::Ended => crate::realtime::publish_ended(state, channel, 0).await,
        ChannelUpdate::Assigned(agent) => {
            crate::realtime::publish_channel_update(
                state,
                channel,
                json!({ "update": "assigned", "agentId": agent }),
            )
            .await
        }
        ChannelUpdate::Reopened => {
            crate::realtime::publish_channel_update(state, channel, json!({ "update": "reopened" }))
                .await
        }
        ChannelUpdate::Read { persona_id, seq } => {
            crate::realtime::publish_channel_update(
                state,
                channel,
                json!({ "update": "read", "personaId": persona_id, "seq": seq }),
            )
            .await
        }
    }
}

/// An agent said they are online or away (`online` false) on every domain of their
/// organisation; `domain_ids` lists them.
pub async fn publish_agent_presence(
    state: &AppState,
    user_id: &str,
    domain_ids: &[String],
    online: bool,
) {
    // realtime: this instance's sockets of the agent follow the chosen status.
    crate::realtime::set_agent_status(state, user_id, domain_ids, online).await;
}
