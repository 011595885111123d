//! PostgreSQL (`DATABASE_URL=postgres://…`): a database server instead of the embedded SQLite
//! file. Instances sharing it also need a shared broker and presence (`hub/broker.rs`,
//! `presence.rs`): the in-process ones reach only their own instance's connections.

use std::str::FromStr;
use std::sync::Arc;

use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::PgPool;

use super::group_commit::MessageWriter;
use super::Clock;

pub struct PgStore {
    pool: PgPool,
    /// Chat messages, group-committed (`group_commit.rs`, `postgres/batch.rs`).
    messages: MessageWriter,
    clock: Arc<dyn Clock>,
}

mod batch;

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/postgres");

/// A pooled connection idle longer than this is pinged before it is used.
const PING_IDLE_AFTER: std::time::Duration = std::time::Duration::from_secs(30);

impl PgStore {
    /// Connects to `url` and migrates the database; times are read from `clock`.
    pub async fn connect(url: &str, clock: Arc<dyn Clock>) -> Result<Self, super::StoreError> {
        Self::connect_with(PgConnectOptions::from_str(url)?, clock).await
    }

    /// Connects with every table in `schema` (created when missing): the conformance tests use
    /// a fresh schema per test so that runs never see each other's rows.
    pub async fn connect_in_schema(
        url: &str,
        schema: &str,
        clock: Arc<dyn Clock>,
    ) -> Result<Self, super::StoreError> {
        let options = PgConnectOptions::from_str(url)?;
        {
            use sqlx::Connection as _;
            let mut conn = sqlx::PgConnection::connect_with(&options).await?;
            sqlx::query(&format!("CREATE SCHEMA IF NOT EXISTS \"{schema}\""))
                .execute(&mut conn)
                .await?;
            conn.close().await?;
        }
        Self::connect_with(options.options([("search_path", schema)]), clock).await
    }

    pub async fn connect_with(
        options: PgConnectOptions,
        clock: Arc<dyn Clock>,
    ) -> Result<Self, super::StoreError> {
        let pool = PgPoolOptions::new()
            .max_connections(16)
            // sqlx pings a connection before every use by default: a second round trip in
            // front of every query. Only one idle long enough to have been dropped (a database
            // restart, a proxy's idle timeout) is pinged (sqlx's own recipe).
            .test_before_acquire(false)
            .before_acquire(|conn, meta| {
                Box::pin(async move {
                    if meta.idle_for > PING_IDLE_AFTER {
                        sqlx::Connection::ping(conn).await?;
                    }
                    Ok(true)
                })
            })
            .connect_with(options)
            .await?;
        MIGRATOR.run(&pool).await?;
        let store = PgStore {
            messages: MessageWriter::start(
                batch::PgBatch::new(pool.clone()),
                batch::WRITERS,
                clock.clone(),
            ),
            pool,
            clock,
        };
        super::migrate_data(&store).await?;
        Ok(store)
    }

    pub fn pool(&self) -> &PgPool {
        &self.pool
    }

    // PostgreSQL locks rows, not the database: reads and writes share one pool.
    fn reader(&self) -> &PgPool {
        &self.pool
    }

    fn writer(&self) -> &PgPool {
        &self.pool
    }

    async fn begin_write(&self) -> Result<sqlx::Transaction<'static, sqlx::Postgres>, sqlx::Error> {
        self.pool.begin().await
    }

    fn messages(&self) -> &MessageWriter {
        &self.messages
    }

    fn clock(&self) -> &dyn Clock {
        &*self.clock
    }

    /// Drops `schema` and everything in it (test clean-up).
    pub async fn drop_schema(&self, schema: &str) -> Result<(), super::StoreError> {
        sqlx::query(&format!("DROP SCHEMA IF EXISTS \"{schema}\" CASCADE"))
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}

super::sql::impl_sql_store!(
    PgStore,
    sqlx::Postgres,
    "postgres",
    "FOR UPDATE SKIP LOCKED"
);
