//! Private notes: what agents write on a chat for each other. Kept apart from messages in a
//! table of their own (`notes`), so that no read of messages (the visitor's history and
//! catch-up, transcripts, mails, unread counts, the waiting list) can return one: a note is
//! never a message that a filter forgot to leave out (docs/decisions.md, "Private notes are not
//! messages").

/// The SQL of this aggregate, one text for both backends.
pub(crate) mod sql;

use async_trait::async_trait;

use super::StoreResult;

/// A note on a chat.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Note {
    /// Sorts in the order notes were written (a UUID v7, like message ids).
    pub id: String,
    pub channel_id: String,
    /// The user who wrote it (`None`: the account was removed since).
    pub author_id: Option<String>,
    /// The author's name when they wrote it.
    pub author_name: String,
    pub text: String,
    pub created_at: i64,
}

/// Notes (`sql/notes.rs`).
#[async_trait]
pub trait Notes: Send + Sync {
    /// Keeps a note on the chat `channel_id` by `author_id` (named `author_name`), stamped now.
    /// `NotFound` for an unknown chat.
    async fn add_note(
        &self,
        channel_id: &str,
        author_id: &str,
        author_name: &str,
        text: &str,
    ) -> StoreResult<Note>;
    /// The chat's latest `limit` notes, oldest first.
    async fn channel_notes(&self, channel_id: &str, limit: i64) -> StoreResult<Vec<Note>>;
}
