//! The error body every `/api` error answers (`crate::wire::api_error::ApiError` writes it), and the
//! answers every logged-in route shares (no session, a failed CSRF check, not an owner), for the
//! handlers' `#[utoipa::path]` responses (`api/http/auth.rs`: `AgentAuth`, `OwnerAuth`).

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::{IntoResponses, ToSchema};

/// One thing wrong with a request body: where (a field name or a JSON path) and what.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
pub struct ProblemBody {
    pub path: String,
    pub message: String,
}

impl From<&beckon_model::Problem> for ProblemBody {
    fn from(p: &beckon_model::Problem) -> Self {
        ProblemBody {
            path: p.path.clone(),
            message: p.message.clone(),
        }
    }
}

/// `{"error": "…"}`, sometimes with more fields.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ErrorBody {
    /// What is wrong, in words for people.
    pub error: String,
    /// 422: every problem of the body.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub problems: Option<Vec<ProblemBody>>,
    /// 400 of a new chat: each bad field of the persona and what is wrong with it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub fields: Option<std::collections::BTreeMap<String, String>>,
    /// 429: seconds to wait (also the `Retry-After` header).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "number")]
    pub retry_after: Option<u64>,
}

/// What an agent's (or owner's) read may answer besides its own answers.
#[derive(IntoResponses)]
pub enum AgentErrors {
    #[response(status = 401, description = "not logged in")]
    NotLoggedIn(ErrorBody),
    #[response(status = 403, description = "the account has no chat persona")]
    Forbidden(ErrorBody),
}

/// What an agent's (or owner's) write may answer besides its own answers.
#[derive(IntoResponses)]
pub enum AgentWriteErrors {
    #[response(status = 401, description = "not logged in")]
    NotLoggedIn(ErrorBody),
    #[response(
        status = 403,
        description = "the CSRF check failed (neither `X-Beckon-CSRF` nor this server's `Origin`), \
            or the account has no chat persona"
    )]
    Forbidden(ErrorBody),
}

/// What an owner's read may answer besides its own answers.
#[derive(IntoResponses)]
pub enum OwnerErrors {
    #[response(status = 401, description = "not logged in")]
    NotLoggedIn(ErrorBody),
    #[response(status = 403, description = "not an owner")]
    NotOwner(ErrorBody),
}

/// What an owner's write may answer besides its own answers.
#[derive(IntoResponses)]
pub enum OwnerWriteErrors {
    #[response(status = 401, description = "not logged in")]
    NotLoggedIn(ErrorBody),
    #[response(
        status = 403,
        description = "the CSRF check failed (neither `X-Beckon-CSRF` nor this server's `Origin`), \
            or not an owner"
    )]
    Forbidden(ErrorBody),
}
