//! The widget's other calls: statistics events (spec §7, with Beckon's counts per button and
//! action) and the geo lookup.

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// A statistics body's `type`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum StatsKind {
    Event,
}

/// What a statistics event counts. Read field by field (`http/stats.rs`), so that a 400 says
/// which field is wrong.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
pub struct StatsPayload {
    #[ts(optional)]
    pub website: Option<String>,
    /// The matched domain id.
    #[schema(max_length = 128)]
    pub event_name: String,
    #[ts(optional)]
    pub url: Option<String>,
    /// The event (default `pageview`); the widget sends `view` and `click`.
    #[ts(optional)]
    #[schema(pattern = "^[a-z0-9_-]{1,32}$")]
    pub name: Option<String>,
    /// Counted once per button instead of once per name; needs `name`. Ids of 1-64 characters.
    #[ts(optional)]
    #[schema(min_items = 1, max_items = 20)]
    pub buttons: Option<Vec<String>>,
    /// The action clicked; needs exactly one button (its own).
    #[ts(optional)]
    #[schema(min_length = 1, max_length = 64)]
    pub action: Option<String>,
}

/// A widget statistics event (spec §7).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
pub struct StatsBody {
    #[serde(rename = "type")]
    pub kind: StatsKind,
    pub payload: StatsPayload,
}

/// The country of an address.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
pub struct GeoAnswer {
    pub ip: String,
    /// ISO 3166-1 alpha-2; null when unknown (or no geo database is configured).
    pub country_code: Option<String>,
}
