//! The account API's bodies (`/api/v1/auth`): login, who am I, password change and sign-up.

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use super::agent::Role;
use super::iso_time;

/// An account as the API shows it (never its password hash).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct User {
    pub id: String,
    pub org_id: String,
    pub email: String,
    pub name: String,
    pub role: Role,
    /// The persona the account writes in chats as.
    pub persona_id: Option<String>,
    /// RFC 3339.
    pub created_at: String,
}

impl From<&beckon_store::User> for User {
    fn from(u: &beckon_store::User) -> Self {
        User {
            id: u.id.clone(),
            org_id: u.org_id.clone(),
            email: u.email.clone(),
            name: u.name.clone(),
            role: u.role,
            persona_id: u.persona_id.clone(),
            created_at: iso_time(u.created_at),
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
pub struct Organisation {
    pub id: String,
    pub name: String,
}

/// Who is logged in: the answer of login, sign-up and `GET /v1/auth/me`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Session {
    pub user: User,
    pub organisation: Organisation,
    /// Send it as `X-Beckon-CSRF` with every request that changes something.
    pub csrf_token: String,
}

/// A login. Missing fields read as empty (a wrong login, 401).
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
pub struct LoginBody {
    #[serde(default)]
    pub email: String,
    #[serde(default)]
    pub password: String,
}

/// Changing your own password; other sessions end.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PasswordBody {
    #[serde(default)]
    pub current_password: String,
    /// At least 8 characters.
    #[serde(default)]
    pub new_password: String,
}

/// Whether this server lets anyone sign up (`--allow-signup`).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
pub struct SignupState {
    pub enabled: bool,
}

/// A sign-up: a new owner account with an organisation of its own.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
pub struct SignupBody {
    #[serde(default)]
    pub email: String,
    #[serde(default)]
    pub name: String,
    /// At least 8 characters.
    #[serde(default)]
    pub password: String,
    /// The new organisation's name; default "{name}'s organisation".
    #[serde(default)]
    #[ts(optional)]
    pub organisation: Option<String>,
}
