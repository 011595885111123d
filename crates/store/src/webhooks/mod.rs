//! Webhooks: an organisation's endpoints (each with the events it chose, optionally one domain,
//! and its signing secret) and the log of their deliveries. A delivery is queued with its job
//! (`jobs.rs`, kind `webhook`) in one transaction, so the log and the queue agree; the log keeps
//! the newest [`KEPT_DELIVERIES`] of each webhook.

/// The SQL of this aggregate, one text for both backends.
pub(crate) mod sql;

use async_trait::async_trait;

use super::StoreResult;

/// Deliveries kept per webhook: older ones (not pending) are removed as new ones are queued.
pub const KEPT_DELIVERIES: i64 = 100;

/// The job kind that delivers a webhook (payload `{"deliveryId"}`).
pub const WEBHOOK_JOB: &str = "webhook";

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Webhook {
    pub id: String,
    pub org_id: String,
    /// Only this domain's events (`None`: every domain of the organisation).
    pub domain_id: Option<String>,
    pub url: String,
    #[sqlx(try_from = "crate::json_text::JsonText")]
    pub events: Vec<String>,
    /// `whsec_` + base64 of the key.
    pub secret: String,
    pub created_at: i64,
}

impl Webhook {
    /// Whether it is told about `event` on `domain_id`.
    pub fn wants(&self, event: &str, domain_id: &str) -> bool {
        self.events.iter().any(|e| e == event)
            && self.domain_id.as_deref().is_none_or(|d| d == domain_id)
    }
}

/// A webhook to add.
#[derive(Debug, Clone)]
pub struct NewWebhook {
    pub org_id: String,
    pub domain_id: Option<String>,
    pub url: String,
    pub events: Vec<String>,
    pub secret: String,
}

/// Where a delivery stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, sqlx::Type, strum::AsRefStr)]
#[sqlx(type_name = "text", rename_all = "lowercase")]
#[strum(serialize_all = "lowercase")]
pub enum DeliveryStatus {
    Pending,
    Succeeded,
    Failed,
}

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct WebhookDelivery {
    /// The `webhook-id` header of every attempt.
    pub id: String,
    pub webhook_id: String,
    pub event_type: String,
    /// What is signed and sent, byte for byte, on every attempt.
    pub body: String,
    pub status: DeliveryStatus,
    pub attempts: i64,
    /// The HTTP status the endpoint last answered (`None`: no answer, or not tried yet).
    pub response_code: Option<i64>,
    pub last_error: Option<String>,
    pub last_attempt_at: Option<i64>,
    pub next_attempt_at: Option<i64>,
    /// After a failed attempt at or after this time, the delivery has failed.
    pub retry_until: i64,
    pub created_at: i64,
}

/// An event for some webhooks: one delivery (and job) per webhook.
#[derive(Debug, Clone)]
pub struct WebhookEvent<'a> {
    pub event_type: &'a str,
    /// The conversation it is about: its deliveries are removed with it (retention, erasure).
    pub channel_id: Option<&'a str>,
    /// The JSON body, the same for every webhook.
    pub body: &'a str,
    /// How long each is retried (ms from now).
    pub retry_for: i64,
}

/// An attempt's outcome, as the log keeps it.
#[derive(Debug, Clone)]
pub struct Attempt {
    pub status: DeliveryStatus,
    pub response_code: Option<i64>,
    pub error: Option<String>,
    /// When the next attempt is due (pending only).
    pub next_attempt_at: Option<i64>,
}

/// Webhooks (`sql/webhooks.rs`).
#[async_trait]
pub trait Webhooks: Send + Sync {
    async fn create_webhook(&self, hook: NewWebhook) -> StoreResult<Webhook>;
    /// An organisation's webhooks, oldest first.
    async fn list_webhooks(&self, org_id: &str) -> StoreResult<Vec<Webhook>>;
    /// The webhooks of the organisation that owns `domain_id` (the events each wants are read by
    /// the caller: [`Webhook::wants`]).
    async fn webhooks_of_domain(&self, domain_id: &str) -> StoreResult<Vec<Webhook>>;
    async fn get_webhook(&self, id: &str) -> StoreResult<Webhook>;
    /// Removes it with its deliveries (their jobs, if still waiting, find nothing to do).
    async fn delete_webhook(&self, id: &str) -> StoreResult<()>;
    /// One delivery per webhook of `webhook_ids` (ids made by the store), each with its job due
    /// now, in one transaction; the oldest deliveries past [`KEPT_DELIVERIES`] are dropped.
    async fn queue_webhook_event(
        &self,
        webhook_ids: &[String],
        event: WebhookEvent<'_>,
    ) -> StoreResult<Vec<WebhookDelivery>>;
    async fn get_webhook_delivery(&self, id: &str) -> StoreResult<WebhookDelivery>;
    /// A webhook's deliveries, newest first, at most `limit`.
    async fn webhook_deliveries(
        &self,
        webhook_id: &str,
        limit: i64,
    ) -> StoreResult<Vec<WebhookDelivery>>;
    /// Notes an attempt now (its count, time and outcome).
    async fn record_webhook_attempt(&self, id: &str, attempt: Attempt) -> StoreResult<()>;
    /// Sends a delivery again (same id and body): pending, retried for `retry_for` ms from now,
    /// its job due now (none added while one waits). Answers it.
    async fn resend_webhook_delivery(
        &self,
        id: &str,
        retry_for: i64,
    ) -> StoreResult<WebhookDelivery>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_webhook_wants_its_events_on_its_domain_or_on_all() {
        let mut hook = Webhook {
            id: "w".into(),
            org_id: "o".into(),
            domain_id: None,
            url: "https://hooks.example.com/".into(),
            events: vec!["message.created".into()],
            secret: "whsec_AAAA".into(),
            created_at: 0,
        };
        assert!(hook.wants("message.created", "d1"));
        assert!(!hook.wants("conversation.ended", "d1"));
        hook.domain_id = Some("d1".into());
        assert!(hook.wants("message.created", "d1"));
        assert!(!hook.wants("message.created", "d2"));
    }
}
