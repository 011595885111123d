//! Notifications in the agent API: what an account is told about (`/api/v1/agent/notifications`)
//! and its browsers' Web Push subscriptions (`/api/v1/agent/push-subscriptions`).

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

pub use beckon_store::About;

/// A browser's push subscription, as `PushSubscription.toJSON()` gives it (`expirationTime` and
/// anything else is ignored).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
pub struct PushSubscriptionBody {
    /// The push service's URL for this browser (https).
    pub endpoint: Option<String>,
    pub keys: Option<PushKeys>,
}

/// The browser's keys, base64url.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
pub struct PushKeys {
    /// Its P-256 public key (65 bytes, uncompressed).
    pub p256dh: Option<String>,
    /// Its authentication secret (16 bytes).
    pub auth: Option<String>,
}

/// Which subscription to remove.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
pub struct PushEndpointBody {
    pub endpoint: Option<String>,
}

/// The server's push key and your browsers that get notifications.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PushDevices {
    /// The `applicationServerKey` to subscribe with (base64url, the server's VAPID public key).
    pub vapid_public_key: String,
    pub subscriptions: Vec<PushDevice>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PushDevice {
    pub endpoint: String,
    pub created_at: String,
}

/// What you are told about, by e-mail and by Web Push.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NotificationChoices {
    /// E-mail about visitors who wait (when this server sends mail).
    pub email: bool,
    /// Which conversations: every one, only unassigned ones, only yours (e-mail and push alike).
    pub about: About,
    /// Whether this server sends mail at all (`--smtp-url`).
    pub email_available: bool,
    /// The address mail goes to.
    pub address: String,
}

/// A change of what you are told about; a field left out stays as it is.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
pub struct NotificationChoicesBody {
    pub email: Option<bool>,
    pub about: Option<About>,
}
