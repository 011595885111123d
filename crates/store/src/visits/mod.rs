//! What agents see about a conversation's visitor beside it: the context of the chat's start
//! (browser, country, referrer, time zone, language), whether they have left, and the pages they saw.

/// The SQL of this aggregate, one text for both backends.
pub(crate) mod sql;

use async_trait::async_trait;

use super::StoreResult;

/// Pages kept per conversation: the latest.
pub const MAX_PAGES: i64 = 50;

#[derive(Debug, Clone, Default, PartialEq, Eq, sqlx::FromRow)]
pub struct VisitorContext {
    /// The browser's `User-Agent` when the chat began.
    pub user_agent: Option<String>,
    /// ISO 3166 code from the address (with `--geoip-db`).
    pub country: Option<String>,
    /// The page that led to the site (`document.referrer`), as the widget said.
    pub referrer: Option<String>,
    /// The visitor's IANA time zone, as their browser said.
    pub time_zone: Option<String>,
    /// The language tag the visitor's widget spoke ("fr", "pt-BR"): their mails' language.
    pub language: Option<String>,
    /// When the visitor's last widget went away; `None` while one is connected.
    pub left_at: Option<i64>,
}

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct VisitorPage {
    pub url: String,
    pub title: Option<String>,
    pub seen_at: i64,
}

#[async_trait]
pub trait Visits: Send + Sync {
    /// Keeps the context of the chat's start (a second call replaces it).
    async fn set_visitor_context(&self, channel_id: &str, c: &VisitorContext) -> StoreResult<()>;
    /// The context, when the chat has one.
    async fn visitor_context(&self, channel_id: &str) -> StoreResult<Option<VisitorContext>>;
    /// The visitor is on `url` now (and so on the site): kept unless it is the page already
    /// latest, which takes `title` when it is a new one; the oldest past [`MAX_PAGES`] go.
    /// When the page is new or was renamed, its `seen_at` (the entry agents are told of).
    async fn visitor_on_page(
        &self,
        channel_id: &str,
        url: &str,
        title: Option<&str>,
    ) -> StoreResult<Option<i64>>;
    /// The visitor's last widget went away now.
    async fn visitor_left(&self, channel_id: &str) -> StoreResult<()>;
    /// The pages seen during the conversation, the latest first.
    async fn visitor_pages(&self, channel_id: &str) -> StoreResult<Vec<VisitorPage>>;
}
