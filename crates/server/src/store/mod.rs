//! Storage: the [`Store`] trait and its two implementations over sqlx, SQLite (the embedded
//! default) and PostgreSQL. Both run the same SQL (see `sql.rs`), each with its own migrations
//! under `migrations/{sqlite,postgres}`; `tests/store_conformance.rs` holds them to one behaviour.
//!
//! Times are Unix milliseconds; JSON columns are text (the published config keeps its bytes).

use std::sync::Arc;

use async_trait::async_trait;
use serde::{Deserialize, Serialize};

mod group_commit;
mod postgres;
mod sql;
mod sqlite;

pub use postgres::PgStore;
pub use sqlite::SqliteStore;

/// What a store call can fail with.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("not found")]
    NotFound,
    /// A uniqueness rule was hit (e.g. a second user with the same e-mail).
    #[error("conflict: {0}")]
    Conflict(String),
    /// A new message for a channel that has ended.
    #[error("the chat has ended")]
    ChannelEnded,
    /// A message's client id is taken in its chat by another sender's message.
    #[error("{CLIENT_ID_TAKEN}")]
    ClientIdTaken,
    /// Text no backend may keep (U+0000): refused the same way on SQLite and PostgreSQL.
    #[error("{0}")]
    Invalid(String),
    #[error("stored data is invalid: {0}")]
    Corrupt(String),
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
    #[error("migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
}

pub type StoreResult<T> = Result<T, StoreError>;

/// Refuses U+0000 in any of `texts` (named fields): PostgreSQL cannot store it, so neither
/// backend does. Validation refuses it before; this keeps the two stores the same regardless.
pub(crate) fn refuse_nul<'a>(
    texts: impl IntoIterator<Item = (&'static str, Option<&'a str>)>,
) -> StoreResult<()> {
    match texts
        .into_iter()
        .find(|(_, t)| t.is_some_and(|t| t.contains('\0')))
    {
        Some((field, _)) => Err(StoreError::Invalid(format!(
            "{field}: {}",
            beckon_model::NUL_REFUSED
        ))),
        None => Ok(()),
    }
}

/// What [`StoreError::ClientIdTaken`] says, on HTTP (409) and the realtime socket (`error` 409).
pub const CLIENT_ID_TAKEN: &str =
    "this clientId was already used by someone else in this chat; send the message with a new clientId";

/// Milliseconds since the Unix epoch, now.
pub fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

/// A fresh random id (UUID v4, hyphenated).
pub fn new_id() -> String {
    uuid::Uuid::new_v4().to_string()
}

/// A fresh id for a chat message (UUID v7: the time first, then 74 random bits). Ids made one
/// after another sort one after another, so each new message's entry in the id index lands on
/// its last page instead of a random page of it: on SQLite one page less per message to write
/// and to checkpoint (a message id names a message; it is never a secret).
pub fn new_message_id() -> String {
    uuid::Uuid::now_v7().to_string()
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Organisation {
    pub id: String,
    pub name: String,
    pub created_at: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Owner,
    Agent,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Owner => "owner",
            Role::Agent => "agent",
        }
    }
    pub fn parse(s: &str) -> Option<Role> {
        match s {
            "owner" => Some(Role::Owner),
            "agent" => Some(Role::Agent),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewUser {
    pub org_id: String,
    pub email: String,
    pub name: String,
    /// An argon2 PHC string; the store never sees a password.
    pub password_hash: String,
    pub role: Role,
    /// The persona the user speaks as in chats (type `ChatAgentPersona`), if any.
    pub persona_id: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct User {
    pub id: String,
    pub org_id: String,
    pub email: String,
    pub name: String,
    pub password_hash: String,
    pub role: Role,
    pub persona_id: Option<String>,
    pub created_at: i64,
}

/// A login session. `id` is whatever the accounts code stores (ideally a hash of the cookie).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    pub id: String,
    pub user_id: String,
    pub created_at: i64,
    pub expires_at: i64,
    pub last_seen_at: i64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct NewDomain {
    /// A chosen id (e.g. `demo` for the seeded demo domain), or `None` for a random one.
    pub id: Option<String>,
    pub org_id: String,
    pub name: String,
    pub aliases: Vec<String>,
    /// `FREE`, `STARTER`, `PRO`, `UNKNOWN` (spec §1).
    pub domain_type: String,
    /// The domain's properties object (spec §3.1).
    pub properties: serde_json::Value,
    pub timezone: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Domain {
    pub id: String,
    pub org_id: String,
    pub name: String,
    pub aliases: Vec<String>,
    pub domain_type: String,
    pub properties: serde_json::Value,
    pub timezone: Option<String>,
    pub created_at: i64,
}

impl Domain {
    /// Whether `host` (a host, a `Host` header or an `Origin`) is this domain, by name or
    /// alias: the host rule of docs/configuration.md that the widget applies too (`beckon_model::host`).
    pub fn matches_host(&self, host: &str) -> bool {
        beckon_model::host_matches(&self.name, &self.aliases, host)
    }
}

/// The config a domain's embed serves, as published.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PublishedConfig {
    pub domain_id: String,
    pub config_json: String,
    /// 1 for the first publication, +1 for each one after.
    pub version: i64,
    /// A strong validator of `config_json` (hex SHA-256, first 32 digits).
    pub etag: String,
    pub published_at: i64,
}

/// Who published a version: the account (gone when it is removed since) and its name then.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Publisher {
    pub user_id: String,
    pub name: String,
}

/// One published version of a domain's config, as the history keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigVersion {
    pub domain_id: String,
    pub version: i64,
    pub etag: String,
    pub published_at: i64,
    /// The account that published it; `None` from the CLI, from before the history was kept,
    /// or once the account is removed.
    pub published_by: Option<String>,
    /// The publisher's name at the time; `None` from the CLI or from before the history.
    pub published_by_name: Option<String>,
    /// Empty in [`Store::list_config_versions`]; the config in [`Store::get_config_version`].
    pub config_json: String,
}

/// The last page of one host that loaded a domain's embed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EmbedSighting {
    pub domain_id: String,
    /// Lower case, without port.
    pub host: String,
    /// The page's address as far as the browser told it (often only its origin).
    pub url: String,
    pub seen_at: i64,
}

/// Most hosts [`Store::record_sightings`] keeps per domain: the most recently seen.
pub const MAX_SIGHTINGS_PER_DOMAIN: i64 = 20;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DraftConfig {
    pub domain_id: String,
    pub config_json: String,
    pub updated_at: i64,
}

/// Persona types: the visitor is `ChatClient`; the rest are spec §3.3's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PersonaType {
    ChatClient,
    ChatAgentPersona,
    ChatOrganizationDomainPersona,
    OrganizationPersona,
}

impl PersonaType {
    pub fn as_str(self) -> &'static str {
        match self {
            PersonaType::ChatClient => "ChatClient",
            PersonaType::ChatAgentPersona => "ChatAgentPersona",
            PersonaType::ChatOrganizationDomainPersona => "ChatOrganizationDomainPersona",
            PersonaType::OrganizationPersona => "OrganizationPersona",
        }
    }
    pub fn parse(s: &str) -> Option<PersonaType> {
        Some(match s {
            "ChatClient" => PersonaType::ChatClient,
            "ChatAgentPersona" => PersonaType::ChatAgentPersona,
            "ChatOrganizationDomainPersona" => PersonaType::ChatOrganizationDomainPersona,
            "OrganizationPersona" => PersonaType::OrganizationPersona,
            _ => return None,
        })
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewPersona {
    pub persona_type: PersonaType,
    pub name: String,
    pub email: Option<String>,
    pub ip: Option<String>,
    pub url: Option<String>,
    /// Unix ms when the legal notice was accepted, 0 when not.
    pub legal_notice_accepted: i64,
    pub avatar_url: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Persona {
    pub id: String,
    pub persona_type: PersonaType,
    pub name: String,
    pub email: Option<String>,
    pub ip: Option<String>,
    pub url: Option<String>,
    pub legal_notice_accepted: i64,
    pub avatar_url: Option<String>,
    pub created_at: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ChannelStatus {
    Open,
    Ended,
}

impl ChannelStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            ChannelStatus::Open => "open",
            ChannelStatus::Ended => "ended",
        }
    }
    pub fn parse(s: &str) -> Option<ChannelStatus> {
        match s {
            "open" => Some(ChannelStatus::Open),
            "ended" => Some(ChannelStatus::Ended),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Channel {
    pub id: String,
    pub domain_id: String,
    pub visitor_persona_id: String,
    pub status: ChannelStatus,
    pub created_at: i64,
    pub ended_at: Option<i64>,
    /// The persona (the visitor's or an agent's) that ended it, while it is ended.
    pub ended_by: Option<String>,
    pub last_activity_at: i64,
    /// A user id.
    pub assigned_agent_id: Option<String>,
    /// The sequence number of the channel's latest message (0 before the first).
    pub last_seq: i64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct NewMessage {
    pub channel_id: String,
    /// The sender's own id for the message; re-sending the same one stores nothing new.
    pub client_id: String,
    pub sender_persona_id: String,
    pub text: String,
    /// A JSON array of `{type, url, name}` (spec §3.3).
    pub attachments: serde_json::Value,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Message {
    pub id: String,
    pub channel_id: String,
    /// 1, 2, 3 … per channel, without gaps.
    pub seq: i64,
    pub client_id: String,
    pub sender_persona_id: String,
    pub text: String,
    pub attachments: serde_json::Value,
    pub created_at: i64,
}

/// What [`Store::insert_message`] did.
#[derive(Debug, Clone, PartialEq)]
pub struct Inserted {
    pub message: Message,
    /// False when the (channel, client id) pair was already stored and `message` is that row.
    pub created: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct StatsKey {
    pub domain_id: String,
    /// `YYYY-MM-DD`, UTC.
    pub day: String,
    pub event_name: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatsCount {
    pub key: StatsKey,
    pub count: i64,
}

/// A count about one button (views: `action_id` empty) or one action on its button (clicks).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ItemStatsKey {
    pub domain_id: String,
    /// `YYYY-MM-DD`, UTC.
    pub day: String,
    pub event_name: String,
    pub button_id: String,
    /// Empty when the event is about the button alone.
    pub action_id: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ItemStatsCount {
    pub key: ItemStatsKey,
    pub count: i64,
}

/// Which channels [`Store::query_channels`] answers: those of an organisation's domains.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ChannelQuery {
    pub org_id: String,
    /// Only this channel (for a detail view).
    pub channel_id: Option<String>,
    pub domain_id: Option<String>,
    pub status: Option<ChannelStatus>,
    pub assigned: AssignedFilter,
    /// Case-insensitive substring of the visitor's name or e-mail.
    pub search: Option<String>,
    /// Only chats whose visitor gave this e-mail (compared without case): a visitor's other
    /// conversations.
    pub visitor_email: Option<String>,
    /// Unread counts are for this persona: messages after its read marker, not sent by it.
    pub reader_persona_id: String,
    /// Paging: only channels listed after the one last active at `before` (Unix ms) with id
    /// `before_id`, in the list's order (activity descending, then id). Without `before_id`, only
    /// channels whose last activity is older than `before`.
    pub before: Option<i64>,
    pub before_id: Option<String>,
    pub limit: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum AssignedFilter {
    #[default]
    Any,
    Unassigned,
    /// Assigned to this user id.
    To(String),
}

/// A channel as an inbox lists it.
#[derive(Debug, Clone, PartialEq)]
pub struct ChannelSummary {
    pub channel: Channel,
    pub domain_name: String,
    pub visitor: Persona,
    pub unread: i64,
    /// The text of the latest message, if any.
    pub last_message_text: Option<String>,
    /// When the visitor last sent a message, if ever.
    pub visitor_last_message_at: Option<i64>,
    /// The name of the persona that ended the chat (`channel.ended_by`).
    pub ended_by_name: Option<String>,
}

/// Everything Beckon keeps. Object safe: the server holds an `Arc<dyn Store>`.
#[async_trait]
pub trait Store: Send + Sync + 'static {
    /// `sqlite` or `postgres`.
    fn backend(&self) -> &'static str;
    /// A trivial query: the database answers (readiness, `ready.rs`).
    async fn ping(&self) -> StoreResult<()>;

    // --- organisations and users ---
    async fn create_organisation(&self, name: &str) -> StoreResult<Organisation>;
    async fn get_organisation(&self, id: &str) -> StoreResult<Organisation>;
    /// `Conflict` when the e-mail is taken (compared as given; callers lower-case it).
    async fn create_user(&self, user: NewUser) -> StoreResult<User>;
    async fn get_user(&self, id: &str) -> StoreResult<User>;
    async fn get_user_by_email(&self, email: &str) -> StoreResult<User>;
    async fn list_users(&self, org_id: &str) -> StoreResult<Vec<User>>;
    async fn set_user_password_hash(&self, user_id: &str, password_hash: &str) -> StoreResult<()>;
    async fn count_users(&self) -> StoreResult<i64>;
    /// Removes the user and their sessions; their persona stays (their messages keep a sender)
    /// and channels assigned to them become unassigned.
    async fn delete_user(&self, id: &str) -> StoreResult<()>;
    /// Every organisation, oldest first.
    async fn list_organisations(&self) -> StoreResult<Vec<Organisation>>;

    // --- sessions ---
    async fn create_session(&self, session: Session) -> StoreResult<()>;
    async fn get_session(&self, id: &str) -> StoreResult<Session>;
    async fn touch_session(&self, id: &str, last_seen_at: i64, expires_at: i64) -> StoreResult<()>;
    async fn delete_session(&self, id: &str) -> StoreResult<()>;
    /// Removes every session of the user (password reset, removal); returns how many.
    async fn delete_user_sessions(&self, user_id: &str) -> StoreResult<u64>;
    /// Removes sessions that expired before `now`; returns how many.
    async fn delete_expired_sessions(&self, now: i64) -> StoreResult<u64>;

    // --- domains and their configs ---
    /// `Conflict` when a chosen id is taken.
    async fn create_domain(&self, domain: NewDomain) -> StoreResult<Domain>;
    async fn get_domain(&self, id: &str) -> StoreResult<Domain>;
    async fn list_domains(&self, org_id: &str) -> StoreResult<Vec<Domain>>;
    /// Replaces name, aliases, type, properties and timezone.
    async fn update_domain(&self, domain: &Domain) -> StoreResult<()>;
    async fn delete_domain(&self, id: &str) -> StoreResult<()>;
    async fn save_draft(&self, domain_id: &str, config_json: &str) -> StoreResult<DraftConfig>;
    async fn get_draft(&self, domain_id: &str) -> StoreResult<DraftConfig>;
    /// Stores `config_json` as the domain's published config, version + 1, without a
    /// publisher (the CLI).
    async fn publish_config(
        &self,
        domain_id: &str,
        config_json: &str,
    ) -> StoreResult<PublishedConfig> {
        self.publish_config_by(domain_id, config_json, None).await
    }
    /// Stores `config_json` as the domain's published config, version + 1, and keeps it in the
    /// domain's history with who published it, in one transaction.
    async fn publish_config_by(
        &self,
        domain_id: &str,
        config_json: &str,
        by: Option<&Publisher>,
    ) -> StoreResult<PublishedConfig>;
    async fn get_published(&self, domain_id: &str) -> StoreResult<PublishedConfig>;
    /// The domain's published versions, newest first, at most `limit`, without their configs
    /// (`config_json` empty).
    async fn list_config_versions(
        &self,
        domain_id: &str,
        limit: i64,
    ) -> StoreResult<Vec<ConfigVersion>>;
    /// One published version with its config.
    async fn get_config_version(&self, domain_id: &str, version: i64)
        -> StoreResult<ConfigVersion>;

    // --- installation check ---
    /// Keeps each sighting as its (domain, host)'s latest unless a later one is stored; drops
    /// sightings of domains that do not exist, and per domain all but the
    /// [`MAX_SIGHTINGS_PER_DOMAIN`] most recently seen hosts.
    async fn record_sightings(&self, sightings: &[EmbedSighting]) -> StoreResult<()>;
    /// A domain's sightings, most recent first.
    async fn list_sightings(&self, domain_id: &str) -> StoreResult<Vec<EmbedSighting>>;

    // --- personas ---
    async fn create_persona(&self, persona: NewPersona) -> StoreResult<Persona>;
    async fn get_persona(&self, id: &str) -> StoreResult<Persona>;
    /// Replaces everything but id, type and created_at.
    async fn update_persona(&self, persona: &Persona) -> StoreResult<()>;

    // --- channels and messages ---
    /// Creates the visitor's persona and an open channel on the domain, in one transaction.
    async fn create_channel(
        &self,
        domain_id: &str,
        visitor: NewPersona,
    ) -> StoreResult<(Channel, Persona)>;
    async fn get_channel(&self, id: &str) -> StoreResult<Channel>;
    /// A domain's channels, most recently active first.
    async fn list_channels(
        &self,
        domain_id: &str,
        status: Option<ChannelStatus>,
        limit: i64,
    ) -> StoreResult<Vec<Channel>>;
    /// Channels of an organisation's domains with their visitor, unread count for the reader
    /// and latest message, most recently active first.
    async fn query_channels(&self, query: &ChannelQuery) -> StoreResult<Vec<ChannelSummary>>;
    /// Ends the channel, noting the persona that ended it, if known (idempotent: an ended
    /// channel keeps its first `ended_at` and `ended_by`).
    async fn end_channel(&self, id: &str, now: i64, by: Option<&str>) -> StoreResult<Channel>;
    /// Opens an ended channel again in the same thread (a returning visitor); an open one is
    /// left as it is.
    async fn reopen_channel(&self, id: &str, now: i64) -> StoreResult<Channel>;
    async fn assign_channel(&self, id: &str, agent_user_id: Option<&str>) -> StoreResult<()>;
    /// Stores a message with the channel's next sequence number. Idempotent on
    /// (channel, sender, client id): a re-send returns the stored row with `created: false`, even
    /// after the chat ended. A client id names one message in a chat: the same id from another
    /// sender is `ClientIdTaken` and stores nothing. A new message on an ended chat is
    /// `ChannelEnded`.
    async fn insert_message(&self, message: NewMessage) -> StoreResult<Inserted>;
    /// Messages with `seq > after_seq`, oldest first, at most `limit`.
    async fn messages_after(
        &self,
        channel_id: &str,
        after_seq: i64,
        limit: i64,
    ) -> StoreResult<Vec<Message>>;
    /// The visitor's persona and every persona that sent a message in the channel.
    async fn channel_personas(&self, channel_id: &str) -> StoreResult<Vec<Persona>>;
    /// Moves the persona's read marker forward to `seq` (never back); answers the marker.
    async fn mark_read(&self, channel_id: &str, persona_id: &str, seq: i64) -> StoreResult<i64>;
    /// The persona's read marker, 0 when none.
    async fn read_marker(&self, channel_id: &str, persona_id: &str) -> StoreResult<i64>;

    // --- statistics ---
    /// Adds the counts; counts for domains that do not exist are dropped.
    async fn add_stats(&self, counts: &[StatsCount]) -> StoreResult<()>;
    /// A domain's counts for days `from..=to` (`YYYY-MM-DD`), ordered by day then event.
    async fn stats_counts(
        &self,
        domain_id: &str,
        from: &str,
        to: &str,
    ) -> StoreResult<Vec<StatsCount>>;
    /// Adds per-button/action counts; counts for domains that do not exist are dropped.
    async fn add_item_stats(&self, counts: &[ItemStatsCount]) -> StoreResult<()>;
    /// A domain's per-button/action counts for days `from..=to`, ordered by day, event, button
    /// then action.
    async fn item_stats_counts(
        &self,
        domain_id: &str,
        from: &str,
        to: &str,
    ) -> StoreResult<Vec<ItemStatsCount>>;
    /// The ended channel of `domain_id` whose visitor is the persona `visitor_id` and gave
    /// `email` (compared without case), if it ended at or after `ended_since` (Unix ms), with
    /// that visitor: the chat a returning visitor's browser held.
    async fn ended_channel_of_visitor(
        &self,
        domain_id: &str,
        visitor_id: &str,
        email: &str,
        ended_since: i64,
    ) -> StoreResult<Option<(Channel, Persona)>>;
}

/// Opens the store a `DATABASE_URL` names (`sqlite:…` or `postgres://…`) and migrates it.
pub async fn connect(database_url: &str) -> anyhow::Result<Arc<dyn Store>> {
    if database_url.starts_with("sqlite:") {
        Ok(Arc::new(SqliteStore::connect(database_url).await?))
    } else if database_url.starts_with("postgres://") || database_url.starts_with("postgresql://") {
        Ok(Arc::new(PgStore::connect(database_url).await?))
    } else {
        anyhow::bail!(
            "DATABASE_URL must start with sqlite: or postgres:// (got {:?})",
            database_url.split(':').next().unwrap_or("")
        )
    }
}

/// The ETag a published config gets: the first 32 hex digits of its SHA-256.
pub fn config_etag(config_json: &str) -> String {
    use sha2::Digest;
    let digest = sha2::Sha256::digest(config_json.as_bytes());
    digest[..16].iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Message ids made one after another sort one after another (so SQLite appends each to the
    /// id index's last page), and stay unique within the same millisecond.
    #[test]
    fn message_ids_sort_in_creation_order() {
        let ids: Vec<String> = (0..2000).map(|_| new_message_id()).collect();
        let mut sorted = ids.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted, ids);
    }
}
