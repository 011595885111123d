//! PostgreSQL's batch for the message group commit (`group_commit.rs`): one statement,
//! the messages as arrays, so a batch is one round trip and one commit (one WAL flush) however
//! many messages it holds.
//!
//! Instances share the database, so two batches (of two instances, or two of one instance in
//! flight at once) may write the same chats: each locks its chats' rows in the order of their
//! ids before counting, so they wait for each other in turn and never deadlock. Counting
//! happens on the locked row, so sequence numbers stay gapless and unique; a client id that
//! another batch stored meanwhile fails this one on the unique index, and the messages are
//! written again one by one (`group_commit.rs`), each seeing what the other stored.

use std::sync::Mutex;

use async_trait::async_trait;
use sqlx::pool::PoolConnection;
use sqlx::{PgPool, Postgres};

use crate::chats::sql::message_cols;
use crate::group_commit::{Batch, MAX_BATCH};
use crate::sql::is_unique_violation;
use crate::{Message, NewMessage, StoreResult};

/// `$1`…`$6`: the messages' channel ids, client ids, new ids, senders, texts and attachments
/// (arrays, in order); `$7`: now. Answers the stored row of every message whose channel is open
/// or that was stored before.
const INSERT_BATCH: &str = concat!(
    "WITH input AS ( \
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) \
       WITH ORDINALITY AS i(channel_id, client_id, id, sender_persona_id, text, attachments, ord) \
     ), \
     fresh AS ( \
       SELECT DISTINCT ON (channel_id, client_id) * FROM input i \
       WHERE NOT EXISTS (SELECT 1 FROM messages m \
                         WHERE m.channel_id = i.channel_id AND m.client_id = i.client_id) \
       ORDER BY channel_id, client_id, ord \
     ), \
     counts AS (SELECT channel_id, count(*) AS n FROM fresh GROUP BY channel_id), \
     locked AS ( \
       SELECT id FROM channels WHERE id IN (SELECT channel_id FROM counts) \
       ORDER BY id FOR UPDATE \
     ), \
     bumped AS ( \
       UPDATE channels c SET last_seq = c.last_seq + counts.n, last_activity_at = $7 \
       FROM counts JOIN locked l ON l.id = counts.channel_id \
       WHERE c.id = counts.channel_id AND c.status = 'open' \
       RETURNING c.id, c.last_seq - counts.n AS base \
     ), \
     inserted AS ( \
       INSERT INTO messages (",
    message_cols!(),
    ") \
       SELECT f.id, f.channel_id, \
              b.base + row_number() OVER (PARTITION BY f.channel_id ORDER BY f.ord), \
              f.client_id, f.sender_persona_id, f.text, f.attachments, $7 \
       FROM fresh f JOIN bumped b ON b.id = f.channel_id \
       RETURNING ",
    message_cols!(),
    " \
     ) \
     SELECT ",
    message_cols!(),
    " FROM inserted \
     UNION ALL \
     SELECT ",
    message_cols!(),
    " FROM messages \
     WHERE (channel_id, client_id) IN (SELECT channel_id, client_id FROM input)"
);

/// Writers, so batches in flight at once: while one waits for its commit, the next is sent.
pub(super) const WRITERS: usize = 2;

/// Writes on connections it keeps out of the pool (one per batch in flight): a pooled query
/// also costs the ping sqlx sends on every return to the pool.
pub(super) struct PgBatch {
    pool: PgPool,
    kept: Mutex<Vec<PoolConnection<Postgres>>>,
}

impl PgBatch {
    pub fn new(pool: PgPool) -> Self {
        PgBatch {
            pool,
            kept: Mutex::new(Vec::new()),
        }
    }
}

#[async_trait]
impl Batch for PgBatch {
    fn take(&self, waiting: usize) -> usize {
        waiting.min(MAX_BATCH)
    }

    async fn write(
        &self,
        messages: &[&NewMessage],
        ids: &[String],
        now: i64,
    ) -> StoreResult<Vec<Message>> {
        let col = |f: fn(&NewMessage) -> String| -> Vec<String> {
            messages.iter().map(|m| f(m)).collect()
        };
        let (channels, clients, senders, texts, attachments) = (
            col(|m| m.channel_id.clone()),
            col(|m| m.client_id.clone()),
            col(|m| m.sender_persona_id.clone()),
            col(|m| m.text.clone()),
            col(|m| m.attachments.to_string()),
        );
        let kept = self.kept.lock().expect("kept connections").pop();
        let mut conn = match kept {
            Some(c) => c,
            None => self.pool.acquire().await?,
        };
        let query = || {
            sqlx::query_as(INSERT_BATCH)
                .bind(&channels)
                .bind(&clients)
                .bind(ids)
                .bind(&senders)
                .bind(&texts)
                .bind(&attachments)
                .bind(now)
        };
        let rows = match query().fetch_all(&mut *conn).await {
            // A lone message whose client id another instance stored in the meantime: asked
            // again, the statement sees that row and answers it.
            Err(e) if messages.len() == 1 && is_unique_violation(&e) => {
                query().fetch_all(&mut *conn).await
            }
            r => r,
        };
        match rows {
            // The database answered (also with an error): the connection is sound, keep it.
            Ok(_) | Err(sqlx::Error::Database(_)) => {
                self.kept.lock().expect("kept connections").push(conn)
            }
            // Anything else may have broken it: back to the pool, which tests it.
            Err(_) => drop(conn),
        }
        Ok(rows?)
    }
}
