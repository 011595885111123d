//! Statistics: counts per domain, day and event, and per button and action.

/// The SQL of this aggregate, one text for both backends.
pub(crate) mod sql;

use async_trait::async_trait;

use super::StoreResult;

#[derive(Debug, Clone, PartialEq, Eq, Hash, sqlx::FromRow)]
pub struct StatsKey {
    pub domain_id: String,
    /// `YYYY-MM-DD`, UTC.
    pub day: String,
    pub event_name: String,
}

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct StatsCount {
    #[sqlx(flatten)]
    pub key: StatsKey,
    pub count: i64,
}

/// A count about one button (views: `action_id` empty) or one action on its button (clicks).
#[derive(Debug, Clone, PartialEq, Eq, Hash, sqlx::FromRow)]
pub struct ItemStatsKey {
    pub domain_id: String,
    /// `YYYY-MM-DD`, UTC.
    pub day: String,
    pub event_name: String,
    pub button_id: String,
    /// Empty when the event is about the button alone.
    pub action_id: String,
}

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ItemStatsCount {
    #[sqlx(flatten)]
    pub key: ItemStatsKey,
    pub count: i64,
}

/// Counts added in batches by the statistics collector (`sql/statistics.rs`).
#[async_trait]
pub trait Statistics: Send + Sync {
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
}
