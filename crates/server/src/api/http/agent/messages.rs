//! A chat's messages: reading them, replying, and the files a reply sends.

use axum::extract::multipart::{Multipart, MultipartRejection};
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use beckon_model::Problem;
use serde_json::Value;
use utoipa_axum::router::UtoipaMethodRouterExt;
use utoipa_axum::routes;

use super::{message_text, OrgChannel, OrgChannelWith};
use crate::api::http::chat::HistoryPage;
use crate::service::accounts::users::invalid;
use crate::service::chat;
use crate::state::AppState;
use crate::wire::agent::{ReplyAnswer, ReplyBody};
use crate::wire::api_error::ApiError;
use crate::wire::chat::{Attachment, AttachmentLimits, History, Message};
use crate::wire::error::{AgentErrors, AgentWriteErrors, ErrorBody};
use crate::wire::frames::{CheckedMessage, MAX_ATTACHMENTS};
use crate::wire::limits::MAX_CLIENT_ID;
use crate::wire::routes::Routes;
use crate::wire::{no_store, ApiQuery, JsonBody};

pub(super) fn routes() -> Routes<AppState> {
    Routes::new().routes(routes!(history, reply)).routes(
        routes!(agent_attachment_limits, agent_upload)
            .layer(axum::extract::DefaultBodyLimit::disable()),
    )
}

#[utoipa::path(
    get,
    path = "/v1/agent/channels/{id}/messages",
    operation_id = "agent_history",
    tag = "agent",
    summary = "Messages of a chat",
    params(("id" = String, Path, description = "chat channel id"), HistoryPage),
    security(("session" = [])),
    responses(
        (status = 200, description = "messages", body = History),
        (status = 400, description = "after/limit not a number", body = ErrorBody),
        (status = 404, description = "no such chat", body = ErrorBody),
        AgentErrors,
    )
)]
async fn history(
    State(state): State<AppState>,
    OrgChannel { chat: s, .. }: OrgChannel,
    ApiQuery(q): ApiQuery<HistoryPage>,
) -> Result<Response, ApiError> {
    let history = chat::history(&*state.store, &s.channel, q.after(), q.limit(), false).await?;
    Ok(no_store(Json(history.for_agents())))
}

#[utoipa::path(
    post,
    path = "/v1/agent/channels/{id}/messages",
    tag = "agent",
    summary = "Reply (idempotent on clientId); claims an unassigned chat",
    params(("id" = String, Path, description = "chat channel id")),
    request_body = ReplyBody,
    security(("session" = [], "csrf" = []), ("session" = [], "sameOrigin" = [])),
    responses(
        (status = 201, description = "stored", body = ReplyAnswer),
        (status = 200, description = "already stored under this clientId (`created` false)", body = ReplyAnswer),
        (status = 404, description = "no such chat", body = ErrorBody),
        (status = 409, description = "another sender used this clientId in the chat", body = ErrorBody),
        (status = 410, description = "the chat has ended", body = ErrorBody),
        (status = 422, description = "invalid fields: `problems` lists each", body = ErrorBody),
        AgentWriteErrors,
    )
)]
async fn reply(
    State(state): State<AppState>,
    OrgChannelWith {
        chat: OrgChannel { auth, chat: s },
        body: JsonBody(body),
    }: OrgChannelWith<JsonBody<ReplyBody>>,
) -> Result<Response, ApiError> {
    let mut problems = Vec::new();
    let client_id = match &body.client_id {
        Some(Value::String(s)) if !s.is_empty() && s.len() <= MAX_CLIENT_ID => s.clone(),
        Some(Value::String(s)) if !s.is_empty() => {
            problems.push(Problem::new(
                "clientId",
                format!("is longer than {MAX_CLIENT_ID} characters"),
            ));
            String::new()
        }
        _ => {
            problems.push(Problem::new(
                "clientId",
                "is required (a string you choose)",
            ));
            String::new()
        }
    };
    let sent = body.attachments.as_deref().unwrap_or_default();
    if sent.len() > MAX_ATTACHMENTS {
        problems.push(Problem::new(
            "attachments",
            format!("at most {MAX_ATTACHMENTS} per message"),
        ));
    }
    // A file alone is a message.
    let text = message_text(&body.text, !sent.is_empty(), &mut problems);
    if !problems.is_empty() {
        return Err(invalid("invalid message", &problems));
    }
    let user = &auth.0.user;
    let sender = state.store.get_persona(&user.persona_id).await?;
    // Checked against this chat's uploads by the chat service (`attachments::resolve`).
    let attachments = sent
        .iter()
        .map(|a| Attachment {
            kind: a.kind.clone(),
            url: a.url.clone(),
            name: a.name.clone().unwrap_or_default(),
            size: None,
        })
        .collect();
    let msg = CheckedMessage {
        client_id,
        text,
        attachments,
    };
    // Stored first: whatever happens next, the reply is not lost.
    let inserted = chat::agent_reply(&state, &s.channel, &user.user_id, &sender, msg).await?;
    let status = if inserted.created {
        StatusCode::CREATED
    } else {
        StatusCode::OK
    };
    let body = ReplyAnswer {
        message: Message::of(&inserted.message, Some(&sender)),
        created: inserted.created,
    };
    Ok((status, no_store(Json(body))).into_response())
}

#[utoipa::path(
    get,
    path = "/v1/agent/channels/{id}/attachments",
    tag = "agent",
    summary = "What files the chat accepts: the largest size and the media types",
    params(("id" = String, Path, description = "chat channel id")),
    responses(
        (status = 200, description = "the domain's limits", body = AttachmentLimits),
        (status = 404, description = "no such chat", body = ErrorBody),
        AgentErrors,
    )
)]
async fn agent_attachment_limits(
    State(state): State<AppState>,
    OrgChannel { chat: s, .. }: OrgChannel,
) -> Result<Response, ApiError> {
    crate::api::http::files::limits_answer(&state, &s.channel).await
}

/// docs/attachments.md: the file is read as it arrives, its type from its bytes.
#[utoipa::path(
    post,
    path = "/v1/agent/channels/{id}/attachments",
    tag = "agent",
    summary = "Upload a file (multipart/form-data, field file) to send with a reply",
    params(("id" = String, Path, description = "chat channel id")),
    request_body(content_type = "multipart/form-data", description = "a field named file"),
    security(("session" = [], "csrf" = []), ("session" = [], "sameOrigin" = [])),
    responses(
        (status = 201, description = "stored: send it in the reply's attachments", body = Attachment),
        (status = 400, description = "not multipart, no file field, or an empty file", body = ErrorBody),
        (status = 404, description = "no such chat", body = ErrorBody),
        (status = 413, description = "larger than the domain allows (\"too large: at most 10 MB\")", body = ErrorBody),
        (status = 415, description = "a type the domain does not accept (\"type not allowed: …\")", body = ErrorBody),
        AgentWriteErrors,
    )
)]
async fn agent_upload(
    State(state): State<AppState>,
    OrgChannel { chat: s, .. }: OrgChannel,
    headers: HeaderMap,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<Response, ApiError> {
    crate::api::http::files::upload(
        &state,
        &headers,
        &s.channel,
        crate::api::http::files::Uploader::Agent,
        multipart,
    )
    .await
}
