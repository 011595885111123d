//! The SQL of ratings (its trait and rows: `mod.rs`).

/// A rating's columns, as [`Rating`](crate::Rating) reads them.
pub(crate) const RATING_COLS: &str = "channel_id, domain_id, agent_id, score, comment, created_at";

macro_rules! impl_ratings {
    ($store:ty) => {
        const _: () = {
            use $crate::sql::found;
            use $crate::{refuse_nul, Clock, Rating, RatingTally, Ratings, StoreResult};

            #[async_trait::async_trait]
            impl Ratings for $store {
                async fn rate_channel(
                    &self,
                    channel_id: &str,
                    score: i32,
                    comment: Option<&str>,
                ) -> StoreResult<Rating> {
                    refuse_nul([("channelId", Some(channel_id)), ("comment", comment)])?;
                    let comment = comment.filter(|c| !c.is_empty());
                    // The chat's domain and its agent now, read in the same statement.
                    let row: Option<Rating> = sqlx::query_as(&format!(
                        "INSERT INTO ratings \
                         (channel_id, domain_id, agent_id, score, comment, created_at) \
                         SELECT id, domain_id, assigned_agent_id, $2, $3, $4 FROM channels \
                         WHERE id = $1 \
                         ON CONFLICT (channel_id) DO UPDATE SET domain_id = excluded.domain_id, \
                         agent_id = excluded.agent_id, score = excluded.score, \
                         comment = excluded.comment, created_at = excluded.created_at \
                         RETURNING {}",
                        $crate::ratings::sql::RATING_COLS
                    ))
                    .bind(channel_id)
                    .bind(score)
                    .bind(comment)
                    .bind(Clock::now_ms(self.clock()))
                    .fetch_optional(self.writer())
                    .await?;
                    found(row)
                }

                async fn channel_rating(&self, channel_id: &str) -> StoreResult<Option<Rating>> {
                    Ok(sqlx::query_as(&format!(
                        "SELECT {} FROM ratings WHERE channel_id = $1",
                        $crate::ratings::sql::RATING_COLS
                    ))
                    .bind(channel_id)
                    .fetch_optional(self.reader())
                    .await?)
                }

                async fn rating_tallies(
                    &self,
                    domain_id: &str,
                    from: i64,
                    to: i64,
                ) -> StoreResult<Vec<RatingTally>> {
                    // `agent_id IS NULL` first in the order: both backends then list nobody's
                    // last (they sort NULLs differently).
                    Ok(sqlx::query_as(
                        "SELECT r.agent_id, u.name AS agent_name, COUNT(*) AS count, \
                         SUM(r.score) AS total FROM ratings r \
                         LEFT JOIN users u ON u.id = r.agent_id \
                         WHERE r.domain_id = $1 AND r.created_at >= $2 AND r.created_at < $3 \
                         GROUP BY r.agent_id, u.name \
                         ORDER BY COUNT(*) DESC, r.agent_id IS NULL, u.name, r.agent_id",
                    )
                    .bind(domain_id)
                    .bind(from)
                    .bind(to)
                    .fetch_all(self.reader())
                    .await?)
                }
            }
        };
    };
}

pub(crate) use impl_ratings;
