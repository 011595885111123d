//! Files sent in chats: what the store keeps of each upload (its bytes are in the file store,
//! `crate::infra::attachments`), and what each domain's chats accept.

/// The SQL of this aggregate, one text for both backends.
pub(crate) mod sql;

use async_trait::async_trait;

use super::StoreResult;
use crate::json_text::JsonText;

/// One uploaded file.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct AttachmentRow {
    pub id: String,
    pub channel_id: String,
    pub domain_id: String,
    /// The sanitised file name.
    pub name: String,
    /// The media type detected from the bytes.
    pub content_type: String,
    pub size: i64,
    /// The url issued for it (what messages carry).
    pub url: String,
    /// `visitor` or `agent`.
    pub uploader: String,
    pub created_at: i64,
}

/// What a domain's chats accept, as its owner set it.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct AttachmentLimitsRow {
    pub max_bytes: i64,
    #[sqlx(try_from = "JsonText")]
    pub types: Vec<String>,
}

/// Attachments (`sql/attachments.rs`).
#[async_trait]
pub trait Attachments: Send + Sync {
    /// Keeps an uploaded file's row (`created_at` is stamped now; the given one is ignored).
    /// `NotFound` when its chat is not there (any more).
    async fn insert_attachment(&self, row: &AttachmentRow) -> StoreResult<AttachmentRow>;
    /// The file's row; `NotFound` for an unknown id (or one whose chat was removed).
    async fn get_attachment(&self, id: &str) -> StoreResult<AttachmentRow>;
    /// What the owner set for the domain (`None`: the defaults).
    async fn attachment_limits(&self, domain_id: &str) -> StoreResult<Option<AttachmentLimitsRow>>;
    /// Sets what the domain's chats accept.
    async fn set_attachment_limits(
        &self,
        domain_id: &str,
        limits: &AttachmentLimitsRow,
    ) -> StoreResult<()>;
}
