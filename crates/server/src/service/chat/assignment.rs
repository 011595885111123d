//! Who answers a chat: the one place a chat is assigned, and the agents are told.

use super::{publish_update, ChannelUpdate};
use crate::state::AppState;
use beckon_store::{Channel, StoreError};

/// Assigns the chat to `agent_id` (`None`: nobody) and tells the agents of its domain
/// (`channel-update` `assigned`). The caller has checked the agent is one of the organisation's.
pub async fn assign(
    state: &AppState,
    channel: &Channel,
    agent_id: Option<&str>,
) -> Result<(), StoreError> {
    state.store.assign_channel(&channel.id, agent_id).await?;
    let update = ChannelUpdate::Assigned {
        agent_id: agent_id.map(str::to_owned),
    };
    publish_update(state, channel, update).await;
    Ok(())
}
