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

use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Sqlite, SqlitePool, Transaction};

pub struct SqliteStore {
    /// Read-only connections (`PRAGMA query_only`).
    reader: SqlitePool,
    /// The one connection that writes.
    writer: SqlitePool,
}

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/sqlite");

/// Connections for reads; writes queue for the single writer connection.
const READERS: u32 = 8;

impl SqliteStore {
    /// Opens (creating if missing) the database at `url` (`sqlite:path` or `sqlite://path`) and
    /// migrates it.
    pub async fn connect(url: &str) -> Result<Self, super::StoreError> {
        // synchronous=NORMAL with WAL: a commit is in the WAL file (the OS has it) before it is
        // acknowledged, so it survives a crash or kill of the process — what DESIGN.md asks of
        // an acknowledged message. It is fsynced at checkpoints rather than at every commit, so
        // an OS crash or power loss can lose the last commits (never corrupt the file). FULL
        // would add an fsync to every message, on the single writer every message waits for.
        let options = SqliteConnectOptions::from_str(url)?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Normal)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(10));
        Self::connect_with(options).await
    }

    pub async fn connect_with(options: SqliteConnectOptions) -> Result<Self, super::StoreError> {
        // The writer first: it creates the file, switches it to WAL and migrates it.
        let writer = SqlitePoolOptions::new()
            .max_connections(1)
            .min_connections(1)
            .idle_timeout(None)
            .max_lifetime(None)
            .connect_with(options.clone())
            .await?;
        MIGRATOR.run(&writer).await?;
        let reader = SqlitePoolOptions::new()
            .max_connections(READERS)
            .connect_with(options.create_if_missing(false).pragma("query_only", "ON"))
            .await?;
        Ok(SqliteStore { reader, writer })
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
}

super::sql::impl_sql_store!(SqliteStore, sqlx::sqlite::SqliteRow, "sqlite");
