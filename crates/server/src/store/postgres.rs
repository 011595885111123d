//! PostgreSQL (`DATABASE_URL=postgres://…`): a database server instead of the embedded SQLite
//! file. Instances sharing it also need a shared broker and presence (`hub/broker.rs`,
//! `presence.rs`): the in-process ones reach only their own instance's connections.

use std::str::FromStr;

use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::PgPool;

pub struct PgStore {
    pool: PgPool,
}

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/postgres");

impl PgStore {
    /// Connects to `url` and migrates the database.
    pub async fn connect(url: &str) -> Result<Self, super::StoreError> {
        Self::connect_with(PgConnectOptions::from_str(url)?).await
    }

    /// Connects with every table in `schema` (created when missing): the conformance tests use
    /// a fresh schema per test so that runs never see each other's rows.
    pub async fn connect_in_schema(url: &str, schema: &str) -> Result<Self, super::StoreError> {
        let options = PgConnectOptions::from_str(url)?;
        {
            use sqlx::Connection as _;
            let mut conn = sqlx::PgConnection::connect_with(&options).await?;
            sqlx::query(&format!("CREATE SCHEMA IF NOT EXISTS \"{schema}\""))
                .execute(&mut conn)
                .await?;
            conn.close().await?;
        }
        Self::connect_with(options.options([("search_path", schema)])).await
    }

    pub async fn connect_with(options: PgConnectOptions) -> Result<Self, super::StoreError> {
        let pool = PgPoolOptions::new()
            .max_connections(16)
            .connect_with(options)
            .await?;
        MIGRATOR.run(&pool).await?;
        Ok(PgStore { pool })
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

    /// One message, one transaction: the channel's row lock orders the sequence numbers of
    /// concurrent senders (PostgreSQL has no single writer to batch for).
    async fn insert_message_durably(&self, m: NewMessage) -> StoreResult<Inserted> {
        const EXISTING: &str = concat!(
            "SELECT ",
            message_cols!(),
            " FROM messages WHERE channel_id = $1 AND client_id = $2"
        );
        let now = now_ms();
        let mut tx = self.begin_write().await?;
        // The write comes first: it takes the channel's row lock, so sequence numbers go out
        // one at a time.
        let seq_row = sqlx::query(
            "UPDATE channels SET last_seq = last_seq + 1, last_activity_at = $1 \
             WHERE id = $2 AND status = 'open' RETURNING last_seq",
        )
        .bind(now)
        .bind(&m.channel_id)
        .fetch_optional(&mut *tx)
        .await?;
        let existing = sqlx::query(EXISTING)
            .bind(&m.channel_id)
            .bind(&m.client_id)
            .fetch_optional(&mut *tx)
            .await?;
        if let Some(row) = existing {
            let message = message_from(&row)?;
            tx.rollback().await?;
            return Ok(Inserted {
                message,
                created: false,
            });
        }
        let Some(seq_row) = seq_row else {
            tx.rollback().await?;
            // Ended, or not there at all.
            let channel = self.get_channel(&m.channel_id).await?;
            return match channel.status {
                ChannelStatus::Ended => Err(StoreError::ChannelEnded),
                // Opened again in between: try once more.
                ChannelStatus::Open => Err(StoreError::Conflict(
                    "the channel changed during the insert".into(),
                )),
            };
        };
        let message = Message {
            id: new_message_id(),
            channel_id: m.channel_id,
            seq: seq_row.try_get("last_seq")?,
            client_id: m.client_id,
            sender_persona_id: m.sender_persona_id,
            text: m.text,
            attachments: m.attachments,
            created_at: now,
        };
        sqlx::query(concat!(
            "INSERT INTO messages (",
            message_cols!(),
            ") VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"
        ))
        .bind(&message.id)
        .bind(&message.channel_id)
        .bind(message.seq)
        .bind(&message.client_id)
        .bind(&message.sender_persona_id)
        .bind(&message.text)
        .bind(message.attachments.to_string())
        .bind(message.created_at)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(Inserted {
            message,
            created: true,
        })
    }

    /// Drops `schema` and everything in it (test clean-up).
    pub async fn drop_schema(&self, schema: &str) -> Result<(), super::StoreError> {
        sqlx::query(&format!("DROP SCHEMA IF EXISTS \"{schema}\" CASCADE"))
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}

super::sql::impl_sql_store!(PgStore, sqlx::postgres::PgRow, "postgres");
