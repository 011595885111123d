//! The SQL of canned replies (its trait and rows: `mod.rs`).

/// A canned reply's columns, as [`CannedReply`](crate::CannedReply) reads them.
pub(crate) const CANNED_COLS: &str = "id, org_id, shortcut, text, created_at, updated_at";

macro_rules! impl_canned {
    ($store:ty) => {
        const _: () = {
            use $crate::sql::{found, is_unique_violation, parent_missing, touched};
            use $crate::{
                new_id, refuse_nul, CannedReplies, CannedReply, Clock, StoreError, StoreResult,
            };

            /// A taken shortcut is a `Conflict`; an unknown organisation is `NotFound`.
            fn refused(e: sqlx::Error, shortcut: &str) -> StoreError {
                if is_unique_violation(&e) {
                    StoreError::Conflict(format!("the shortcut {shortcut:?} is taken"))
                } else {
                    parent_missing(e)
                }
            }

            #[async_trait::async_trait]
            impl CannedReplies for $store {
                async fn canned_replies(&self, org_id: &str) -> StoreResult<Vec<CannedReply>> {
                    Ok(sqlx::query_as(&format!(
                        "SELECT {} FROM canned_replies WHERE org_id = $1 ORDER BY shortcut",
                        $crate::canned::sql::CANNED_COLS
                    ))
                    .bind(org_id)
                    .fetch_all(self.reader())
                    .await?)
                }

                async fn create_canned_reply(
                    &self,
                    org_id: &str,
                    shortcut: &str,
                    text: &str,
                ) -> StoreResult<CannedReply> {
                    refuse_nul([("shortcut", Some(shortcut)), ("text", Some(text))])?;
                    let now = Clock::now_ms(self.clock());
                    sqlx::query_as(&format!(
                        "INSERT INTO canned_replies \
                         (id, org_id, shortcut, text, created_at, updated_at) \
                         VALUES ($1, $2, $3, $4, $5, $5) RETURNING {}",
                        $crate::canned::sql::CANNED_COLS
                    ))
                    .bind(new_id())
                    .bind(org_id)
                    .bind(shortcut)
                    .bind(text)
                    .bind(now)
                    .fetch_one(self.writer())
                    .await
                    .map_err(|e| refused(e, shortcut))
                }

                async fn update_canned_reply(
                    &self,
                    org_id: &str,
                    id: &str,
                    shortcut: &str,
                    text: &str,
                ) -> StoreResult<CannedReply> {
                    refuse_nul([("shortcut", Some(shortcut)), ("text", Some(text))])?;
                    let row: Option<CannedReply> = sqlx::query_as(&format!(
                        "UPDATE canned_replies SET shortcut = $3, text = $4, updated_at = $5 \
                         WHERE id = $1 AND org_id = $2 RETURNING {}",
                        $crate::canned::sql::CANNED_COLS
                    ))
                    .bind(id)
                    .bind(org_id)
                    .bind(shortcut)
                    .bind(text)
                    .bind(Clock::now_ms(self.clock()))
                    .fetch_optional(self.writer())
                    .await
                    .map_err(|e| refused(e, shortcut))?;
                    found(row)
                }

                async fn delete_canned_reply(&self, org_id: &str, id: &str) -> StoreResult<()> {
                    let done = sqlx::query("DELETE FROM canned_replies WHERE id = $1 AND org_id = $2")
                        .bind(id)
                        .bind(org_id)
                        .execute(self.writer())
                        .await?
                        .rows_affected();
                    touched(done)
                }

                async fn agents_may_edit_canned(&self, org_id: &str) -> StoreResult<bool> {
                    let row: Option<i64> = sqlx::query_scalar(
                        "SELECT agents_may_edit FROM canned_reply_settings WHERE org_id = $1",
                    )
                    .bind(org_id)
                    .fetch_optional(self.reader())
                    .await?;
                    Ok(row.is_some_and(|v| v != 0))
                }

                async fn set_agents_may_edit_canned(
                    &self,
                    org_id: &str,
                    allowed: bool,
                ) -> StoreResult<()> {
                    sqlx::query(
                        "INSERT INTO canned_reply_settings (org_id, agents_may_edit) VALUES ($1, $2) \
                         ON CONFLICT (org_id) DO UPDATE SET agents_may_edit = excluded.agents_may_edit",
                    )
                    .bind(org_id)
                    .bind(i64::from(allowed))
                    .execute(self.writer())
                    .await
                    .map_err(parent_missing)?;
                    Ok(())
                }
            }
        };
    };
}

pub(crate) use impl_canned;
