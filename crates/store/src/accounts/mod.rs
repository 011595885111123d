//! Accounts: organisations, their users and login sessions.

/// The SQL of this aggregate, one text for both backends.
pub(crate) mod sql;

use async_trait::async_trait;
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use super::StoreResult;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, sqlx::FromRow)]
pub struct Organisation {
    pub id: String,
    pub name: String,
    pub created_at: i64,
}

/// A user's role in the organisation.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    TS,
    ToSchema,
    sqlx::Type,
    strum::AsRefStr,
    strum::EnumString,
)]
#[serde(rename_all = "lowercase")]
#[sqlx(type_name = "text", rename_all = "lowercase")]
#[strum(serialize_all = "lowercase")]
pub enum Role {
    Owner,
    Agent,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewUser {
    pub org_id: String,
    pub email: String,
    pub name: String,
    /// An argon2 PHC string; the store never sees a password.
    pub password_hash: String,
    pub role: Role,
    /// The persona the user speaks as in chats (type `ChatAgentPersona`), if any.
    pub persona_id: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct User {
    pub id: String,
    pub org_id: String,
    pub email: String,
    pub name: String,
    pub password_hash: String,
    pub role: Role,
    pub persona_id: Option<String>,
    pub created_at: i64,
}

/// A login session. `id` is whatever the accounts code stores (ideally a hash of the cookie).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Session {
    pub id: String,
    pub user_id: String,
    pub created_at: i64,
    pub expires_at: i64,
    pub last_seen_at: i64,
}

/// Organisations, users and sessions (`sql/accounts.rs`).
#[async_trait]
pub trait Accounts: Send + Sync {
    async fn create_organisation(&self, name: &str) -> StoreResult<Organisation>;
    async fn get_organisation(&self, id: &str) -> StoreResult<Organisation>;
    /// Every organisation, oldest first.
    async fn list_organisations(&self) -> StoreResult<Vec<Organisation>>;
    /// `Conflict` when the e-mail is taken (compared as given; callers lower-case it).
    async fn create_user(&self, user: NewUser) -> StoreResult<User>;
    async fn get_user(&self, id: &str) -> StoreResult<User>;
    async fn get_user_by_email(&self, email: &str) -> StoreResult<User>;
    async fn list_users(&self, org_id: &str) -> StoreResult<Vec<User>>;
    async fn set_user_password_hash(&self, user_id: &str, password_hash: &str) -> StoreResult<()>;
    async fn count_users(&self) -> StoreResult<i64>;
    /// Removes the user and their sessions; their persona stays (their messages keep a sender)
    /// and channels assigned to them become unassigned.
    async fn delete_user(&self, id: &str) -> StoreResult<()>;

    async fn create_session(&self, session: Session) -> StoreResult<()>;
    async fn get_session(&self, id: &str) -> StoreResult<Session>;
    async fn touch_session(&self, id: &str, last_seen_at: i64, expires_at: i64) -> StoreResult<()>;
    async fn delete_session(&self, id: &str) -> StoreResult<()>;
    /// Removes every session of the user (password reset, removal); returns how many.
    async fn delete_user_sessions(&self, user_id: &str) -> StoreResult<u64>;
    /// Removes sessions that expired before `now`; returns how many.
    async fn delete_expired_sessions(&self, now: i64) -> StoreResult<u64>;
}
