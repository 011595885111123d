//! The SQL of retention and erasure (its trait and rows: `mod.rs`).

macro_rules! impl_retention {
    ($store:ty) => {
        const _: () = {
            use $crate::sql::is_foreign_key_violation;
            use $crate::{
                erased_id_hash, ChatRef, KeptAbout, Retention, StoreError, StoreResult,
            };

            /// Removes the conversations (see `Retention::delete_chats`); with `remember`, keeps
            /// the hashes of their ids and their visitors' (an erasure).
            async fn delete(store: &$store, ids: &[String], remember: bool) -> StoreResult<u64> {
                let mut tx = store.begin_write().await?;
                let mut gone = 0;
                for id in ids {
                    let visitor: Option<(String,)> =
                        sqlx::query_as("SELECT visitor_persona_id FROM channels WHERE id = $1")
                            .bind(id)
                            .fetch_optional(&mut *tx)
                            .await?;
                    let Some((visitor,)) = visitor else { continue };
                    if remember {
                        for erased in [id, &visitor] {
                            sqlx::query(
                                "INSERT INTO erased_ids (id_hash) VALUES ($1) \
                                 ON CONFLICT (id_hash) DO NOTHING",
                            )
                            .bind(erased_id_hash(erased))
                            .execute(&mut *tx)
                            .await?;
                        }
                    }
                    sqlx::query("DELETE FROM visitor_mail_log WHERE channel_id = $1")
                        .bind(id)
                        .execute(&mut *tx)
                        .await?;
                    // Messages, read marks, the visit, the rating … go with it (cascade).
                    gone += sqlx::query("DELETE FROM channels WHERE id = $1")
                        .bind(id)
                        .execute(&mut *tx)
                        .await?
                        .rows_affected();
                    sqlx::query(
                        "DELETE FROM personas WHERE id = $1 AND type = 'ChatClient' \
                         AND NOT EXISTS (SELECT 1 FROM channels WHERE visitor_persona_id = $1 \
                         OR ended_by = $1) \
                         AND NOT EXISTS (SELECT 1 FROM messages WHERE sender_persona_id = $1) \
                         AND NOT EXISTS (SELECT 1 FROM read_markers WHERE persona_id = $1)",
                    )
                    .bind(&visitor)
                    .execute(&mut *tx)
                    .await?;
                }
                tx.commit().await?;
                Ok(gone)
            }

            #[async_trait::async_trait]
            impl Retention for $store {
                async fn kept_about(
                    &self,
                    channel_id: &str,
                    visitor_id: &str,
                ) -> StoreResult<KeptAbout> {
                    let read: Option<(i64, i64)> = sqlx::query_as(
                        "SELECT seq, updated_at FROM read_markers \
                         WHERE channel_id = $1 AND persona_id = $2",
                    )
                    .bind(channel_id)
                    .bind(visitor_id)
                    .fetch_optional(self.reader())
                    .await?;
                    let mails: Vec<(i64,)> = sqlx::query_as(
                        "SELECT sent_at FROM visitor_mail_log WHERE channel_id = $1 ORDER BY sent_at",
                    )
                    .bind(channel_id)
                    .fetch_all(self.reader())
                    .await?;
                    let webhook_deliveries = sqlx::query_as(
                        "SELECT event_type, body, status, created_at FROM webhook_deliveries \
                         WHERE channel_id = $1 ORDER BY created_at, id",
                    )
                    .bind(channel_id)
                    .fetch_all(self.reader())
                    .await?;
                    let files = sqlx::query_as(
                        "SELECT id, channel_id, domain_id, name, content_type, size, url, \
                         uploader, created_at FROM attachments WHERE channel_id = $1 \
                         ORDER BY created_at, id",
                    )
                    .bind(channel_id)
                    .fetch_all(self.reader())
                    .await?;
                    Ok(KeptAbout {
                        read,
                        mails_sent_at: mails.into_iter().map(|m| m.0).collect(),
                        webhook_deliveries,
                        files,
                    })
                }

                async fn retention_days(&self, domain_id: &str) -> StoreResult<Option<i64>> {
                    let days: Option<(i64,)> =
                        sqlx::query_as("SELECT days FROM domain_retention WHERE domain_id = $1")
                            .bind(domain_id)
                            .fetch_optional(self.reader())
                            .await?;
                    Ok(days.map(|d| d.0))
                }

                async fn set_retention_days(
                    &self,
                    domain_id: &str,
                    days: Option<i64>,
                ) -> StoreResult<()> {
                    match days {
                        Some(days) => sqlx::query(
                            "INSERT INTO domain_retention (domain_id, days) VALUES ($1, $2) \
                             ON CONFLICT (domain_id) DO UPDATE SET days = excluded.days",
                        )
                        .bind(domain_id)
                        .bind(days)
                        .execute(self.writer())
                        .await
                        .map_err(|e| {
                            if is_foreign_key_violation(&e) {
                                StoreError::NotFound
                            } else {
                                e.into()
                            }
                        })?,
                        None => sqlx::query("DELETE FROM domain_retention WHERE domain_id = $1")
                            .bind(domain_id)
                            .execute(self.writer())
                            .await?,
                    };
                    Ok(())
                }

                async fn expired_chats(&self, now: i64, limit: i64) -> StoreResult<Vec<ChatRef>> {
                    Ok(sqlx::query_as(
                        "SELECT c.id, c.domain_id FROM channels c \
                         JOIN domain_retention r ON r.domain_id = c.domain_id \
                         WHERE c.status = 'ended' AND c.ended_at < $1 - r.days * 86400000 \
                         ORDER BY c.ended_at LIMIT $2",
                    )
                    .bind(now)
                    .bind(limit)
                    .fetch_all(self.reader())
                    .await?)
                }

                async fn chats_of_email(
                    &self,
                    org_id: Option<&str>,
                    email: &str,
                ) -> StoreResult<Vec<ChatRef>> {
                    Ok(sqlx::query_as(
                        "SELECT c.id, c.domain_id FROM channels c \
                         JOIN personas p ON p.id = c.visitor_persona_id \
                         JOIN domains d ON d.id = c.domain_id \
                         WHERE lower(p.email) = lower($1) AND (CAST($2 AS TEXT) IS NULL OR d.org_id = $2) \
                         ORDER BY c.created_at",
                    )
                    .bind(email.trim())
                    .bind(org_id)
                    .fetch_all(self.reader())
                    .await?)
                }

                async fn delete_chats(&self, ids: &[String]) -> StoreResult<u64> {
                    delete(self, ids, false).await
                }

                async fn erase_chats(&self, ids: &[String]) -> StoreResult<u64> {
                    delete(self, ids, true).await
                }

                async fn was_erased(&self, id: &str) -> StoreResult<bool> {
                    let found: Option<(String,)> =
                        sqlx::query_as("SELECT id_hash FROM erased_ids WHERE id_hash = $1")
                            .bind(erased_id_hash(id))
                            .fetch_optional(self.reader())
                            .await?;
                    Ok(found.is_some())
                }
            }
        };
    };
}

pub(crate) use impl_retention;
