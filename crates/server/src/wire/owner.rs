//! The owner API's bodies (`/api/v1/owner`): domains, their configs and publication, statistics,
//! the history of published versions, the installation check and the organisation's accounts.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use ts_rs::TS;
use utoipa::openapi::{ObjectBuilder, RefOr, Schema};
use utoipa::ToSchema;

use super::account::User;

/// Where a domain's config stands.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConfigState {
    pub draft_updated_at: Option<String>,
    #[ts(type = "number | null")]
    pub published_version: Option<i64>,
    pub published_at: Option<String>,
    /// The draft differs from what is published (or nothing is published yet).
    pub unpublished_changes: bool,
}

/// How a site embeds the domain's published config.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Embed {
    pub url: String,
    /// The `<script>` to paste into the site's pages.
    pub snippet: String,
    /// How long browsers may reuse the hosted embed (0: they ask on every page view).
    #[ts(type = "number")]
    pub max_age_seconds: u64,
}

/// A domain as the owner API answers it.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DomainInfo {
    pub id: String,
    pub name: String,
    pub aliases: Vec<String>,
    /// FREE, STARTER, PRO or UNKNOWN.
    #[serde(rename = "type")]
    pub domain_type: String,
    /// An IANA time zone; null: the visitor's own.
    pub timezone: Option<String>,
    #[ts(type = "Record<string, unknown>")]
    #[schema(value_type = Object)]
    pub properties: Value,
    /// RFC 3339.
    pub created_at: String,
    pub config: ConfigState,
    pub embed: Embed,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
pub struct DomainList {
    pub domains: Vec<DomainInfo>,
}

/// A new domain, or changes to one (missing fields keep their value). Read field by field, so
/// that a 422 lists every problem with its field.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
pub struct DomainBody {
    /// A host name (required for a new domain).
    #[ts(optional)]
    pub name: Option<String>,
    #[ts(optional)]
    pub aliases: Option<Vec<String>>,
    /// FREE, STARTER, PRO or UNKNOWN.
    #[serde(rename = "type")]
    #[ts(optional)]
    pub domain_type: Option<String>,
    /// An IANA time zone; null: the visitor's own.
    #[ts(optional = nullable)]
    pub timezone: Option<String>,
    #[ts(optional, type = "Record<string, unknown>")]
    #[schema(value_type = Option<Object>)]
    pub properties: Option<Value>,
}

/// The schema `Config`: a widget config (spec §3.1), held as JSON here; its types are the
/// model's (`crates/model`; `Config` in the widget's generated `types.gen.ts`).
pub struct ConfigJson;

impl utoipa::PartialSchema for ConfigJson {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .description(Some(
                "A widget config (spec §3.1); its types are the model's (crates/model)",
            ))
            .required("userId")
            .required("domains")
            .required("buttons")
            .into()
    }
}

impl ToSchema for ConfigJson {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("Config")
    }
}

/// The saved draft.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SavedConfig {
    #[ts(type = "Config")]
    #[schema(value_type = ConfigJson)]
    pub config: Value,
    pub updated_at: String,
}

/// A publication.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Published {
    #[ts(type = "number")]
    pub version: i64,
    pub etag: String,
    pub published_at: String,
    pub embed_url: String,
}

/// Events of one name on one UTC day.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
pub struct DayCount {
    /// YYYY-MM-DD.
    pub day: String,
    pub event: String,
    #[ts(type = "number")]
    pub count: i64,
}

/// Views of a button (`actionId` null) or clicks of one of its actions, on one UTC day.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ItemCount {
    pub day: String,
    pub event: String,
    pub button_id: String,
    pub action_id: Option<String>,
    #[ts(type = "number")]
    pub count: i64,
}

/// A domain's statistics over a range of days.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatsAnswer {
    pub domain_id: String,
    pub from: String,
    pub to: String,
    pub counts: Vec<DayCount>,
    /// Each event name's total over the range.
    #[ts(type = "Record<string, number>")]
    #[schema(value_type = std::collections::HashMap<String, i64>)]
    pub totals: Map<String, Value>,
    pub items: Vec<ItemCount>,
    /// The visitors' ratings of the domain's chats given in the range.
    pub ratings: RatingStats,
}

/// Ratings given in a period: how many and their mean score, on the whole and per agent.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RatingStats {
    #[ts(type = "number")]
    pub count: i64,
    /// The mean score (1-5); null without ratings.
    pub average: Option<f64>,
    /// Per agent the chat was assigned to when rated, the most rated first (among equals by
    /// name); a chat nobody was assigned to counts under `agentId` null.
    pub agents: Vec<AgentRatings>,
}

/// The ratings credited to one agent (or to nobody) in a period.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AgentRatings {
    /// A user id; null for chats nobody was assigned to (or whose agent was removed since).
    pub agent_id: Option<String>,
    /// The agent's name; null with `agentId`.
    pub name: Option<String>,
    #[ts(type = "number")]
    pub count: i64,
    /// The mean score (1-5).
    pub average: f64,
}

impl RatingStats {
    /// The totals of the tallies of one domain.
    pub fn of(tallies: &[beckon_store::RatingTally]) -> Self {
        let count: i64 = tallies.iter().map(|t| t.count).sum();
        let total: i64 = tallies.iter().map(|t| t.total).sum();
        RatingStats {
            count,
            average: (count > 0).then(|| total as f64 / count as f64),
            agents: tallies
                .iter()
                .map(|t| AgentRatings {
                    agent_id: t.agent_id.clone(),
                    name: t.agent_name.clone(),
                    count: t.count,
                    average: t.average(),
                })
                .collect(),
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
pub struct AccountList {
    pub agents: Vec<User>,
    pub notifications: Notifications,
}

/// How this server tells agents about visitors nobody answered (docs/notifications.md).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Notifications {
    /// Whether the server mails (`--smtp-url`): agents who are not online about visitors'
    /// messages nobody read, visitors about replies they did not see.
    pub email: bool,
    /// How long a message may wait unread before it is mailed (`--notify-delay-seconds`).
    #[ts(type = "number")]
    pub delay_seconds: u64,
}

/// A new account of the organisation.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
pub struct NewAgentBody {
    #[serde(default)]
    pub email: String,
    #[serde(default)]
    pub name: String,
    /// At least 8 characters.
    #[serde(default)]
    pub password: String,
    /// `agent` (default) or `owner`.
    #[serde(default)]
    #[ts(optional, type = "Role")]
    #[schema(value_type = Option<super::agent::Role>)]
    pub role: Option<String>,
}

/// An account's new password; its sessions end.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
pub struct ResetPasswordBody {
    /// At least 8 characters.
    #[serde(default)]
    pub password: String,
}

/// Who published a version; `id` null once the account is removed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
pub struct Publisher {
    pub id: Option<String>,
    pub name: String,
}

/// One published version; `publishedBy` null when the CLI published it or it predates the
/// history.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConfigVersion {
    #[ts(type = "number")]
    pub version: i64,
    pub etag: String,
    pub published_at: String,
    pub published_by: Option<Publisher>,
    /// Whether this is what the embed serves now.
    pub current: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
pub struct VersionList {
    pub versions: Vec<ConfigVersion>,
}

/// One published version with its config.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
pub struct VersionWithConfig {
    #[serde(flatten)]
    pub version: ConfigVersion,
    #[ts(type = "Config")]
    #[schema(value_type = ConfigJson)]
    pub config: Value,
}

/// A version made the draft again.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Restored {
    /// The new draft.
    #[ts(type = "Config")]
    #[schema(value_type = ConfigJson)]
    pub config: Value,
    pub updated_at: String,
    /// The version it was copied from.
    #[ts(type = "number")]
    pub restored_from: i64,
}

/// A page that loaded the embed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Sighting {
    pub host: String,
    /// The page's address as far as the browser told it (often only its origin).
    pub url: String,
    pub seen_at: String,
}

/// The installation check.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Installation {
    /// The most recent page of the domain's name or an alias that loaded the embed; null until
    /// one has.
    pub installed: Option<Sighting>,
    /// Pages of other hosts that loaded the embed, most recent first (a typo in the domain
    /// name, or the snippet copied to another site).
    pub unknown_hosts: Vec<Sighting>,
    pub embed_url: String,
}
