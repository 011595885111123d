//! The SQL of visitor context and pages (its trait and rows: `mod.rs`).

macro_rules! impl_visits {
    ($store:ty) => {
        const _: () = {
            use $crate::visits::MAX_PAGES;
            use $crate::{Clock, StoreResult, VisitorContext, VisitorPage, Visits};

            #[async_trait::async_trait]
            impl Visits for $store {
                async fn set_visitor_context(
                    &self,
                    channel_id: &str,
                    c: &VisitorContext,
                ) -> StoreResult<()> {
                    sqlx::query(
                        "INSERT INTO visitor_context \
                         (channel_id, user_agent, country, referrer, time_zone, left_at, language) \
                         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (channel_id) DO UPDATE SET \
                         user_agent = excluded.user_agent, country = excluded.country, \
                         referrer = excluded.referrer, time_zone = excluded.time_zone, \
                         language = excluded.language",
                    )
                    .bind(channel_id)
                    .bind(&c.user_agent)
                    .bind(&c.country)
                    .bind(&c.referrer)
                    .bind(&c.time_zone)
                    .bind(c.left_at)
                    .bind(&c.language)
                    .execute(self.writer())
                    .await?;
                    Ok(())
                }

                async fn visitor_context(
                    &self,
                    channel_id: &str,
                ) -> StoreResult<Option<VisitorContext>> {
                    Ok(sqlx::query_as(
                        "SELECT user_agent, country, referrer, time_zone, language, left_at \
                         FROM visitor_context WHERE channel_id = $1",
                    )
                    .bind(channel_id)
                    .fetch_optional(self.reader())
                    .await?)
                }

                async fn visitor_on_page(
                    &self,
                    channel_id: &str,
                    url: &str,
                    title: Option<&str>,
                ) -> StoreResult<Option<i64>> {
                    let now = Clock::now_ms(self.clock());
                    let mut tx = self.begin_write().await?;
                    sqlx::query(
                        "INSERT INTO visitor_context (channel_id, left_at) VALUES ($1, NULL) \
                         ON CONFLICT (channel_id) DO UPDATE SET left_at = NULL",
                    )
                    .bind(channel_id)
                    .execute(&mut *tx)
                    .await?;
                    let latest: Option<(String, Option<String>, i64)> = sqlx::query_as(
                        "SELECT url, title, seen_at FROM visitor_pages WHERE channel_id = $1 \
                         ORDER BY seen_at DESC LIMIT 1",
                    )
                    .bind(channel_id)
                    .fetch_optional(&mut *tx)
                    .await?;
                    let told = match latest {
                        // The same page: told again only when it has a title it lacked (a
                        // single-page site names its new page after changing the address).
                        Some((u, old, seen_at)) if u == url => {
                            let renamed = title.is_some_and(|t| old.as_deref() != Some(t));
                            if renamed {
                                sqlx::query(
                                    "UPDATE visitor_pages SET title = $1 \
                                     WHERE channel_id = $2 AND seen_at = $3",
                                )
                                .bind(title)
                                .bind(channel_id)
                                .bind(seen_at)
                                .execute(&mut *tx)
                                .await?;
                            }
                            renamed.then_some(seen_at)
                        }
                        _ => {
                            sqlx::query(
                                "INSERT INTO visitor_pages (channel_id, url, title, seen_at) \
                                 VALUES ($1, $2, $3, $4)",
                            )
                            .bind(channel_id)
                            .bind(url)
                            .bind(title)
                            .bind(now)
                            .execute(&mut *tx)
                            .await?;
                            sqlx::query(
                                "DELETE FROM visitor_pages WHERE channel_id = $1 AND seen_at < \
                                 (SELECT MIN(seen_at) FROM (SELECT seen_at FROM visitor_pages \
                                  WHERE channel_id = $1 ORDER BY seen_at DESC LIMIT $2) latest)",
                            )
                            .bind(channel_id)
                            .bind(MAX_PAGES)
                            .execute(&mut *tx)
                            .await?;
                            Some(now)
                        }
                    };
                    tx.commit().await?;
                    Ok(told)
                }

                async fn visitor_left(&self, channel_id: &str) -> StoreResult<()> {
                    sqlx::query(
                        "INSERT INTO visitor_context (channel_id, left_at) VALUES ($1, $2) \
                         ON CONFLICT (channel_id) DO UPDATE SET left_at = excluded.left_at",
                    )
                    .bind(channel_id)
                    .bind(Clock::now_ms(self.clock()))
                    .execute(self.writer())
                    .await?;
                    Ok(())
                }

                async fn visitor_pages(&self, channel_id: &str) -> StoreResult<Vec<VisitorPage>> {
                    Ok(sqlx::query_as(
                        "SELECT url, title, seen_at FROM visitor_pages WHERE channel_id = $1 \
                         ORDER BY seen_at DESC LIMIT $2",
                    )
                    .bind(channel_id)
                    .bind(MAX_PAGES)
                    .fetch_all(self.reader())
                    .await?)
                }
            }
        };
    };
}

pub(crate) use impl_visits;
