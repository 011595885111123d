//! Chat messages, group-committed (both backends).
//!
//! Why: written one transaction each, a message costs five round trips to the database and a
//! commit of its own, and under load those round trips and their queue are the tail of the
//! delivery latency (bench/results.md, "Figures moved out of the code").
//!
//! A writer task takes every message waiting at that moment (up to [`MAX_BATCH`]) and
//! hands them to the backend's [`Batch`], which writes them with one query
//! in one transaction (`sqlite/batch.rs`, `postgres/batch.rs`). Each sender's future resolves
//! only after that transaction has committed, so an answer still means "stored". Sequence
//! numbers and de-duplication are decided inside the transaction, exactly as one at a time:
//! the channel's `last_seq` grows only for an open channel and a client id new in it, and the
//! stored row (new or earlier) is what the sender gets back. Messages of one batch see each
//! other, so a message sent twice in one batch is stored once.
//!
//! When anything in a batch fails, the whole transaction rolls back (no half-stored batch, no
//! gap in a sequence) and each of its messages is written again on its own, so one bad
//! message fails alone.

use std::collections::HashMap;
use std::sync::Arc;

use async_trait::async_trait;
use tokio::sync::{mpsc, oneshot, Mutex};

use crate::{
    new_message_id, ChannelStatus, Chats, Clock, Inserted, Message, NewMessage, StoreError,
    StoreResult,
};

/// Most messages taken from the queue at once.
pub(super) const MAX_BATCH: usize = 127;
/// A batch slower than this is logged.
const SLOW: std::time::Duration = std::time::Duration::from_millis(20);
/// Messages waiting for the writer; beyond this senders wait for room.
const QUEUE: usize = 4096;

/// How a backend writes a batch of messages.
#[async_trait]
pub(super) trait Batch: Send + Sync + 'static {
    /// How many of the `waiting` messages (at least one) go into the next write.
    fn take(&self, waiting: usize) -> usize;

    /// Writes `messages` in one transaction, committed before it returns; a message stored
    /// now gets the id at the same index of `ids` and `now` as its time. Answers the stored row
    /// (new or earlier) of every message whose channel is open or that was stored before, in
    /// any order. On failure nothing of it is stored.
    async fn write(
        &self,
        messages: &[&NewMessage],
        ids: &[String],
        now: i64,
    ) -> StoreResult<Vec<Message>>;
}

/// What became of one message.
enum Outcome {
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
pub(crate) struct MessageWriter {
    jobs: mpsc::Sender<Job>,
}

impl MessageWriter {
    /// Starts `writers` tasks (SQLite: one, its single writer; PostgreSQL: a few, so that a
    /// batch is sent while another waits for its commit), stamping messages by `clock`.
    pub fn start(batch: impl Batch, writers: usize, clock: Arc<dyn Clock>) -> Self {
        let (jobs, queue) = mpsc::channel(QUEUE);
        let (batch, queue) = (Arc::new(batch), Arc::new(Mutex::new(queue)));
        for _ in 0..writers.max(1) {
            tokio::spawn(writer(batch.clone(), queue.clone(), clock.clone()));
        }
        MessageWriter { jobs }
    }

    /// Stores `message` and answers once it is committed, as [`Chats::insert_message`] says:
    /// the new row, or the earlier one of the same sender and client id; `ClientIdTaken` when
    /// another sender used the client id; `ChannelEnded` (or `NotFound`) when nothing could be
    /// stored. `chats` tells why a channel was not open.
    pub async fn insert(&self, message: NewMessage, chats: &dyn Chats) -> StoreResult<Inserted> {
        let (channel_id, sender) = (
            message.channel_id.clone(),
            message.sender_persona_id.clone(),
        );
        let (reply, answer) = oneshot::channel();
        let stopped = || StoreError::Database(sqlx::Error::WorkerCrashed);
        self.jobs
            .send(Job { message, reply })
            .await
            .map_err(|_| stopped())?;
        match answer.await.map_err(|_| stopped())?? {
            Outcome::Created(message) => Ok(Inserted {
                message,
                created: true,
            }),
            // A client id names one message in a chat: a re-send by its sender is that message
            // again; the same id from anyone else is refused, never merged.
            Outcome::Duplicate(message) if message.sender_persona_id != sender => {
                Err(StoreError::ClientIdTaken)
            }
            Outcome::Duplicate(message) => Ok(Inserted {
                message,
                created: false,
            }),
            // Ended, or not there at all (`NotFound`).
            Outcome::NotOpen => match chats.get_channel(&channel_id).await?.status {
                ChannelStatus::Ended => Err(StoreError::ChannelEnded),
                // Opened again in between.
                ChannelStatus::Open => Err(StoreError::Conflict(
                    "the channel changed during the insert".into(),
                )),
            },
        }
    }
}

/// One writer: takes every message waiting (the others wait for their turn at the queue
/// meanwhile), writes them, and again; ends with the [`MessageWriter`].
async fn writer<B: Batch>(
    batch: Arc<B>,
    queue: Arc<Mutex<mpsc::Receiver<Job>>>,
    clock: Arc<dyn Clock>,
) {
    let mut jobs = Vec::new();
    loop {
        if queue.lock().await.recv_many(&mut jobs, MAX_BATCH).await == 0 {
            return;
        }
        while !jobs.is_empty() {
            let n = batch.take(jobs.len()).clamp(1, jobs.len());
            let chunk: Vec<Job> = jobs.drain(..n).collect();
            write_chunk(&*batch, chunk, clock.now_ms()).await;
        }
    }
}

/// Writes `chunk` at `now`, then answers each of its senders.
async fn write_chunk(batch: &impl Batch, chunk: Vec<Job>, now: i64) {
    let messages: Vec<&NewMessage> = chunk.iter().map(|j| &j.message).collect();
    let started = std::time::Instant::now();
    let written = write(batch, &messages, now).await;
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
                let one = write(batch, &[&job.message], now)
                    .await
                    .and_then(|mut o| o.pop().ok_or(StoreError::NotFound));
                let _ = job.reply.send(one);
            }
        }
    }
}

/// One transaction for `messages`, stamped `now`; their outcomes in order.
async fn write(
    batch: &impl Batch,
    messages: &[&NewMessage],
    now: i64,
) -> StoreResult<Vec<Outcome>> {
    let ids: Vec<String> = messages.iter().map(|_| new_message_id()).collect();
    let rows = batch.write(messages, &ids, now).await?;
    // The stored rows, keyed by what names a message: its channel and client id.
    let mut stored: HashMap<(&str, &str), &Message> = HashMap::with_capacity(rows.len());
    for m in &rows {
        stored.insert((&m.channel_id, &m.client_id), m);
    }
    Ok(messages
        .iter()
        .zip(ids)
        .map(
            |(m, id)| match stored.get(&(m.channel_id.as_str(), m.client_id.as_str())) {
                None => Outcome::NotOpen,
                Some(s) if s.id == id => Outcome::Created((*s).clone()),
                Some(s) => Outcome::Duplicate((*s).clone()),
            },
        )
        .collect())
}
