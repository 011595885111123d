//! The SQL of the statistics counts (its trait and rows: `mod.rs`).

macro_rules! impl_statistics {
    ($store:ty) => {
        const _: () = {
            use $crate::{ItemStatsCount, Statistics, StatsCount, StoreResult};

            #[async_trait::async_trait]
            impl Statistics for $store {
                async fn add_stats(&self, counts: &[StatsCount]) -> StoreResult<()> {
                    if counts.is_empty() {
                        return Ok(());
                    }
                    let mut tx = self.begin_write().await?;
                    for c in counts {
                        sqlx::query(
                            "INSERT INTO stats_counts (domain_id, day, event_name, count) \
                             SELECT $1, $2, $3, $4 WHERE EXISTS (SELECT 1 FROM domains WHERE id = $1) \
                             ON CONFLICT (domain_id, day, event_name) DO UPDATE \
                             SET count = stats_counts.count + excluded.count",
                        )
                        .bind(&c.key.domain_id)
                        .bind(&c.key.day)
                        .bind(&c.key.event_name)
                        .bind(c.count)
                        .execute(&mut *tx)
                        .await?;
                    }
                    tx.commit().await?;
                    Ok(())
                }

                async fn stats_counts(
                    &self,
                    domain_id: &str,
                    from: &str,
                    to: &str,
                ) -> StoreResult<Vec<StatsCount>> {
                    Ok(sqlx::query_as(
                        "SELECT domain_id, day, event_name, count FROM stats_counts \
                         WHERE domain_id = $1 AND day >= $2 AND day <= $3 ORDER BY day, event_name",
                    )
                    .bind(domain_id)
                    .bind(from)
                    .bind(to)
                    .fetch_all(self.reader())
                    .await?)
                }

                async fn add_item_stats(&self, counts: &[ItemStatsCount]) -> StoreResult<()> {
                    if counts.is_empty() {
                        return Ok(());
                    }
                    let mut tx = self.begin_write().await?;
                    for c in counts {
                        sqlx::query(
                            "INSERT INTO stats_item_counts \
                             (domain_id, day, event_name, button_id, action_id, count) \
                             SELECT $1, $2, $3, $4, $5, $6 \
                             WHERE EXISTS (SELECT 1 FROM domains WHERE id = $1) \
                             ON CONFLICT (domain_id, day, event_name, button_id, action_id) DO UPDATE \
                             SET count = stats_item_counts.count + excluded.count",
                        )
                        .bind(&c.key.domain_id)
                        .bind(&c.key.day)
                        .bind(&c.key.event_name)
                        .bind(&c.key.button_id)
                        .bind(&c.key.action_id)
                        .bind(c.count)
                        .execute(&mut *tx)
                        .await?;
                    }
                    tx.commit().await?;
                    Ok(())
                }

                async fn item_stats_counts(
                    &self,
                    domain_id: &str,
                    from: &str,
                    to: &str,
                ) -> StoreResult<Vec<ItemStatsCount>> {
                    Ok(sqlx::query_as(
                        "SELECT domain_id, day, event_name, button_id, action_id, count \
                         FROM stats_item_counts WHERE domain_id = $1 AND day >= $2 AND day <= $3 \
                         ORDER BY day, event_name, button_id, action_id",
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

pub(crate) use impl_statistics;
