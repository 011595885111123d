//! The owner API's webhook bodies (`/api/v1/owner/webhooks`, docs/webhooks.md).

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use super::iso_time;

/// A new webhook.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebhookBody {
    /// Where events are POSTed: an https address (http too with `--allow-private-outbound`).
    #[ts(optional)]
    pub url: Option<String>,
    /// Among `conversation.started`, `message.created`, `conversation.ended`,
    /// `conversation.rated`; at least one.
    #[ts(optional)]
    pub events: Option<Vec<String>>,
    /// Only this domain's events (a domain of the organisation); absent or null: every domain.
    #[ts(optional = nullable)]
    pub domain_id: Option<String>,
}

/// A webhook (its secret is shown once, when it is created: [`WebhookCreated`]).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Webhook {
    pub id: String,
    pub url: String,
    pub events: Vec<String>,
    /// Only this domain's events; null: every domain of the organisation.
    pub domain_id: Option<String>,
    /// RFC 3339.
    pub created_at: String,
}

impl From<&beckon_store::Webhook> for Webhook {
    fn from(w: &beckon_store::Webhook) -> Self {
        Webhook {
            id: w.id.clone(),
            url: w.url.clone(),
            events: w.events.clone(),
            domain_id: w.domain_id.clone(),
            created_at: iso_time(w.created_at),
        }
    }
}

/// A webhook just created, with its signing secret: the only answer that shows it.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebhookCreated {
    pub webhook: Webhook,
    /// `whsec_` + base64: verify each delivery's `webhook-signature` with it (Standard Webhooks).
    pub secret: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
pub struct WebhookList {
    pub webhooks: Vec<Webhook>,
    /// The events a webhook may subscribe to.
    pub events: Vec<String>,
}

/// Where a delivery stands: `pending` (being tried), `succeeded` (a 2xx), `failed` (retried
/// for 24 hours without one).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum DeliveryStatus {
    Pending,
    Succeeded,
    Failed,
}

impl From<beckon_store::DeliveryStatus> for DeliveryStatus {
    fn from(s: beckon_store::DeliveryStatus) -> Self {
        match s {
            beckon_store::DeliveryStatus::Pending => DeliveryStatus::Pending,
            beckon_store::DeliveryStatus::Succeeded => DeliveryStatus::Succeeded,
            beckon_store::DeliveryStatus::Failed => DeliveryStatus::Failed,
        }
    }
}

/// One event sent (or being sent) to a webhook.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebhookDelivery {
    /// The `webhook-id` header of every attempt.
    pub id: String,
    /// The event type (`webhook.test` for a test event).
    #[serde(rename = "type")]
    pub event_type: String,
    pub status: DeliveryStatus,
    #[ts(type = "number")]
    pub attempts: i64,
    /// The HTTP status the endpoint last answered; null: no answer (yet).
    #[ts(type = "number | null")]
    pub response_code: Option<i64>,
    /// What went wrong last, if anything.
    pub last_error: Option<String>,
    /// RFC 3339.
    pub last_attempt_at: Option<String>,
    /// RFC 3339; null once it succeeded or failed.
    pub next_attempt_at: Option<String>,
    pub created_at: String,
}

impl From<&beckon_store::WebhookDelivery> for WebhookDelivery {
    fn from(d: &beckon_store::WebhookDelivery) -> Self {
        let pending = d.status == beckon_store::DeliveryStatus::Pending;
        WebhookDelivery {
            id: d.id.clone(),
            event_type: d.event_type.clone(),
            status: d.status.into(),
            attempts: d.attempts,
            response_code: d.response_code,
            last_error: d.last_error.clone(),
            last_attempt_at: d.last_attempt_at.map(iso_time),
            next_attempt_at: d.next_attempt_at.filter(|_| pending).map(iso_time),
            created_at: iso_time(d.created_at),
        }
    }
}

/// A webhook's deliveries, newest first (the log keeps the last 100).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
pub struct WebhookDeliveryList {
    pub deliveries: Vec<WebhookDelivery>,
}
