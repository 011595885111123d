//! The SQL of attachments (its trait and rows: `mod.rs`).

/// An attachment's columns, as [`AttachmentRow`](crate::AttachmentRow) reads them.
pub(crate) const ATTACHMENT_COLS: &str =
    "id, channel_id, domain_id, name, content_type, size, url, uploader, created_at";

macro_rules! impl_attachments {
    ($store:ty) => {
        const _: () = {
            use $crate::attachments::sql::ATTACHMENT_COLS;
            use $crate::sql::{found, is_foreign_key_violation};
            use $crate::{
                refuse_nul, AttachmentLimitsRow, AttachmentRow, Attachments, Clock, StoreError,
                StoreResult,
            };

            #[async_trait::async_trait]
            impl Attachments for $store {
                async fn insert_attachment(&self, r: &AttachmentRow) -> StoreResult<AttachmentRow> {
                    refuse_nul([
                        ("name", Some(r.name.as_str())),
                        ("url", Some(r.url.as_str())),
                    ])?;
                    let row = sqlx::query_as(&format!(
                        "INSERT INTO attachments ({ATTACHMENT_COLS}) \
                         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING {ATTACHMENT_COLS}"
                    ))
                    .bind(&r.id)
                    .bind(&r.channel_id)
                    .bind(&r.domain_id)
                    .bind(&r.name)
                    .bind(&r.content_type)
                    .bind(r.size)
                    .bind(&r.url)
                    .bind(&r.uploader)
                    .bind(Clock::now_ms(self.clock()))
                    .fetch_one(self.writer())
                    .await;
                    match row {
                        Ok(row) => Ok(row),
                        Err(e) if is_foreign_key_violation(&e) => Err(StoreError::NotFound),
                        Err(e) => Err(e.into()),
                    }
                }

                async fn get_attachment(&self, id: &str) -> StoreResult<AttachmentRow> {
                    let row = sqlx::query_as(&format!(
                        "SELECT {ATTACHMENT_COLS} FROM attachments WHERE id = $1"
                    ))
                    .bind(id)
                    .fetch_optional(self.reader())
                    .await?;
                    found(row)
                }

                async fn attachment_limits(
                    &self,
                    domain_id: &str,
                ) -> StoreResult<Option<AttachmentLimitsRow>> {
                    Ok(sqlx::query_as(
                        "SELECT max_bytes, types FROM attachment_limits WHERE domain_id = $1",
                    )
                    .bind(domain_id)
                    .fetch_optional(self.reader())
                    .await?)
                }

                async fn set_attachment_limits(
                    &self,
                    domain_id: &str,
                    l: &AttachmentLimitsRow,
                ) -> StoreResult<()> {
                    let types = serde_json::to_string(&l.types).expect("types serialise");
                    refuse_nul([("types", Some(types.as_str()))])?;
                    let done = sqlx::query(
                        "INSERT INTO attachment_limits (domain_id, max_bytes, types) \
                         VALUES ($1, $2, $3) ON CONFLICT (domain_id) DO UPDATE \
                         SET max_bytes = excluded.max_bytes, types = excluded.types",
                    )
                    .bind(domain_id)
                    .bind(l.max_bytes)
                    .bind(types)
                    .execute(self.writer())
                    .await;
                    match done {
                        Ok(_) => Ok(()),
                        Err(e) if is_foreign_key_violation(&e) => Err(StoreError::NotFound),
                        Err(e) => Err(e.into()),
                    }
                }
            }
        };
    };
}

pub(crate) use impl_attachments;
