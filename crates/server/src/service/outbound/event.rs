//! Chat events: what the chat service tells outbound work, once, off the sender's path.
//!
//! Storing a message (or ending or rating a chat) emits one [`ChatEvent`]: one durable
//! `chat-event` job, the only outbound write before the sender's answer (docs/decisions.md,
//! "Outbound as subscribers"). The worker runs it (`subscribers.rs`): it reads what the event is
//! about ([`read`]) and hands it to every [`Subscriber`] (webhooks, mail, Web Push), each of which
//! queues its own jobs as before. Acknowledged means the event is in the store, so a
//! crash right after the answer loses nothing.
//!
//! Subscribers log their own failures and never fail the event: a retried event would queue the
//! others' work twice. Only reading the event's subject fails it (then nothing was queued yet).

use async_trait::async_trait;
use serde::{Deserialize, Serialize};

use super::job::JobError;
use crate::state::AppState;
use beckon_store::{Channel, Message, NewJob, Persona, Rating, StoreError};

/// The job kind of an event.
pub const CHAT_EVENT: &str = "chat-event";

/// What happened, as the job keeps it: ids only (the visitor's words stay in the chat, where
/// retention and erasure find them).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(
    tag = "event",
    rename_all = "kebab-case",
    rename_all_fields = "camelCase"
)]
pub enum ChatEvent {
    /// A message stored (new, not a de-duplicated re-send); `seq` 1 also starts the conversation.
    MessageStored { channel_id: String, seq: i64 },
    /// The chat ended, by `ended_by` (a persona) at `ended_at`, as it was when it ended.
    Ended {
        channel_id: String,
        ended_by: Option<String>,
        ended_at: Option<i64>,
    },
    /// The visitor rated the chat.
    Rated { channel_id: String },
}

/// An event with what it is about, read from the store when the job runs.
pub enum Event {
    MessageStored {
        channel: Channel,
        // Boxed: the largest by far (clippy's large_enum_variant).
        message: Box<Message>,
        sender: Persona,
    },
    Ended {
        channel: Channel,
    },
    Rated {
        channel: Channel,
        rating: Rating,
    },
}

/// One channel of outbound work told about every chat event (registered in `subscribers.rs`).
#[async_trait]
pub trait Subscriber: Send + Sync {
    /// Queues this channel's work for `event`; logs what fails (see the module's doc).
    async fn on_event(&self, state: &AppState, event: &Event);
}

/// Records `event` durably and wakes the worker. The caller's answer waits for this write only.
pub async fn emit(state: &AppState, event: ChatEvent) {
    let job = NewJob {
        kind: CHAT_EVENT.into(),
        dedupe_key: None,
        payload: serde_json::to_value(&event).expect("an event serialises"),
        run_at: state.store.now(),
    };
    match state.store.enqueue_job(job).await {
        Ok(_) => state.jobs_added.notify_one(),
        Err(e) => tracing::warn!(error = %e, "outbound: cannot record a chat event"),
    }
}

/// What `event` (a `chat-event` job's payload) is about; `None` when the chat or the message
/// is gone.
pub(super) async fn read(
    state: &AppState,
    payload: &serde_json::Value,
) -> Result<Option<Event>, JobError> {
    let event: ChatEvent = serde_json::from_value(payload.clone())
        .map_err(|e| JobError::permanent(format!("not a chat event: {e}")))?;
    let store = &state.store;
    let gone = |e: StoreError| match e {
        StoreError::NotFound => Ok(None),
        e => Err(JobError::from(e)),
    };
    let channel_id = match &event {
        ChatEvent::MessageStored { channel_id, .. }
        | ChatEvent::Ended { channel_id, .. }
        | ChatEvent::Rated { channel_id } => channel_id,
    };
    let mut channel = match store.get_channel(channel_id).await {
        Ok(c) => c,
        Err(e) => return gone(e),
    };
    Ok(match event {
        ChatEvent::MessageStored { seq, .. } => {
            let message = store.messages_after(&channel.id, seq - 1, 1).await?;
            let Some(message) = message.into_iter().find(|m| m.seq == seq) else {
                return Ok(None);
            };
            let sender = match store.get_persona(&message.sender_persona_id).await {
                Ok(p) => p,
                Err(e) => return gone(e),
            };
            Some(Event::MessageStored {
                channel,
                message: Box::new(message),
                sender,
            })
        }
        ChatEvent::Ended {
            ended_by, ended_at, ..
        } => {
            // As it ended, even if it was opened again since.
            channel.ended_by = ended_by;
            channel.ended_at = ended_at;
            Some(Event::Ended { channel })
        }
        ChatEvent::Rated { .. } => store
            .channel_rating(&channel.id)
            .await?
            .map(|rating| Event::Rated { channel, rating }),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_event_keeps_ids_only_in_its_payload() {
        let event = ChatEvent::MessageStored {
            channel_id: "c1".into(),
            seq: 3,
        };
        let json = serde_json::to_value(&event).unwrap();
        assert_eq!(
            json,
            serde_json::json!({ "event": "message-stored", "channelId": "c1", "seq": 3 })
        );
        assert_eq!(serde_json::from_value::<ChatEvent>(json).unwrap(), event);
    }
}
