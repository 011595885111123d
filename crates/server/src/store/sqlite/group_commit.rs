//! Chat messages on SQLite: group commit.
//!
//! SQLite has one writer, so every message waits for the ones before it. Written one
//! transaction each, a message cost five round trips to the connection's worker thread (BEGIN,
//! UPDATE, SELECT, INSERT, COMMIT), each a hand-over between threads that a busy machine delays;
//! at 1 000 messages a second the queue behind the writer made the tail (p99 180–440 ms).
//!
//! Here one task owns the message path: it takes every message waiting at that moment (up to
//! [`MAX_BATCH`]) into one `BEGIN IMMEDIATE` transaction, one round trip per message (a
//! single prepared three-statement query), and one COMMIT; each sender's future resolves only
//! after that COMMIT, so an answer still means "stored". Sequence numbers and de-duplication
//! are decided inside the transaction, exactly as before: the channel's `last_seq` is
//! incremented only when the channel is open and the client id is new in it, and the stored row
//! (new or earlier) is what the sender gets back. Messages of one batch see each other, so a
//! message sent twice in one batch is stored once.
//!
//! When anything in a batch fails, the whole transaction rolls back (no half-stored batch, no
//! gap in a sequence) and each of its messages is written again on its own, so one bad
//! message fails alone.

use sqlx::SqlitePool;
use tokio::sync::{mpsc, oneshot};

use crate::store::sql::message_cols;
use crate::store::{new_id, now_ms, Message, NewMessage, StoreError, StoreResult};

/// Most messages one transaction carries.
const MAX_BATCH: usize = 256;
/// Messages waiting for the writer; beyond this senders wait for room.
const QUEUE: usize = 4096;

/// One message, one round trip: count it in (when the channel is open and the client id is
/// new), store it with that count, and read back the row the client id names.
const INSERT_ONE: &str = concat!(
    "UPDATE channels SET last_seq = last_seq + 1, last_activity_at = $1 \
     WHERE id = $2 AND status = 'open' \
     AND NOT EXISTS (SELECT 1 FROM messages WHERE channel_id = $2 AND client_id = $3); \
     INSERT INTO messages (",
    message_cols!(),
    ") SELECT $4, id, last_seq, $3, $5, $6, $7, $1 FROM channels \
     WHERE id = $2 AND status = 'open' \
     AND NOT EXISTS (SELECT 1 FROM messages WHERE channel_id = $2 AND client_id = $3); \
     SELECT ",
    message_cols!(),
    " FROM messages WHERE channel_id = $2 AND client_id = $3"
);

/// What became of one message.
pub(super) enum Outcome {
    /// Stored now.
    Created(Message),
    /// Stored before under the same client id: that message.
    Duplicate(Message),
    /// The channel has ended or does not exist; nothing was stored.
    NotOpen,
}

struct Job {
    message: NewMessage,
    reply: oneshot::Sender<StoreResult<Outcome>>,
}

/// The queue to the message-writing task; the task ends when this is dropped.
pub(super) struct MessageWriter {
    jobs: mpsc::Sender<Job>,
}

impl MessageWriter {
    /// Starts the task; it writes on `writer` (the store's single write connection, shared
    /// with the other writes in FIFO order).
    pub fn start(writer: SqlitePool) -> Self {
        let (jobs, queue) = mpsc::channel(QUEUE);
        tokio::spawn(run(writer, queue));
        MessageWriter { jobs }
    }

    /// Stores `message` and answers once it is committed.
    pub async fn insert(&self, message: NewMessage) -> StoreResult<Outcome> {
        let (reply, answer) = oneshot::channel();
        let stopped = || StoreError::Database(sqlx::Error::WorkerCrashed);
        self.jobs
            .send(Job { message, reply })
            .await
            .map_err(|_| stopped())?;
        answer.await.map_err(|_| stopped())?
    }
}

async fn run(writer: SqlitePool, mut queue: mpsc::Receiver<Job>) {
    while let Some(first) = queue.recv().await {
        let mut jobs = vec![first];
        while jobs.len() < MAX_BATCH {
            match queue.try_recv() {
                Ok(job) => jobs.push(job),
                Err(_) => break,
            }
        }
        match write_batch(&writer, jobs.iter().map(|j| &j.message)).await {
            Ok(outcomes) => {
                for (job, outcome) in jobs.into_iter().zip(outcomes) {
                    let _ = job.reply.send(Ok(outcome));
                }
            }
            Err(e) if jobs.len() == 1 => {
                let _ = jobs.pop().map(|job| job.reply.send(Err(e)));
            }
            Err(e) => {
                tracing::warn!(error = %e, n = jobs.len(), "message batch rolled back; writing its messages one by one");
                for job in jobs {
                    let one = write_batch(&writer, std::iter::once(&job.message))
                        .await
                        .and_then(|mut o| o.pop().ok_or(StoreError::NotFound));
                    let _ = job.reply.send(one);
                }
            }
        }
    }
}

/// One transaction for `messages`, committed before it returns their outcomes in order.
async fn write_batch<'a>(
    writer: &SqlitePool,
    messages: impl Iterator<Item = &'a NewMessage>,
) -> StoreResult<Vec<Outcome>> {
    let mut tx = writer.begin_with("BEGIN IMMEDIATE").await?;
    let now = now_ms();
    let mut outcomes = Vec::new();
    for m in messages {
        let id = new_id();
        let row = sqlx::query(INSERT_ONE)
            .bind(now)
            .bind(&m.channel_id)
            .bind(&m.client_id)
            .bind(&id)
            .bind(&m.sender_persona_id)
            .bind(&m.text)
            .bind(m.attachments.to_string())
            .fetch_optional(&mut *tx)
            .await?;
        outcomes.push(match row {
            None => Outcome::NotOpen,
            Some(row) => {
                let message = super::message_from(&row)?;
                if message.id == id {
                    Outcome::Created(message)
                } else {
                    Outcome::Duplicate(message)
                }
            }
        });
    }
    tx.commit().await?;
    Ok(outcomes)
}
