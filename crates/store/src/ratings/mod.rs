//! Satisfaction: the visitor's rating of a conversation (1–5, an optional comment), one per chat
//! (a later one replaces it), credited to the chat's domain and to the agent it was assigned to
//! when rated; the owner's statistics count them per domain and per agent.

/// The SQL of this aggregate, one text for both backends.
pub(crate) mod sql;

use async_trait::async_trait;

use super::StoreResult;

/// Lowest and highest score.
pub const MIN_SCORE: i32 = 1;
pub const MAX_SCORE: i32 = 5;

/// A chat's rating.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Rating {
    pub channel_id: String,
    pub domain_id: String,
    /// The user the chat was assigned to when it was rated (`None`: nobody, or removed since).
    pub agent_id: Option<String>,
    pub score: i32,
    pub comment: Option<String>,
    pub created_at: i64,
}

/// Ratings of one agent (or of nobody: `agent_id` `None`) in a period: how many, and their sum.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct RatingTally {
    pub agent_id: Option<String>,
    /// The agent's name now (`None` with `agent_id` `None`).
    pub agent_name: Option<String>,
    pub count: i64,
    pub total: i64,
}

impl RatingTally {
    /// The mean score.
    pub fn average(&self) -> f64 {
        if self.count == 0 {
            0.0
        } else {
            self.total as f64 / self.count as f64
        }
    }
}

/// Ratings (`sql/ratings.rs`).
#[async_trait]
pub trait Ratings: Send + Sync {
    /// Keeps the rating of the chat `channel_id` (replacing one it had), credited to the agent
    /// assigned to it now and stamped now. `score` must be 1–5 (the database refuses others);
    /// an empty comment is kept as none. `NotFound` for an unknown chat.
    async fn rate_channel(
        &self,
        channel_id: &str,
        score: i32,
        comment: Option<&str>,
    ) -> StoreResult<Rating>;
    /// The chat's rating, if it has one.
    async fn channel_rating(&self, channel_id: &str) -> StoreResult<Option<Rating>>;
    /// A domain's ratings made at or after `from` and before `to` (Unix ms), one tally per agent
    /// credited (nobody's included): the most rated first; among equals by name, nobody's last.
    async fn rating_tallies(
        &self,
        domain_id: &str,
        from: i64,
        to: i64,
    ) -> StoreResult<Vec<RatingTally>>;
}
