//! Private notes on a chat: stored (in their own table, `crates/store/src/notes/`), then told to the
//! agents of the chat's domain with a `note` frame on the domain's topic only. Never on the
//! chat's own topic, which the visitor's socket follows, and never through
//! `Hub::publish_channel_event`, which publishes on both.

use crate::engine::hub::broker::{topic, Envelope, Kind};
use crate::state::AppState;
use crate::wire::frames;
use beckon_store::{Channel, Note, StoreResult};

/// Keeps the note `text` (checked by the caller) by the user `author_id`, named `author_name`,
/// on `channel`, and tells the domain's agents.
pub async fn add(
    state: &AppState,
    channel: &Channel,
    author_id: &str,
    author_name: &str,
    text: &str,
) -> StoreResult<Note> {
    let note = state
        .store
        .add_note(&channel.id, author_id, author_name, text)
        .await?;
    let env = Envelope {
        kind: Kind::Note,
        seq: 0,
        origin: 0,
        channel: channel.id.clone(),
        id: note.id.clone(),
        frame: frames::note(&channel.id, (&note).into()).into(),
    };
    state
        .realtime
        .publish(topic::domain(&channel.domain_id), &env)
        .await;
    Ok(note)
}
