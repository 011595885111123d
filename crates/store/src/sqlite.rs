//! The embedded default: one SQLite file under the data directory, in WAL mode.
//!
//! SQLite allows one writer at a time. Letting several pooled connections race for that lock
//! makes them wait in SQLite's busy handler (sleeps of up to 100 ms, so seconds under load), and
//! a DEFERRED transaction that reads before it writes cannot wait at all: its upgrade to writer
//! fails at once with "database is locked". So writes are serialised here, in-process:
//! - one pool of a single connection does every write, and its transactions start with
//!   `BEGIN IMMEDIATE` (the write lock is taken up front, never by upgrade);
//! - reads use a separate pool of `query_only` connections; in WAL mode they never wait for the
//!   writer, and see every transaction it has committed.
//!
//! Waiting for the writer is then a fair FIFO queue on the pool instead of sleep-and-retry. The
//! busy timeout only matters when another process (a `beckon` CLI command, a backup) holds the
//! lock.
//!
//! Chat messages, the one write that is frequent, are group-committed (`group_commit.rs`,
//! `sqlite/batch.rs`), and
//! WAL checkpoints run on a connection of their own, off the writer's path (below).

use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Sqlite, SqlitePool, Transaction};
use tokio::sync::oneshot;

mod batch;

use super::group_commit::MessageWriter;
use super::Clock;

pub struct SqliteStore {
    /// Read-only connections (`PRAGMA query_only`).
    reader: SqlitePool,
    /// The one connection that writes.
    writer: SqlitePool,
    /// Chat messages, group-committed on `writer`.
    messages: MessageWriter,
    /// Dropped with the store: stops the checkpoints.
    _checkpoints: oneshot::Sender<()>,
    clock: Arc<dyn Clock>,
}

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/sqlite");

/// Connections for reads; writes queue for the single writer connection.
const READERS: u32 = 8;

/// Each reader's page cache (negative: KiB). SQLite's default, 2 MiB, is per connection: the
/// eight readers filled up to 16 MiB with copies of the same pages (the OS caches the file
/// anyway, and a page missed here is one `pread` from that cache, microseconds). While visitors
/// connected, their chat and persona lookups filled those caches: 2.4–2.8 KiB of the "memory
/// per connection" measured with 1 000–2 000 connections was that.
const READER_CACHE: &str = "-64";

/// How often the WAL is copied back into the database file (a PASSIVE checkpoint, which never
/// waits for the writer nor makes it wait).
const CHECKPOINT_EVERY: Duration = Duration::from_millis(500);

/// The writer still checkpoints by itself when the WAL holds this much, should the checkpoints
/// fall behind. Counted in bytes, not in pages (SQLite's setting, default 1 000 pages), so that
/// it means the same for the 1 KiB pages of new databases and the 4 KiB ones of older files.
const WRITER_CHECKPOINT_BYTES: i64 = 64 << 20;

/// Page size of a new database (SQLite's default is 4 KiB). Every commit writes each page it
/// changed to the WAL whole, and a chat message changes about ten (the message, three indexes,
/// the channel and its activity index): with 4 KiB pages that was ~32 KB of WAL per message,
/// 32 MB/s at a thousand messages a second, whose flushes (checkpoints, and the sync of the
/// WAL's header each time it starts over, which the writer does while every message waits)
/// grew with it. With 1 KiB pages a message writes ~10 KB and the WAL starts over a third as
/// often. (An existing database keeps its page size: SQLite cannot change it in WAL mode.)
const PAGE_SIZE: u32 = 1024;

impl SqliteStore {
    /// Opens (creating if missing) the database at `url` (`sqlite:path` or `sqlite://path`) and
    /// migrates it; times are read from `clock`.
    pub async fn connect(url: &str, clock: Arc<dyn Clock>) -> Result<Self, super::StoreError> {
        // synchronous=NORMAL with WAL: a commit is in the WAL file (the OS has it) before it is
        // acknowledged, so it survives a crash or kill of the process — what docs/architecture.md asks of
        // an acknowledged message. It is fsynced at checkpoints rather than at every commit, so
        // an OS crash or power loss can lose the last commits (never corrupt the file). FULL
        // would add an fsync to every message, on the single writer every message waits for.
        let options = SqliteConnectOptions::from_str(url)?
            .create_if_missing(true)
            .page_size(PAGE_SIZE)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Normal)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(10));
        Self::connect_with(options, clock).await
    }

    pub async fn connect_with(
        options: SqliteConnectOptions,
        clock: Arc<dyn Clock>,
    ) -> Result<Self, super::StoreError> {
        // The writer first: it creates the file, switches it to WAL and migrates it. Its one
        // connection is not pinged before each use (sqlx's default): that was one more round
        // trip to its thread in front of every write.
        let writer = SqlitePoolOptions::new()
            .max_connections(1)
            .min_connections(1)
            .idle_timeout(None)
            .max_lifetime(None)
            .test_before_acquire(false)
            // The checkpoint backstop, in pages of this file's size.
            .after_connect(|conn, _| {
                Box::pin(async move {
                    let page: i64 = sqlx::query_scalar("PRAGMA page_size")
                        .fetch_one(&mut *conn)
                        .await?;
                    let pages = WRITER_CHECKPOINT_BYTES / page.max(512);
                    sqlx::query(&format!("PRAGMA wal_autocheckpoint = {pages}"))
                        .execute(&mut *conn)
                        .await?;
                    Ok(())
                })
            })
            .connect_with(options.clone())
            .await?;
        MIGRATOR.run(&writer).await?;
        let options = options.create_if_missing(false);
        let reader = SqlitePoolOptions::new()
            .max_connections(READERS)
            .test_before_acquire(false)
            .connect_with(
                options
                    .clone()
                    .pragma("query_only", "ON")
                    .pragma("cache_size", READER_CACHE),
            )
            .await?;
        let checkpointer = SqlitePoolOptions::new()
            .max_connections(1)
            .connect_with(options)
            .await?;
        let (stop, stopped) = oneshot::channel();
        tokio::spawn(checkpoints(checkpointer, stopped));
        let store = SqliteStore {
            reader,
            messages: MessageWriter::start(batch::SqliteBatch(writer.clone()), 1, clock.clone()),
            writer,
            _checkpoints: stop,
            clock,
        };
        super::migrate_data(&store).await?;
        Ok(store)
    }

    /// The pool for reads (its connections refuse to write).
    pub fn pool(&self) -> &SqlitePool {
        &self.reader
    }

    fn reader(&self) -> &SqlitePool {
        &self.reader
    }

    fn writer(&self) -> &SqlitePool {
        &self.writer
    }

    async fn begin_write(&self) -> Result<Transaction<'static, Sqlite>, sqlx::Error> {
        self.writer.begin_with("BEGIN IMMEDIATE").await
    }

    fn messages(&self) -> &MessageWriter {
        &self.messages
    }

    fn clock(&self) -> &dyn Clock {
        &*self.clock
    }
}

/// PASSIVE checkpoints every [`CHECKPOINT_EVERY`] until `stop` is dropped (with the store).
async fn checkpoints(conn: SqlitePool, mut stop: oneshot::Receiver<()>) {
    let mut every = tokio::time::interval(CHECKPOINT_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = &mut stop => return,
            _ = every.tick() => {
                let started = std::time::Instant::now();
                let done: Result<(i64, i64, i64), _> =
                    sqlx::query_as("PRAGMA wal_checkpoint(PASSIVE)").fetch_one(&conn).await;
                match done {
                    Ok((_, wal, copied)) => tracing::debug!(
                        ms = started.elapsed().as_millis() as u64,
                        wal,
                        copied,
                        "SQLite checkpoint"
                    ),
                    Err(e) => tracing::warn!(error = %e, "SQLite checkpoint failed"),
                }
            }
        }
    }
}

// One writer: a claim is one transaction, no row lock needed.
super::sql::impl_sql_store!(SqliteStore, sqlx::Sqlite, "sqlite", "");
