//! Who is told about chat events ([`super::event`]), in this order, and the `chat-event` job that
//! tells them. A new channel of outbound work is a file with a [`Subscriber`] and one line here.

use super::event::{self, Subscriber};
use super::job::JobError;
use crate::state::AppState;

pub static SUBSCRIBERS: &[&dyn Subscriber] = &[
    &super::webhook::Webhooks,
    &super::notify::Mails,
    &super::push::Push,
];

/// The `chat-event` job: the event read back, then told to every subscriber in turn.
pub(super) async fn run(state: &AppState, payload: &serde_json::Value) -> Result<(), JobError> {
    let Some(event) = event::read(state, payload).await? else {
        return Ok(()); // removed since (retention, erasure): nothing to tell
    };
    for subscriber in SUBSCRIBERS {
        subscriber.on_event(state, &event).await;
    }
    Ok(())
}
