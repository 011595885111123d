//! Domains and what hangs off one: the draft and published configs, the published versions,
//! and the pages seen loading its embed (the installation check).

/// The SQL of this aggregate, one text for both backends.
pub(crate) mod sql;

use async_trait::async_trait;

use super::StoreResult;
use crate::json_text::JsonText;

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

#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct Domain {
    pub id: String,
    pub org_id: String,
    pub name: String,
    #[sqlx(try_from = "JsonText")]
    pub aliases: Vec<String>,
    #[sqlx(rename = "type")]
    pub domain_type: String,
    #[sqlx(try_from = "JsonText")]
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
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
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
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
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
    /// Empty in [`Domains::list_config_versions`]; the config in [`Domains::get_config_version`].
    pub config_json: String,
}

/// The last page of one host that loaded a domain's embed.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct EmbedSighting {
    pub domain_id: String,
    /// Lower case, without port.
    pub host: String,
    /// The page's address as far as the browser told it (often only its origin).
    pub url: String,
    pub seen_at: i64,
}

/// Most hosts [`Domains::record_sightings`] keeps per domain: the most recently seen.
pub const MAX_SIGHTINGS_PER_DOMAIN: i64 = 20;

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct DraftConfig {
    pub domain_id: String,
    pub config_json: String,
    pub updated_at: i64,
}

/// Domains, drafts, published versions and sightings (`sql/domains.rs`).
#[async_trait]
pub trait Domains: Send + Sync {
    /// `Conflict` when a chosen id is taken.
    async fn create_domain(&self, domain: NewDomain) -> StoreResult<Domain>;
    async fn get_domain(&self, id: &str) -> StoreResult<Domain>;
    async fn list_domains(&self, org_id: &str) -> StoreResult<Vec<Domain>>;
    /// Replaces name, aliases, type, properties and timezone.
    async fn update_domain(&self, domain: &Domain) -> StoreResult<()>;
    async fn delete_domain(&self, id: &str) -> StoreResult<()>;

    /// Runs the data migration `name` over every domain's configs, once per database: each draft
    /// and published config that `rewrite` changes (it returns the new JSON) is replaced, a
    /// published one as a new version (without a publisher) so the embed's ETag and the history
    /// follow; then `name` is recorded in `data_migrations`, in the same transaction. Returns how
    /// many configs changed, or `None` when `name` had run before (also when another instance
    /// ran it meanwhile).
    async fn migrate_configs_once(
        &self,
        name: &str,
        rewrite: for<'j> fn(&'j str) -> Option<String>,
    ) -> StoreResult<Option<u64>>;

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

    /// Keeps each sighting as its (domain, host)'s latest unless a later one is stored; drops
    /// sightings of domains that do not exist, and per domain all but the
    /// [`MAX_SIGHTINGS_PER_DOMAIN`] most recently seen hosts.
    async fn record_sightings(&self, sightings: &[EmbedSighting]) -> StoreResult<()>;
    /// A domain's sightings, most recent first.
    async fn list_sightings(&self, domain_id: &str) -> StoreResult<Vec<EmbedSighting>>;
}
