//! The SQL of push subscriptions and server keys (its trait and rows: `mod.rs`).

macro_rules! impl_push {
    ($store:ty) => {
        const _: () = {
            use $crate::{Clock, Push, PushSubscription, StoreResult};

            #[async_trait::async_trait]
            impl Push for $store {
                async fn save_push_subscription(
                    &self,
                    user_id: &str,
                    endpoint: &str,
                    p256dh: &str,
                    auth: &str,
                    max_per_user: i64,
                ) -> StoreResult<()> {
                    let now = Clock::now_ms(self.clock());
                    let mut tx = self.begin_write().await?;
                    sqlx::query(
                        "INSERT INTO push_subscriptions (endpoint, user_id, p256dh, auth, created_at) \
                         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (endpoint) DO UPDATE SET \
                         user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, \
                         created_at = excluded.created_at",
                    )
                    .bind(endpoint)
                    .bind(user_id)
                    .bind(p256dh)
                    .bind(auth)
                    .bind(now)
                    .execute(&mut *tx)
                    .await?;
                    sqlx::query(
                        "DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint NOT IN \
                         (SELECT endpoint FROM push_subscriptions WHERE user_id = $1 \
                          ORDER BY created_at DESC, endpoint LIMIT $2)",
                    )
                    .bind(user_id)
                    .bind(max_per_user)
                    .execute(&mut *tx)
                    .await?;
                    tx.commit().await?;
                    Ok(())
                }

                async fn delete_push_subscription(
                    &self,
                    user_id: &str,
                    endpoint: &str,
                ) -> StoreResult<bool> {
                    let done = sqlx::query(
                        "DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint = $2",
                    )
                    .bind(user_id)
                    .bind(endpoint)
                    .execute(self.writer())
                    .await?;
                    Ok(done.rows_affected() > 0)
                }

                async fn forget_push_endpoint(&self, endpoint: &str) -> StoreResult<()> {
                    sqlx::query("DELETE FROM push_subscriptions WHERE endpoint = $1")
                        .bind(endpoint)
                        .execute(self.writer())
                        .await?;
                    Ok(())
                }

                async fn push_subscriptions(
                    &self,
                    user_id: &str,
                ) -> StoreResult<Vec<PushSubscription>> {
                    Ok(sqlx::query_as(
                        "SELECT endpoint, user_id, p256dh, auth, created_at FROM push_subscriptions \
                         WHERE user_id = $1 ORDER BY created_at, endpoint",
                    )
                    .bind(user_id)
                    .fetch_all(self.reader())
                    .await?)
                }

                async fn server_key(&self, name: &str, value: &str) -> StoreResult<String> {
                    sqlx::query(
                        "INSERT INTO server_keys (name, value, created_at) VALUES ($1, $2, $3) \
                         ON CONFLICT (name) DO NOTHING",
                    )
                    .bind(name)
                    .bind(value)
                    .bind(Clock::now_ms(self.clock()))
                    .execute(self.writer())
                    .await?;
                    let (kept,): (String,) =
                        sqlx::query_as("SELECT value FROM server_keys WHERE name = $1")
                            .bind(name)
                            .fetch_one(self.writer())
                            .await?;
                    Ok(kept)
                }
            }
        };
    };
}

pub(crate) use impl_push;
