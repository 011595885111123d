//! Private notes on a chat, under `/api/v1/agent/channels/{id}/notes`: agents (and owners) of
//! the chat's organisation write them and read them; another organisation's chat answers 404.
//! A note is not a message: stored apart, told to the domain's agents only (`chat::notes`).
//! The console lists a chat's notes with this route beside its messages and interleaves them
//! by time; new ones come over the agent socket (`note`).

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use utoipa_axum::routes;

use super::agent::{message_text, OrgChannel};
use crate::service::accounts::users::invalid;
use crate::service::chat;
use crate::state::AppState;
use crate::wire::api_error::ApiError;
use crate::wire::error::{AgentErrors, AgentWriteErrors, ErrorBody};
use crate::wire::notes::{Note, NoteBody, NoteList};
use crate::wire::routes::Routes;
use crate::wire::{no_store, JsonBody};

/// Most notes a list answers: a chat's latest.
pub const MAX_NOTES: i64 = 1000;

pub fn routes() -> Routes<AppState> {
    Routes::new().routes(routes!(list_notes, add_note))
}

#[utoipa::path(
    get,
    path = "/v1/agent/channels/{id}/notes",
    tag = "agent",
    summary = "A chat's private notes (agents only), oldest first: the latest 1000",
    params(("id" = String, Path, description = "chat channel id")),
    security(("session" = [])),
    responses(
        (status = 200, description = "notes", body = NoteList),
        (status = 404, description = "no such chat", body = ErrorBody),
        AgentErrors,
    )
)]
async fn list_notes(
    State(state): State<AppState>,
    OrgChannel { chat: s, .. }: OrgChannel,
) -> Result<Response, ApiError> {
    let notes = state.store.channel_notes(&s.channel.id, MAX_NOTES).await?;
    Ok(no_store(Json(NoteList {
        notes: notes.iter().map(Note::from).collect(),
    })))
}

#[utoipa::path(
    post,
    path = "/v1/agent/channels/{id}/notes",
    tag = "agent",
    summary = "Write a private note on a chat: its agents see it (`note` on their sockets), its visitor never does",
    params(("id" = String, Path, description = "chat channel id")),
    request_body = NoteBody,
    security(("session" = [], "csrf" = []), ("session" = [], "sameOrigin" = [])),
    responses(
        (status = 201, description = "stored", body = Note),
        (status = 404, description = "no such chat", body = ErrorBody),
        (status = 422, description = "invalid text: `problems` says why", body = ErrorBody),
        AgentWriteErrors,
    )
)]
async fn add_note(
    State(state): State<AppState>,
    OrgChannel { auth, chat: s }: OrgChannel,
    JsonBody(body): JsonBody<NoteBody>,
) -> Result<Response, ApiError> {
    let mut problems = Vec::new();
    let text = message_text(&body.text, false, &mut problems);
    if !problems.is_empty() {
        return Err(invalid("invalid note", &problems));
    }
    let user = &auth.0.user;
    let note = chat::notes::add(&state, &s.channel, &user.user_id, &user.name, &text).await?;
    tracing::info!(by = %user.user_id, "note written");
    Ok((StatusCode::CREATED, no_store(Json(Note::from(&note)))).into_response())
}
