//! The SQL of private notes (its trait and rows: `mod.rs`). Nothing here reads or writes `messages`, and no
//! query of messages reads `notes`.

/// A note's columns, as [`Note`](crate::Note) reads them.
pub(crate) const NOTE_COLS: &str = "id, channel_id, author_id, author_name, text, created_at";

macro_rules! impl_notes {
    ($store:ty) => {
        const _: () = {
            use $crate::sql::{found, parent_missing};
            use $crate::{refuse_nul, Clock, Note, Notes, StoreResult};

            #[async_trait::async_trait]
            impl Notes for $store {
                async fn add_note(
                    &self,
                    channel_id: &str,
                    author_id: &str,
                    author_name: &str,
                    text: &str,
                ) -> StoreResult<Note> {
                    refuse_nul([
                        ("channelId", Some(channel_id)),
                        ("authorName", Some(author_name)),
                        ("text", Some(text)),
                    ])?;
                    // Only for a chat that is there (the SELECT), by an author who is (the
                    // foreign key).
                    let row: Option<Note> = sqlx::query_as(&format!(
                        "INSERT INTO notes (id, channel_id, author_id, author_name, text, created_at) \
                         SELECT $1, id, $3, $4, $5, $6 FROM channels WHERE id = $2 \
                         RETURNING {}",
                        $crate::notes::sql::NOTE_COLS
                    ))
                    .bind($crate::new_message_id())
                    .bind(channel_id)
                    .bind(author_id)
                    .bind(author_name)
                    .bind(text)
                    .bind(Clock::now_ms(self.clock()))
                    .fetch_optional(self.writer())
                    .await
                    .map_err(parent_missing)?;
                    found(row)
                }

                async fn channel_notes(
                    &self,
                    channel_id: &str,
                    limit: i64,
                ) -> StoreResult<Vec<Note>> {
                    Ok(sqlx::query_as(&format!(
                        "SELECT {cols} FROM (SELECT {cols} FROM notes WHERE channel_id = $1 \
                         ORDER BY created_at DESC, id DESC LIMIT $2) latest \
                         ORDER BY created_at, id",
                        cols = $crate::notes::sql::NOTE_COLS
                    ))
                    .bind(channel_id)
                    .bind(limit.max(0))
                    .fetch_all(self.reader())
                    .await?)
                }
            }
        };
    };
}

pub(crate) use impl_notes;
