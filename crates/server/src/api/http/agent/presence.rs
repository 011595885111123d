//! Whether the agent is online for the organisation's visitors.

use axum::extract::State;
use axum::response::Response;
use axum::Json;
use beckon_model::Problem;
use utoipa_axum::routes;

use crate::api::http::auth::AgentAuth;
use crate::service::accounts::users::invalid;
use crate::service::chat::availability;
use crate::state::AppState;
use crate::wire::agent::{AgentStatus, PresenceAnswer, PresenceBody};
use crate::wire::api_error::ApiError;
use crate::wire::error::{AgentWriteErrors, ErrorBody};
use crate::wire::routes::Routes;
use crate::wire::{no_store, JsonBody};

pub(super) fn routes() -> Routes<AppState> {
    Routes::new().routes(routes!(set_presence))
}

#[utoipa::path(
    put,
    path = "/v1/agent/presence",
    tag = "agent",
    summary = "Online (a 90-second lease on each domain; renew it) or away",
    request_body = PresenceBody,
    security(("session" = [], "csrf" = []), ("session" = [], "sameOrigin" = [])),
    responses(
        (status = 200, description = "the status", body = PresenceAnswer),
        (status = 422, description = "unknown status", body = ErrorBody),
        AgentWriteErrors,
    )
)]
async fn set_presence(
    State(state): State<AppState>,
    auth: AgentAuth,
    JsonBody(body): JsonBody<PresenceBody>,
) -> Result<Response, ApiError> {
    match body.status.as_deref() {
        Some("online") => {
            let user = &auth.0.user;
            availability::go_online(&state, &user.org_id, &user.user_id).await?;
            Ok(no_store(Json(PresenceAnswer {
                status: AgentStatus::Online,
                lease_seconds: availability::LEASE.as_secs(),
            })))
        }
        Some("away") => {
            availability::go_away(&state, &auth.0.user.org_id, &auth.0.user.user_id).await;
            Ok(no_store(Json(PresenceAnswer {
                status: AgentStatus::Away,
                lease_seconds: 0,
            })))
        }
        _ => Err(invalid(
            "invalid presence",
            &[Problem::new("status", "must be \"online\" or \"away\"")],
        )),
    }
}
