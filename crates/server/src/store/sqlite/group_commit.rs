//! Chat messages on SQLite: group commit.
//!
//! SQLite has one writer, so every message waits for the ones before it. Written one
//! transaction each, a message cost five round trips to the connection's worker thread (BEGIN,
//! UPDATE, SELECT, INSERT, COMMIT), each a hand-over between threads that a busy machine delays;
//! at 1 000 messages a second the queue behind the writer made the tail (p99 180–440 ms).
//!
//! Here one task owns the message path: it takes every message waiting at that moment (up to
//! [`MAX_BATCH`]) and writes them with one query: `BEGIN IMMEDIATE`, three statements per
//! message, `COMMIT`, prepared once and sent to the worker thread in one round trip (the
//! batch is cut into power-of-two chunks, each a transaction of its own, so that only seven
//! query shapes are ever prepared). Each sender's future resolves only after its chunk's
//! COMMIT, so an answer still means "stored". Sequence numbers and de-duplication are decided
//! inside the transaction, exactly as before: the channel's `last_seq` is incremented only
//! when the channel is open and the client id is new in it, and the stored row (new or
//! earlier) is what the sender gets back. Messages of one chunk see each other, so a message
//! sent twice in one chunk is stored once.
//!
//! When anything in a chunk fails, the whole transaction rolls back (no half-stored chunk, no
//! gap in a sequence) and each of its messages is written again on its own, so one bad
//! message fails alone.

use std::collections::HashMap;
use std::sync::OnceLock;

use sqlx::SqlitePool;
use tokio::sync::{mpsc, oneshot};

use crate::store::sql::message_cols;
use crate::store::{new_message_id, now_ms, Message, NewMessage, StoreError, StoreResult};

/// Most messages taken from the queue at once.
const MAX_BATCH: usize = 127;
/// Chunks are 2^k messages, k < this: 64 at most.
const CHUNK_SHAPES: usize = 7;
/// A batch slower than this is logged (debug: `RUST_LOG=beckon_server::store=debug`).
const SLOW: std::time::Duration = std::time::Duration::from_millis(20);
/// Messages waiting for the writer; beyond this senders wait for room.
const QUEUE: usize = 4096;
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
    let mut jobs = Vec::new();
    while let Some(first) = queue.recv().await {
        jobs.push(first);
        while jobs.len() < MAX_BATCH {
            match queue.try_recv() {
                Ok(job) => jobs.push(job),
                Err(_) => break,
            }
        }
        // Largest chunk first: 23 waiting → 16, 4, 2, 1.
        while !jobs.is_empty() {
            let shape = jobs.len().ilog2() as usize;
            let chunk: Vec<Job> = jobs.drain(..1 << shape).collect();
            write_chunk(&writer, chunk).await;
        }
    }
}

/// Writes `chunk`, then answers each of its senders.
async fn write_chunk(writer: &SqlitePool, chunk: Vec<Job>) {
    let messages: Vec<&NewMessage> = chunk.iter().map(|j| &j.message).collect();
    let started = std::time::Instant::now();
    let written = write(writer, &messages).await;
    let took = started.elapsed();
    if took > SLOW {
        tracing::warn!(
            messages = chunk.len(),
            ms = took.as_millis() as u64,
            "slow message batch"
        );
    }
    match written {
        Ok(outcomes) => {
            for (job, outcome) in chunk.into_iter().zip(outcomes) {
                let _ = job.reply.send(Ok(outcome));
            }
        }
        Err(e) if chunk.len() == 1 => {
            if let Some(job) = chunk.into_iter().next() {
                let _ = job.reply.send(Err(e));
            }
        }
        Err(e) => {
            tracing::warn!(error = %e, n = chunk.len(), "message batch rolled back; writing its messages one by one");
            for job in chunk {
                let one = write(writer, &[&job.message])
                    .await
                    .and_then(|mut o| o.pop().ok_or(StoreError::NotFound));
                let _ = job.reply.send(one);
            }
        }
    }
}

/// One transaction for `messages` (a power of two of them), committed before it returns their
/// outcomes in order. On failure nothing of it is stored.
async fn write(writer: &SqlitePool, messages: &[&NewMessage]) -> StoreResult<Vec<Outcome>> {
    let mut conn = writer.acquire().await?;
    let now = now_ms();
    let ids: Vec<String> = messages.iter().map(|_| new_message_id()).collect();
    let mut query = sqlx::query(chunk_sql(messages.len().ilog2() as usize));
    for (m, id) in messages.iter().zip(&ids) {
        query = query
            .bind(now)
            .bind(&m.channel_id)
            .bind(&m.client_id)
            .bind(id)
            .bind(&m.sender_persona_id)
            .bind(&m.text)
            .bind(m.attachments.to_string());
    }
    let rows = match query.fetch_all(&mut *conn).await {
        Ok(rows) => rows,
        Err(e) => {
            // The statements stop at the failing one: undo what ran before it. (Fails harmlessly
            // when the BEGIN itself was what failed.)
            let _ = sqlx::query("ROLLBACK").execute(&mut *conn).await;
            return Err(e.into());
        }
    };
    // One row per message whose channel is open or that was stored before, keyed by what
    // names a message: its channel and client id.
    let mut stored: HashMap<(String, String), Message> = HashMap::with_capacity(rows.len());
    for row in &rows {
        let m = super::message_from(row)?;
        stored.insert((m.channel_id.clone(), m.client_id.clone()), m);
    }
    Ok(messages
        .iter()
        .zip(ids)
        .map(
            |(m, id)| match stored.get(&(m.channel_id.clone(), m.client_id.clone())) {
                None => Outcome::NotOpen,
                Some(s) if s.id == id => Outcome::Created(s.clone()),
                Some(s) => Outcome::Duplicate(s.clone()),
            },
        )
        .collect())
}
