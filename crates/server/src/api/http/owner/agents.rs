//! The organisation's accounts: list, add an agent or owner, remove one, reset a password.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use beckon_model::Problem;
use utoipa_axum::routes;

use crate::api::http::auth::OwnerAuth;
use crate::engine::hub::org::{self, Change};
use crate::engine::hub::revoke::{end_logins, Ended};
use crate::service::accounts::users::{create_account, invalid, NewAccount};
use crate::service::accounts::{password, Role};
use crate::service::chat::availability;
use crate::state::AppState;
use crate::wire::account::User;
use crate::wire::api_error::ApiError;
use crate::wire::error::{ErrorBody, OwnerErrors, OwnerWriteErrors};
use crate::wire::owner::{AccountList, NewAgentBody, Notifications, ResetPasswordBody};
use crate::wire::routes::Routes;
use crate::wire::{no_store, JsonBody};
use beckon_store::StoreError;

pub(super) fn routes() -> Routes<AppState> {
    Routes::new()
        .routes(routes!(list_agents, add_agent))
        .routes(routes!(remove_agent))
        .routes(routes!(reset_password))
}

#[utoipa::path(
    get,
    path = "/v1/owner/agents",
    tag = "owner",
    summary = "The organisation's accounts (agents and owners)",
    security(("session" = [])),
    responses(
        (status = 200, description = "accounts", body = AccountList),
        OwnerErrors,
    )
)]
async fn list_agents(State(state): State<AppState>, auth: OwnerAuth) -> Result<Response, ApiError> {
    let users = state.store.list_users(&auth.0.user.org_id).await?;
    Ok(no_store(Json(AccountList {
        agents: users.iter().map(User::from).collect(),
        notifications: Notifications {
            email: state.mailer.is_some(),
            delay_seconds: state.notify_delay.as_secs(),
        },
    })))
}

#[utoipa::path(
    post,
    path = "/v1/owner/agents",
    tag = "owner",
    summary = "Add an agent (or, with role owner, an owner)",
    request_body = NewAgentBody,
    security(("session" = [], "csrf" = []), ("session" = [], "sameOrigin" = [])),
    responses(
        (status = 201, description = "the account", body = User),
        (status = 409, description = "the e-mail is taken", body = ErrorBody),
        (status = 422, description = "invalid fields: `problems` lists each", body = ErrorBody),
        OwnerWriteErrors,
    )
)]
async fn add_agent(
    State(state): State<AppState>,
    auth: OwnerAuth,
    JsonBody(body): JsonBody<NewAgentBody>,
) -> Result<Response, ApiError> {
    let role = match body.role.as_deref() {
        None | Some("agent") => Role::Agent,
        Some("owner") => Role::Owner,
        Some(other) => {
            return Err(invalid(
                "invalid account",
                &[Problem::new(
                    "role",
                    format!("unknown role {other:?}; allowed: agent, owner"),
                )],
            ))
        }
    };
    let user = create_account(
        state.store.as_ref(),
        NewAccount {
            org_id: auth.0.user.org_id.clone(),
            email: body.email,
            name: body.name,
            role,
            password: body.password,
        },
    )
    .await?;
    tracing::info!(user = %user.id, by = %auth.0.user.user_id, "account created");
    // Open consoles offer the new account for assigning.
    org::changed(&state.realtime, &user.org_id, Change::Accounts).await;
    Ok((StatusCode::CREATED, no_store(Json(User::from(&user)))).into_response())
}

async fn org_user(
    state: &AppState,
    auth: &OwnerAuth,
    id: &str,
) -> Result<beckon_store::User, ApiError> {
    match state.store.get_user(id).await {
        Ok(u) if u.org_id == auth.0.user.org_id => Ok(u),
        Ok(_) | Err(StoreError::NotFound) => Err(ApiError::not_found("no such agent")),
        Err(e) => Err(e.into()),
    }
}

#[utoipa::path(
    delete,
    path = "/v1/owner/agents/{id}",
    tag = "owner",
    summary = "Remove an account (not your own); its chats become unassigned",
    params(("id" = String, Path, description = "account id")),
    security(("session" = [], "csrf" = []), ("session" = [], "sameOrigin" = [])),
    responses(
        (status = 204, description = "removed"),
        (status = 404, description = "no such account", body = ErrorBody),
        (status = 409, description = "your own account", body = ErrorBody),
        OwnerWriteErrors,
    )
)]
async fn remove_agent(
    State(state): State<AppState>,
    auth: OwnerAuth,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let user = org_user(&state, &auth, &id).await?;
    if user.id == auth.0.user.user_id {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "you cannot remove your own account",
        ));
    }
    state.store.delete_user(&user.id).await?;
    end_logins(&state.realtime, &user.id, Ended::AllBut(None)).await;
    availability::go_away(&state, &user.org_id, &user.id).await;
    tracing::info!(user = %user.id, by = %auth.0.user.user_id, "account removed");
    // Its chats are unassigned now: open consoles reload them.
    org::changed(&state.realtime, &user.org_id, Change::Accounts).await;
    Ok(StatusCode::NO_CONTENT.into_response())
}

#[utoipa::path(
    post,
    path = "/v1/owner/agents/{id}/password",
    tag = "owner",
    summary = "Set an account's password; its sessions end",
    params(("id" = String, Path, description = "account id")),
    request_body = ResetPasswordBody,
    security(("session" = [], "csrf" = []), ("session" = [], "sameOrigin" = [])),
    responses(
        (status = 204, description = "set"),
        (status = 404, description = "no such account", body = ErrorBody),
        (status = 422, description = "too short: `problems`", body = ErrorBody),
        OwnerWriteErrors,
    )
)]
async fn reset_password(
    State(state): State<AppState>,
    auth: OwnerAuth,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<ResetPasswordBody>,
) -> Result<Response, ApiError> {
    let user = org_user(&state, &auth, &id).await?;
    if let Some(w) = password::weakness(&body.password) {
        return Err(invalid("invalid password", &[Problem::new("password", w)]));
    }
    let hash = password::hash(&body.password).await;
    state.store.set_user_password_hash(&user.id, &hash).await?;
    let ended = state.store.delete_user_sessions(&user.id).await?;
    end_logins(&state.realtime, &user.id, Ended::AllBut(None)).await;
    tracing::info!(user = %user.id, by = %auth.0.user.user_id, sessions = ended, "password reset");
    Ok(StatusCode::NO_CONTENT.into_response())
}
