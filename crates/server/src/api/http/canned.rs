//! Canned replies, per organisation. Agents and owners read them
//! (`GET /api/v1/agent/canned-replies`, for the reply box's `/` list); owners manage them under
//! `/api/v1/owner/canned-replies`, and so do agents when an owner allows it
//! (`PUT /api/v1/owner/canned-reply-settings`, "Agents may edit canned replies", off by
//! default): the owner routes take an agent's session then, rather than a second set of agent
//! routes doing the same. Another organisation's reply answers 404.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use beckon_model::Problem;
use utoipa_axum::routes;

use super::auth::{AgentAuth, OwnerAuth};
use crate::engine::hub::org::{self, Change};
use crate::service::accounts::Role;
use crate::state::AppState;
use crate::wire::api_error::ApiError;
use crate::wire::canned::{CannedReply, CannedReplyBody, CannedReplyList, CannedSettings};
use crate::wire::error::{AgentErrors, ErrorBody, OwnerWriteErrors};
use crate::wire::routes::Routes;
use crate::wire::{no_store, JsonBody};
use beckon_store::StoreError;

/// Most canned replies an organisation keeps.
pub const MAX_CANNED_REPLIES: usize = 500;

pub fn routes() -> Routes<AppState> {
    Routes::new()
        .routes(routes!(agent_canned_replies))
        .routes(routes!(list_canned_replies, add_canned_reply))
        .routes(routes!(change_canned_reply, remove_canned_reply))
        .routes(routes!(set_canned_settings))
}

/// Whether this account may add, change and remove the organisation's canned replies.
async fn can_edit(state: &AppState, auth: &AgentAuth) -> Result<bool, ApiError> {
    let user = &auth.0.user;
    Ok(user.role == Role::Owner || state.store.agents_may_edit_canned(&user.org_id).await?)
}

async fn editor(state: &AppState, auth: &AgentAuth) -> Result<(), ApiError> {
    if can_edit(state, auth).await? {
        Ok(())
    } else {
        Err(ApiError::forbidden(
            "only owners edit canned replies, unless an owner allows agents to \
             (\"Agents may edit canned replies\")",
        ))
    }
}

/// Open consoles of the organisation read its canned replies again (`canned-changed`).
async fn tell_consoles(state: &AppState, auth: &AgentAuth) {
    org::changed(&state.realtime, &auth.0.user.org_id, Change::Canned).await;
}

/// 400 naming each field that is wrong, in the message too.
fn invalid(problems: &[Problem]) -> ApiError {
    let said: Vec<String> = problems
        .iter()
        .map(|p| format!("{} {}", p.path, p.message))
        .collect();
    ApiError::bad_request(format!("invalid canned reply: {}", said.join("; "))).with(
        "problems",
        serde_json::to_value(
            problems
                .iter()
                .map(crate::wire::error::ProblemBody::from)
                .collect::<Vec<_>>(),
        )
        .expect("problems are JSON"),
    )
}

/// A taken shortcut says which (409); other store errors as usual.
fn stored<T>(r: Result<T, StoreError>, shortcut: &str) -> Result<T, ApiError> {
    r.map_err(|e| match e {
        StoreError::Conflict(_) => ApiError::new(
            StatusCode::CONFLICT,
            format!("the shortcut /{shortcut} is taken: another canned reply uses it"),
        ),
        StoreError::NotFound => ApiError::not_found("canned reply not found"),
        e => e.into(),
    })
}

async fn list(state: &AppState, auth: &AgentAuth) -> Result<Response, ApiError> {
    let org = &auth.0.user.org_id;
    let replies = state.store.canned_replies(org).await?;
    Ok(no_store(Json(CannedReplyList {
        replies: replies.iter().map(CannedReply::from).collect(),
        agents_may_edit: state.store.agents_may_edit_canned(org).await?,
        can_edit: can_edit(state, auth).await?,
    })))
}

#[utoipa::path(
    get,
    path = "/v1/agent/canned-replies",
    tag = "agent",
    summary = "The organisation's canned replies, by shortcut, and whether you may edit them",
    security(("session" = [])),
    responses(
        (status = 200, description = "canned replies", body = CannedReplyList),
        AgentErrors,
    )
)]
async fn agent_canned_replies(
    State(state): State<AppState>,
    auth: AgentAuth,
) -> Result<Response, ApiError> {
    list(&state, &auth).await
}

#[utoipa::path(
    get,
    path = "/v1/owner/canned-replies",
    tag = "owner",
    summary = "The organisation's canned replies (owners; agents too when allowed)",
    security(("session" = [])),
    responses(
        (status = 200, description = "canned replies", body = CannedReplyList),
        (status = 401, description = "not logged in", body = ErrorBody),
        (status = 403, description = "an agent, and agents may not edit canned replies", body = ErrorBody),
    )
)]
async fn list_canned_replies(
    State(state): State<AppState>,
    auth: AgentAuth,
) -> Result<Response, ApiError> {
    editor(&state, &auth).await?;
    list(&state, &auth).await
}

#[utoipa::path(
    post,
    path = "/v1/owner/canned-replies",
    tag = "owner",
    summary = "Add a canned reply (owners; agents too when allowed)",
    request_body = CannedReplyBody,
    security(("session" = [], "csrf" = []), ("session" = [], "sameOrigin" = [])),
    responses(
        (status = 201, description = "added", body = CannedReply),
        (status = 400, description = "a bad shortcut or text: `problems` names each", body = ErrorBody),
        (status = 409, description = "the shortcut is taken in the organisation", body = ErrorBody),
        OwnerWriteErrors,
    )
)]
async fn add_canned_reply(
    State(state): State<AppState>,
    auth: AgentAuth,
    JsonBody(body): JsonBody<CannedReplyBody>,
) -> Result<Response, ApiError> {
    editor(&state, &auth).await?;
    let (shortcut, text) = body.checked().map_err(|p| invalid(&p))?;
    let org = &auth.0.user.org_id;
    if state.store.canned_replies(org).await?.len() >= MAX_CANNED_REPLIES {
        return Err(ApiError::bad_request(format!(
            "an organisation keeps at most {MAX_CANNED_REPLIES} canned replies; remove one first"
        )));
    }
    let reply = stored(
        state.store.create_canned_reply(org, &shortcut, &text).await,
        &shortcut,
    )?;
    tell_consoles(&state, &auth).await;
    Ok((
        StatusCode::CREATED,
        no_store(Json(CannedReply::from(&reply))),
    )
        .into_response())
}

#[utoipa::path(
    put,
    path = "/v1/owner/canned-replies/{id}",
    tag = "owner",
    summary = "Change a canned reply's shortcut and text (owners; agents too when allowed)",
    params(("id" = String, Path, description = "canned reply id")),
    request_body = CannedReplyBody,
    security(("session" = [], "csrf" = []), ("session" = [], "sameOrigin" = [])),
    responses(
        (status = 200, description = "changed", body = CannedReply),
        (status = 400, description = "a bad shortcut or text: `problems` names each", body = ErrorBody),
        (status = 404, description = "no such canned reply in your organisation", body = ErrorBody),
        (status = 409, description = "the shortcut is taken in the organisation", body = ErrorBody),
        OwnerWriteErrors,
    )
)]
async fn change_canned_reply(
    State(state): State<AppState>,
    auth: AgentAuth,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<CannedReplyBody>,
) -> Result<Response, ApiError> {
    editor(&state, &auth).await?;
    let (shortcut, text) = body.checked().map_err(|p| invalid(&p))?;
    let reply = stored(
        state
            .store
            .update_canned_reply(&auth.0.user.org_id, &id, &shortcut, &text)
            .await,
        &shortcut,
    )?;
    tell_consoles(&state, &auth).await;
    Ok(no_store(Json(CannedReply::from(&reply))))
}

#[utoipa::path(
    delete,
    path = "/v1/owner/canned-replies/{id}",
    tag = "owner",
    summary = "Remove a canned reply (owners; agents too when allowed)",
    params(("id" = String, Path, description = "canned reply id")),
    security(("session" = [], "csrf" = []), ("session" = [], "sameOrigin" = [])),
    responses(
        (status = 204, description = "removed"),
        (status = 404, description = "no such canned reply in your organisation", body = ErrorBody),
        OwnerWriteErrors,
    )
)]
async fn remove_canned_reply(
    State(state): State<AppState>,
    auth: AgentAuth,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    editor(&state, &auth).await?;
    stored(
        state
            .store
            .delete_canned_reply(&auth.0.user.org_id, &id)
            .await,
        "",
    )?;
    tell_consoles(&state, &auth).await;
    Ok(StatusCode::NO_CONTENT.into_response())
}

#[utoipa::path(
    put,
    path = "/v1/owner/canned-reply-settings",
    tag = "owner",
    summary = "Whether agents may edit the organisation's canned replies (owners only; default no)",
    request_body = CannedSettings,
    security(("session" = [], "csrf" = []), ("session" = [], "sameOrigin" = [])),
    responses(
        (status = 200, description = "the setting", body = CannedSettings),
        OwnerWriteErrors,
    )
)]
async fn set_canned_settings(
    State(state): State<AppState>,
    auth: OwnerAuth,
    JsonBody(body): JsonBody<CannedSettings>,
) -> Result<Response, ApiError> {
    state
        .store
        .set_agents_may_edit_canned(&auth.0.user.org_id, body.agents_may_edit)
        .await?;
    // Agents' consoles show or hide "Canned replies" at once.
    org::changed(&state.realtime, &auth.0.user.org_id, Change::Canned).await;
    Ok(no_store(Json(body)))
}
