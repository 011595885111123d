//! The agent's inbox: the organisation's chats, one chat's details, and the team to assign to.

use axum::extract::State;
use axum::response::Response;
use axum::Json;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::routes;

use super::{base_query, summary, OrgChannel, MAX_EARLIER, MAX_LIST};
use crate::api::http::auth::AgentAuth;
use crate::state::AppState;
use crate::wire::agent::{
    ChannelDetail, ChannelList, EarlierConversation, Team, TeamMember, Visit,
};
use crate::wire::api_error::ApiError;
use crate::wire::chat::Rating;
use crate::wire::error::{AgentErrors, ErrorBody};
use crate::wire::routes::Routes;
use crate::wire::{no_store, ApiQuery};
use beckon_store::{AssignedFilter, ChannelQuery, ChannelStatus, ChannelSummary};

pub(super) fn routes() -> Routes<AppState> {
    Routes::new()
        .routes(routes!(list))
        .routes(routes!(detail))
        .routes(routes!(team))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct ListQuery {
    /// open (default), waiting (open chats nobody has answered since the visitor's latest
    /// message, the longest waiting first), ended, mine, unassigned, all.
    filter: Option<String>,
    /// Search the visitor's name or e-mail.
    q: Option<String>,
    /// Only this domain.
    domain_id: Option<String>,
    /// Paging: the lastActivityAt of the last chat of the previous page (Unix ms; its
    /// waitingSince for `waiting`); only chats listed after it come.
    before: Option<i64>,
    /// Paging, with before: the id of the last chat of the previous page, so that chats active
    /// in the same millisecond are neither skipped nor repeated.
    before_id: Option<String>,
    /// At most this many (≤ 200, default 50).
    limit: Option<i64>,
}

#[utoipa::path(
    get,
    path = "/v1/agent/channels",
    tag = "agent",
    summary = "Chats of your organisation's domains, newest activity first",
    params(ListQuery),
    security(("session" = [])),
    responses(
        (status = 200, description = "chats", body = ChannelList),
        (status = 400, description = "unknown filter, or before/limit not a number", body = ErrorBody),
        AgentErrors,
    )
)]
async fn list(
    State(state): State<AppState>,
    auth: AgentAuth,
    ApiQuery(q): ApiQuery<ListQuery>,
) -> Result<Response, ApiError> {
    let filter = q.filter.as_deref().unwrap_or("open");
    let (status, assigned) = match filter {
        "open" | "waiting" => (Some(ChannelStatus::Open), AssignedFilter::Any),
        "ended" => (Some(ChannelStatus::Ended), AssignedFilter::Any),
        "mine" => (
            Some(ChannelStatus::Open),
            AssignedFilter::To(auth.0.user.user_id.clone()),
        ),
        "unassigned" => (Some(ChannelStatus::Open), AssignedFilter::Unassigned),
        "all" => (None, AssignedFilter::Any),
        other => {
            return Err(ApiError::bad_request(format!(
                "unknown filter {other:?}; allowed: open, waiting, ended, mine, unassigned, all"
            )))
        }
    };
    let query = ChannelQuery {
        domain_id: q.domain_id.filter(|d| !d.is_empty()),
        status,
        assigned,
        search: q.q.filter(|s| !s.trim().is_empty()),
        before: q.before,
        before_id: q.before_id.filter(|id| !id.is_empty()),
        limit: q.limit.unwrap_or(50).clamp(1, MAX_LIST),
        waiting: filter == "waiting",
        ..base_query(&auth)
    };
    let channels = state.store.query_channels(&query).await?;
    let unread: i64 = channels.iter().map(|c| c.unread).sum();
    Ok(no_store(Json(ChannelList {
        channels: channels.iter().map(summary).collect(),
        unread_total: unread,
    })))
}

#[utoipa::path(
    get,
    path = "/v1/agent/channels/{id}",
    tag = "agent",
    summary = "One chat with its visitor, how far the visitor has read, their earlier chats and their rating",
    params(("id" = String, Path, description = "chat channel id")),
    security(("session" = [])),
    responses(
        (status = 200, description = "the chat", body = ChannelDetail),
        (status = 404, description = "no such chat", body = ErrorBody),
        AgentErrors,
    )
)]
async fn detail(
    State(state): State<AppState>,
    OrgChannel { auth, chat: s }: OrgChannel,
) -> Result<Response, ApiError> {
    // How far the visitor has read: the console shows "Seen" after a reload too.
    let visitor_read = state
        .store
        .read_marker(&s.channel.id, &s.visitor.id)
        .await?;
    let visit = Visit::of(
        state.store.visitor_context(&s.channel.id).await?,
        state.store.visitor_pages(&s.channel.id).await?,
    );
    Ok(no_store(Json(ChannelDetail {
        summary: summary(&s),
        visitor_read_seq: visitor_read,
        earlier_conversations: earlier_conversations(&state, &auth, &s).await?,
        visit,
        rating: state
            .store
            .channel_rating(&s.channel.id)
            .await?
            .as_ref()
            .map(Rating::from),
    })))
}

/// The chats of the same visitor e-mail on the same domain that started before `s`.
async fn earlier_conversations(
    state: &AppState,
    auth: &AgentAuth,
    s: &ChannelSummary,
) -> Result<Vec<EarlierConversation>, ApiError> {
    let Some(email) = s.visitor.email.as_deref().filter(|e| !e.is_empty()) else {
        return Ok(vec![]);
    };
    let q = ChannelQuery {
        domain_id: Some(s.channel.domain_id.clone()),
        visitor_email: Some(email.to_owned()),
        // The newest first: an earlier chat may have been active after this one started.
        limit: MAX_LIST,
        ..base_query(auth)
    };
    let all = state.store.query_channels(&q).await?;
    let mut earlier: Vec<&ChannelSummary> = all
        .iter()
        .filter(|c| (c.channel.created_at, &c.channel.id) < (s.channel.created_at, &s.channel.id))
        .collect();
    earlier.sort_by_key(|c| std::cmp::Reverse(c.channel.created_at));
    Ok(earlier
        .into_iter()
        .take(MAX_EARLIER as usize)
        .map(EarlierConversation::from)
        .collect())
}

#[utoipa::path(
    get,
    path = "/v1/agent/team",
    tag = "agent",
    summary = "The organisation's accounts, for assigning",
    security(("session" = [])),
    responses(
        (status = 200, description = "accounts", body = Team),
        AgentErrors,
    )
)]
async fn team(State(state): State<AppState>, auth: AgentAuth) -> Result<Response, ApiError> {
    let users = state.store.list_users(&auth.0.user.org_id).await?;
    Ok(no_store(Json(Team {
        agents: users.iter().map(TeamMember::from).collect(),
    })))
}
