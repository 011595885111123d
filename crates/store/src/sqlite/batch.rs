//! SQLite's batch for the message group commit (`group_commit.rs`).
//!
//! SQLite has one writer, so every message waits for the ones before it; a batch is one query
//! sent to the connection's worker thread in one round trip: `BEGIN IMMEDIATE`, three
//! statements per message, `COMMIT`, prepared once. A batch is cut into power-of-two chunks,
//! each a transaction of its own, so that only seven query shapes are ever prepared.

use std::sync::OnceLock;

use async_trait::async_trait;
use sqlx::SqlitePool;

use crate::chats::sql::message_cols;
use crate::group_commit::Batch;
use crate::{Message, NewMessage, StoreResult};

/// Chunks are 2^k messages, k < this: 64 at most.
const CHUNK_SHAPES: usize = 7;
/// Parameters per message in [`insert_one`].
const PARAMS: usize = 7;

/// One message: count it in (when the channel is open and the client id is new), store it with
/// that count, and read back the row the client id names. `$1`…`$7` are shifted by `base`.
fn insert_one(base: usize) -> String {
    let p = |n: usize| format!("${}", base + n);
    let (now, channel, client, id, sender, text, attachments) =
        (p(1), p(2), p(3), p(4), p(5), p(6), p(7));
    let new_in_open_channel = format!(
        "WHERE id = {channel} AND status = 'open' AND NOT EXISTS \
         (SELECT 1 FROM messages WHERE channel_id = {channel} AND client_id = {client})"
    );
    format!(
        "UPDATE channels SET last_seq = last_seq + 1, last_activity_at = {now} \
         {new_in_open_channel}; \
         INSERT INTO messages ({cols}) \
         SELECT {id}, id, last_seq, {client}, {sender}, {text}, {attachments}, {now} \
         FROM channels {new_in_open_channel}; \
         SELECT {cols} FROM messages WHERE channel_id = {channel} AND client_id = {client}; ",
        cols = message_cols!(),
    )
}

/// The query for a chunk of 2^`shape` messages, one transaction.
fn chunk_sql(shape: usize) -> &'static str {
    static SHAPES: OnceLock<Vec<String>> = OnceLock::new();
    &SHAPES.get_or_init(|| {
        (0..CHUNK_SHAPES)
            .map(|k| {
                let body: String = (0..1usize << k).map(|i| insert_one(i * PARAMS)).collect();
                format!("BEGIN IMMEDIATE; {body}COMMIT;")
            })
            .collect()
    })[shape]
}

/// Writes on the store's single write connection (shared with the other writes, in FIFO
/// order).
pub(super) struct SqliteBatch(pub SqlitePool);

#[async_trait]
impl Batch for SqliteBatch {
    /// Largest chunk first: 23 waiting → 16, 4, 2, 1.
    fn take(&self, waiting: usize) -> usize {
        (1 << waiting.ilog2()).min(1 << (CHUNK_SHAPES - 1))
    }

    async fn write(
        &self,
        messages: &[&NewMessage],
        ids: &[String],
        now: i64,
    ) -> StoreResult<Vec<Message>> {
        let mut conn = self.0.acquire().await?;
        let mut query = sqlx::query_as(chunk_sql(messages.len().ilog2() as usize));
        for (m, id) in messages.iter().zip(ids) {
            query = query
                .bind(now)
                .bind(&m.channel_id)
                .bind(&m.client_id)
                .bind(id)
                .bind(&m.sender_persona_id)
                .bind(&m.text)
                .bind(m.attachments.to_string());
        }
        match query.fetch_all(&mut *conn).await {
            // One row per message whose channel is open or that was stored before.
            Ok(rows) => Ok(rows),
            Err(e) => {
                // The statements stop at the failing one: undo what ran before it. (Fails
                // harmlessly when the BEGIN itself was what failed.)
                let _ = sqlx::query("ROLLBACK").execute(&mut *conn).await;
                Err(e.into())
            }
        }
    }
}
