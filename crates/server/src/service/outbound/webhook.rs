//! Webhooks (docs/webhooks.md): the chat's events sent to the owners' endpoints, signed as the
//! Standard Webhooks specification says (`webhook-id`, `webhook-timestamp`,
//! `webhook-signature: v1,<base64 HMAC-SHA256>` of `{id}.{timestamp}.{body}`, keyed with the
//! secret's bytes after `whsec_`).
//!
//! An event is queued when the chat's `chat-event` job runs ([`super::event`]: off the sender's
//! path, durable from the sender's answer), as one delivery and one `webhook` job per
//! subscribed webhook, both in one transaction of the store; the job sends the delivery's body
//! with the delivery's id on every attempt, retried on the schedule of [`next_attempt`] for
//! [`RETRY_FOR`], then the delivery has failed. 2xx is success; redirects are not followed
//! (`infra/egress/guard.rs`); an attempt has 10 seconds.
//!
//! What an event carries never includes a persona id: the visitor's is their credential.

use std::sync::Arc;
use std::time::Duration;

use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;
use hmac::{Hmac, Mac};
use serde_json::{json, Value};
use sha2::Sha256;

use super::event::{Event, Subscriber};
use super::job::JobError;
use crate::state::AppState;
use crate::wire::iso_time;
use beckon_store::webhooks::{Attempt, WebhookEvent};
use beckon_store::{
    Channel, DeliveryStatus, Domain, Message, Persona, PersonaType, StoreError, Webhook,
    WebhookDelivery,
};

/// The events an owner may subscribe to.
pub const EVENTS: [&str; 4] = [
    CONVERSATION_STARTED,
    MESSAGE_CREATED,
    CONVERSATION_ENDED,
    CONVERSATION_RATED,
];
pub const CONVERSATION_STARTED: &str = "conversation.started";
pub const MESSAGE_CREATED: &str = "message.created";
pub const CONVERSATION_ENDED: &str = "conversation.ended";
pub const CONVERSATION_RATED: &str = "conversation.rated";
/// What "Send a test event" sends (to one webhook, whatever its events).
pub const TEST_EVENT: &str = "webhook.test";

/// How long a delivery is retried after it was queued (or sent again).
pub const RETRY_FOR: Duration = Duration::from_secs(24 * 60 * 60);
/// The waits after each failed attempt (the Standard Webhooks schedule), the last repeated.
const SCHEDULE: [Duration; 6] = [
    Duration::from_secs(5),
    Duration::from_secs(5 * 60),
    Duration::from_secs(30 * 60),
    Duration::from_secs(2 * 3600),
    Duration::from_secs(5 * 3600),
    Duration::from_secs(10 * 3600),
];
/// Bytes of an answer kept in the log's error.
const ANSWER_CHARS: usize = 200;

/// A new signing secret: `whsec_` + base64 of 32 random bytes.
pub fn new_secret() -> String {
    let key: [u8; 32] = rand::random();
    format!("whsec_{}", STANDARD.encode(key))
}

/// The `webhook-signature` header of `body` sent as message `id` at `timestamp` (Unix seconds).
/// Pure.
pub fn signature(secret: &str, id: &str, timestamp: i64, body: &str) -> Result<String, String> {
    let key = STANDARD
        .decode(secret.strip_prefix("whsec_").unwrap_or(secret))
        .map_err(|_| "the secret is not base64".to_owned())?;
    let mut mac = Hmac::<Sha256>::new_from_slice(&key).expect("HMAC takes any key");
    mac.update(format!("{id}.{timestamp}.").as_bytes());
    mac.update(body.as_bytes());
    Ok(format!(
        "v1,{}",
        STANDARD.encode(mac.finalize().into_bytes())
    ))
}

/// When to try again after attempt number `attempts` failed at `now` (Unix ms), or `None` when
/// the delivery has failed (`retry_until` has come). Never later than `retry_until`, so the last
/// attempt is made then. Pure.
pub fn next_attempt(attempts: i64, now: i64, retry_until: i64) -> Option<i64> {
    if now >= retry_until {
        return None;
    }
    let i = usize::try_from(attempts.max(1) - 1)
        .unwrap_or(0)
        .min(SCHEDULE.len() - 1);
    let wait = i64::try_from(SCHEDULE[i].as_millis()).unwrap_or(i64::MAX / 2);
    Some((now + wait).min(retry_until))
}

/// The JSON body of an event. Pure.
pub fn body(event: &str, at_ms: i64, data: Value) -> String {
    json!({ "type": event, "timestamp": iso_time(at_ms), "data": data }).to_string()
}

/// The conversation an event is about: its id, domain and visitor (never a persona id). Pure.
pub fn conversation(channel: &Channel, domain: &Domain, visitor: &Persona) -> Value {
    json!({
        "id": channel.id,
        "domain": { "id": domain.id, "host": domain.name },
        "visitor": { "name": visitor.name, "email": visitor.email },
        "startedAt": iso_time(channel.created_at),
    })
}

/// A message as an event tells it. Pure.
pub fn message(message: &Message, sender: &Persona) -> Value {
    let agent = sender.persona_type == PersonaType::ChatAgentPersona;
    json!({
        "id": message.id,
        "seq": message.seq,
        "text": message.text,
        "senderType": if agent { "agent" } else { "visitor" },
        "agentName": agent.then_some(&sender.name),
        "attachments": message.attachments,
        "createdAt": iso_time(message.created_at),
    })
}

/// How long an instance trusts its copy of a domain's webhooks: a webhook added or removed on
/// another instance is seen within this (this instance's own changes at once, [`forget`]).
pub const CACHE_FOR_MS: i64 = 5_000;

/// A webhook was added or removed on this instance: its cached lists go (all of them: changes
/// are rare, and a webhook may be for every domain of its organisation).
pub fn forget(state: &AppState) {
    state.webhooks_cached.clear();
}

/// The webhooks of the domain's organisation that may want its events, cached for
/// [`CACHE_FOR_MS`].
async fn of_domain(state: &AppState, domain_id: &str) -> Result<Arc<Vec<Webhook>>, StoreError> {
    let now = state.store.now();
    if let Some((at, hooks)) = state.webhooks_cached.get(domain_id) {
        if now.saturating_sub(at) < CACHE_FOR_MS {
            return Ok(hooks);
        }
    }
    let hooks = Arc::new(state.store.webhooks_of_domain(domain_id).await?);
    state
        .webhooks_cached
        .insert(domain_id.to_owned(), (now, hooks.clone()));
    Ok(hooks)
}

/// The webhooks of the chat's organisation that want `event` on its domain.
async fn subscribed(state: &AppState, domain_id: &str, event: &str) -> Vec<Webhook> {
    match of_domain(state, domain_id).await {
        Ok(hooks) => hooks
            .iter()
            .filter(|h| h.wants(event, domain_id))
            .cloned()
            .collect(),
        Err(e) => {
            tracing::warn!(error = %e, "webhooks: cannot read the webhooks");
            Vec::new()
        }
    }
}

/// Queues `event` with `data` for `hooks` (about the conversation `channel_id`, if any) and wakes
/// the worker.
pub async fn queue(
    state: &AppState,
    hooks: &[String],
    event: &str,
    channel_id: Option<&str>,
    data: Value,
) -> Vec<WebhookDelivery> {
    let body = body(event, state.store.now(), data);
    let retry_for = i64::try_from(RETRY_FOR.as_millis()).expect("fits");
    let event = WebhookEvent {
        event_type: event,
        channel_id,
        body: &body,
        retry_for,
    };
    match state.store.queue_webhook_event(hooks, event).await {
        Ok(queued) => {
            if !queued.is_empty() {
                state.jobs_added.notify_one();
            }
            queued
        }
        Err(e) => {
            tracing::warn!(error = %e, "webhooks: cannot queue an event");
            Vec::new()
        }
    }
}

/// Tells the subscribed webhooks about the chat: `data` is the conversation plus `extra`'s
/// fields. The domain and the visitor are read only when some webhook wants the event.
async fn emit(state: &AppState, channel: &Channel, event: &str, extra: impl FnOnce() -> Value) {
    if channel.last_seq == 0 {
        // A conversation without a message is not one yet (service/chat/mod.rs): nothing is told.
        return;
    }
    let hooks = subscribed(state, &channel.domain_id, event).await;
    if hooks.is_empty() {
        return;
    }
    let store = &state.store;
    let (domain, visitor) = match (
        store.get_domain(&channel.domain_id).await,
        store.get_persona(&channel.visitor_persona_id).await,
    ) {
        (Ok(d), Ok(v)) => (d, v),
        (Err(e), _) | (_, Err(e)) => {
            tracing::warn!(error = %e, "webhooks: cannot read the conversation");
            return;
        }
    };
    let mut data = json!({ "conversation": conversation(channel, &domain, &visitor) });
    if let (Some(data), Value::Object(more)) = (data.as_object_mut(), extra()) {
        data.extend(more);
    }
    let ids: Vec<String> = hooks.into_iter().map(|h| h.id).collect();
    queue(state, &ids, event, Some(&channel.id), data).await;
}

/// Webhooks as a subscriber of chat events: `conversation.started` (with the first message),
/// then `message.created`; `conversation.ended`; `conversation.rated`.
pub struct Webhooks;

#[async_trait::async_trait]
impl Subscriber for Webhooks {
    async fn on_event(&self, state: &AppState, event: &Event) {
        match event {
            Event::MessageStored {
                channel,
                message: m,
                sender,
            } => {
                if m.seq == 1 {
                    emit(state, channel, CONVERSATION_STARTED, || json!({})).await;
                }
                let data = || json!({ "message": message(m, sender) });
                emit(state, channel, MESSAGE_CREATED, data).await;
            }
            Event::Ended { channel } => {
                let by = match channel.ended_by.as_deref() {
                    None => Value::Null,
                    Some(p) if p == channel.visitor_persona_id => json!("visitor"),
                    Some(_) => json!("agent"),
                };
                let at = channel.ended_at.map(iso_time);
                let data = || json!({ "endedBy": by, "endedAt": at });
                emit(state, channel, CONVERSATION_ENDED, data).await;
            }
            Event::Rated { channel, rating } => {
                let data =
                    || json!({ "rating": { "score": rating.score, "comment": rating.comment } });
                emit(state, channel, CONVERSATION_RATED, data).await;
            }
        }
    }
}

/// The `webhook` job: one attempt of one delivery, noted in its log. Retries are scheduled here
/// (`JobError::retry_at`), not by the worker's back-off.
pub(super) async fn deliver(state: &AppState, payload: &Value) -> Result<(), JobError> {
    let Some(id) = payload["deliveryId"].as_str() else {
        return Err(JobError::permanent("not a webhook delivery"));
    };
    let store = &state.store;
    let delivery = match store.get_webhook_delivery(id).await {
        Ok(d) => d,
        Err(beckon_store::StoreError::NotFound) => return Ok(()), // removed with its webhook
        Err(e) => return Err(e.into()),
    };
    if delivery.status != DeliveryStatus::Pending {
        return Ok(());
    }
    let hook = match store.get_webhook(&delivery.webhook_id).await {
        Ok(h) => h,
        Err(beckon_store::StoreError::NotFound) => return Ok(()),
        Err(e) => return Err(e.into()),
    };
    let outcome = send(state, &hook, &delivery).await;
    let now = store.now();
    let (code, error) = match outcome {
        Ok(code) => {
            let done = Attempt {
                status: DeliveryStatus::Succeeded,
                response_code: Some(code),
                error: None,
                next_attempt_at: None,
            };
            store.record_webhook_attempt(id, done).await?;
            return Ok(());
        }
        Err(Failure { code, error }) => (code, error),
    };
    let next = next_attempt(delivery.attempts + 1, now, delivery.retry_until);
    store
        .record_webhook_attempt(
            id,
            Attempt {
                status: if next.is_some() {
                    DeliveryStatus::Pending
                } else {
                    DeliveryStatus::Failed
                },
                response_code: code,
                error: Some(error.clone()),
                next_attempt_at: next,
            },
        )
        .await?;
    match next {
        Some(at) => Err(JobError::retry_at(error, at)),
        None => Err(JobError::permanent(format!("webhook failed: {error}"))),
    }
}

/// Why an attempt did not succeed: the endpoint's answer, if any, and what went wrong.
struct Failure {
    code: Option<i64>,
    error: String,
}

impl Failure {
    fn other(error: impl Into<String>) -> Self {
        Failure {
            code: None,
            error: error.into(),
        }
    }
}

/// One POST of the delivery's body to the webhook's URL, signed now: the 2xx status it got.
async fn send(state: &AppState, hook: &Webhook, d: &WebhookDelivery) -> Result<i64, Failure> {
    let url = url::Url::parse(&hook.url).map_err(|_| Failure::other("not a URL"))?;
    if let Some(why) = state.outbound.refusal(&url) {
        return Err(Failure::other(format!("the URL {why}")));
    }
    let timestamp = state.store.now() / 1000;
    let signature = signature(&hook.secret, &d.id, timestamp, &d.body).map_err(Failure::other)?;
    let answer = state
        .http
        .post(url)
        .header("content-type", "application/json")
        .header("webhook-id", &d.id)
        .header("webhook-timestamp", timestamp.to_string())
        .header("webhook-signature", signature)
        .body(d.body.clone())
        .send()
        .await
        .map_err(|e| Failure::other(describe(&e)))?;
    let code = i64::from(answer.status().as_u16());
    if answer.status().is_success() {
        return Ok(code);
    }
    let text: String = answer
        .text()
        .await
        .unwrap_or_default()
        .chars()
        .take(ANSWER_CHARS)
        .collect();
    Err(Failure {
        code: Some(code),
        error: format!("the endpoint answered {code} {}", text.trim()),
    })
}

/// A request error as the log says it (reqwest's own chains the causes).
fn describe(e: &reqwest::Error) -> String {
    if e.is_timeout() {
        return "no answer within 10 s".into();
    }
    let mut text = e.to_string();
    let mut source = std::error::Error::source(e);
    while let Some(s) = source {
        text.push_str(": ");
        text.push_str(&s.to_string());
        source = s.source();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signs_as_the_standard_webhooks_example() {
        // The example of the Standard Webhooks specification and its libraries' tests.
        let secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
        let body = r#"{"test": 2432232314}"#;
        assert_eq!(
            signature(secret, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, body).unwrap(),
            "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
        );
    }

    #[test]
    fn a_secret_is_whsec_and_32_bytes() {
        let s = new_secret();
        let key = STANDARD.decode(s.strip_prefix("whsec_").unwrap()).unwrap();
        assert_eq!(key.len(), 32);
        assert_ne!(new_secret(), s);
    }

    #[test]
    fn retries_follow_the_schedule_and_end_at_the_deadline() {
        let (s, m, h) = (1000, 60_000, 3_600_000);
        let until = 24 * h;
        assert_eq!(next_attempt(1, 0, until), Some(5 * s));
        assert_eq!(next_attempt(2, 0, until), Some(5 * m));
        assert_eq!(next_attempt(3, 0, until), Some(30 * m));
        assert_eq!(next_attempt(6, 0, until), Some(10 * h));
        assert_eq!(next_attempt(9, 0, until), Some(10 * h));
        assert_eq!(
            next_attempt(7, 20 * h, until),
            Some(until),
            "the last try at the deadline"
        );
        assert_eq!(next_attempt(8, until, until), None);
    }
}
