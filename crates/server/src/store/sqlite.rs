//! The embedded default: one SQLite file under the data directory, in WAL mode.

use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::SqlitePool;

pub struct SqliteStore {
    pool: SqlitePool,
}

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/sqlite");

impl SqliteStore {
    /// Opens (creating if missing) the database at `url` (`sqlite:path` or `sqlite://path`) and
    /// migrates it.
    pub async fn connect(url: &str) -> Result<Self, super::StoreError> {
        let options = SqliteConnectOptions::from_str(url)?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Normal)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(10));
        Self::connect_with(options).await
    }

    pub async fn connect_with(options: SqliteConnectOptions) -> Result<Self, super::StoreError> {
        let pool = SqlitePoolOptions::new()
            .max_connections(8)
            .connect_with(options)
            .await?;
        MIGRATOR.run(&pool).await?;
        Ok(SqliteStore { pool })
    }

    pub fn pool(&self) -> &SqlitePool {
        &self.pool
    }
}

super::sql::impl_sql_store!(SqliteStore, sqlx::sqlite::SqliteRow, "sqlite");
