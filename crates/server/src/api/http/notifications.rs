//! What an account is told about (`GET`/`PUT /api/v1/agent/notifications`: e-mail on or off,
//! which conversations) and its browsers that get Web Push notifications (`GET`, `POST` and
//! `DELETE` on `/api/v1/agent/push-subscriptions`, the console's Notifications switch). What is
//! mailed and pushed, and when: `service/outbound/notify.rs`, `service/outbound/push.rs`.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use beckon_model::Problem;
use utoipa_axum::routes;

use super::auth::AgentAuth;
use crate::infra::egress::browser_keys;
use crate::service::accounts::users::invalid;
use crate::service::outbound::push::MAX_SUBSCRIPTIONS_PER_AGENT;
use crate::state::AppState;
use crate::wire::api_error::ApiError;
use crate::wire::error::{AgentErrors, AgentWriteErrors, ErrorBody};
use crate::wire::notifications::{
    NotificationChoices, NotificationChoicesBody, PushDevice, PushDevices, PushEndpointBody,
    PushSubscriptionBody,
};
use crate::wire::routes::Routes;
use crate::wire::{iso_time, no_store, JsonBody};
use beckon_store::NotifyChoices;

/// Longest endpoint taken (push services' are a few hundred bytes).
const MAX_ENDPOINT: usize = 2048;

pub fn routes() -> Routes<AppState> {
    Routes::new()
        .routes(routes!(list_push, push_subscribe, push_unsubscribe))
        .routes(routes!(choices, set_choices))
}

#[utoipa::path(
    get,
    path = "/v1/agent/push-subscriptions",
    tag = "agent",
    summary = "The server's push key, and your browsers that get notifications",
    security(("session" = [])),
    responses(
        (status = 200, description = "key and browsers", body = PushDevices),
        AgentErrors,
    )
)]
async fn list_push(State(state): State<AppState>, auth: AgentAuth) -> Result<Response, ApiError> {
    let subs = state.store.push_subscriptions(&auth.0.user.user_id).await?;
    Ok(no_store(Json(PushDevices {
        vapid_public_key: state.vapid.public_key.clone(),
        subscriptions: subs
            .into_iter()
            .map(|s| PushDevice {
                endpoint: s.endpoint,
                created_at: iso_time(s.created_at),
            })
            .collect(),
    })))
}

#[utoipa::path(
    post,
    path = "/v1/agent/push-subscriptions",
    tag = "agent",
    summary = "Notify this browser: its PushSubscription.toJSON() (several browsers per account)",
    request_body = PushSubscriptionBody,
    security(("session" = [], "csrf" = []), ("session" = [], "sameOrigin" = [])),
    responses(
        (status = 204, description = "kept (a known endpoint is updated)"),
        (status = 422, description = "the endpoint or a key is not usable", body = ErrorBody),
        AgentWriteErrors,
    )
)]
async fn push_subscribe(
    State(state): State<AppState>,
    auth: AgentAuth,
    JsonBody(body): JsonBody<PushSubscriptionBody>,
) -> Result<Response, ApiError> {
    let mut problems = Vec::new();
    let endpoint = checked_endpoint(&state, body.endpoint.as_deref(), &mut problems);
    let keys = body.keys.as_ref();
    let p256dh = keys.and_then(|k| k.p256dh.as_deref()).unwrap_or_default();
    let secret = keys.and_then(|k| k.auth.as_deref()).unwrap_or_default();
    if let Err(why) = browser_keys(p256dh, secret) {
        let field = if why.contains("p256dh") {
            "keys.p256dh"
        } else {
            "keys.auth"
        };
        problems.push(Problem::new(field, why));
    }
    let Some(endpoint) = endpoint.filter(|_| problems.is_empty()) else {
        return Err(invalid("invalid push subscription", &problems));
    };
    state
        .store
        .save_push_subscription(
            &auth.0.user.user_id,
            &endpoint,
            p256dh.trim(),
            secret.trim(),
            MAX_SUBSCRIPTIONS_PER_AGENT,
        )
        .await?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

#[utoipa::path(
    delete,
    path = "/v1/agent/push-subscriptions",
    tag = "agent",
    summary = "Stop notifying this browser (body: its endpoint)",
    request_body = PushEndpointBody,
    security(("session" = [], "csrf" = []), ("session" = [], "sameOrigin" = [])),
    responses(
        (status = 204, description = "removed"),
        (status = 404, description = "no such subscription of yours", body = ErrorBody),
        (status = 422, description = "no endpoint", body = ErrorBody),
        AgentWriteErrors,
    )
)]
async fn push_unsubscribe(
    State(state): State<AppState>,
    auth: AgentAuth,
    JsonBody(body): JsonBody<PushEndpointBody>,
) -> Result<Response, ApiError> {
    let Some(endpoint) = body
        .endpoint
        .as_deref()
        .map(str::trim)
        .filter(|e| !e.is_empty())
    else {
        return Err(invalid(
            "invalid request",
            &[Problem::new("endpoint", "missing")],
        ));
    };
    if state
        .store
        .delete_push_subscription(&auth.0.user.user_id, endpoint)
        .await?
    {
        Ok(StatusCode::NO_CONTENT.into_response())
    } else {
        Err(ApiError::not_found("no such push subscription of yours"))
    }
}

#[utoipa::path(
    get,
    path = "/v1/agent/notifications",
    tag = "agent",
    summary = "What you are told about by e-mail and Web Push",
    security(("session" = [])),
    responses(
        (status = 200, description = "your choices", body = NotificationChoices),
        AgentErrors,
    )
)]
async fn choices(State(state): State<AppState>, auth: AgentAuth) -> Result<Response, ApiError> {
    let c = state.store.notify_choices(&auth.0.user.user_id).await?;
    Ok(no_store(Json(answer(&state, &auth, c))))
}

#[utoipa::path(
    put,
    path = "/v1/agent/notifications",
    tag = "agent",
    summary = "Choose what you are told about (a field left out stays)",
    request_body = NotificationChoicesBody,
    security(("session" = [], "csrf" = []), ("session" = [], "sameOrigin" = [])),
    responses(
        (status = 200, description = "your choices now", body = NotificationChoices),
        AgentWriteErrors,
    )
)]
async fn set_choices(
    State(state): State<AppState>,
    auth: AgentAuth,
    JsonBody(body): JsonBody<NotificationChoicesBody>,
) -> Result<Response, ApiError> {
    let user = &auth.0.user.user_id;
    let now = state.store.notify_choices(user).await?;
    let next = NotifyChoices {
        email: body.email.unwrap_or(now.email),
        about: body.about.unwrap_or(now.about),
    };
    state.store.set_notify_choices(user, next).await?;
    Ok(no_store(Json(answer(&state, &auth, next))))
}

fn answer(state: &AppState, auth: &AgentAuth, c: NotifyChoices) -> NotificationChoices {
    NotificationChoices {
        email: c.email,
        about: c.about,
        email_available: state.mailer.is_some(),
        address: auth.0.user.email.clone(),
    }
}

/// The endpoint, when it is a URL outbound requests may reach; else a problem noted.
fn checked_endpoint(
    state: &AppState,
    endpoint: Option<&str>,
    problems: &mut Vec<Problem>,
) -> Option<String> {
    let endpoint = endpoint.map(str::trim).unwrap_or_default();
    let why = if endpoint.is_empty() {
        Some("missing".to_owned())
    } else if endpoint.len() > MAX_ENDPOINT {
        Some(format!("longer than {MAX_ENDPOINT} bytes"))
    } else {
        match url::Url::parse(endpoint) {
            Err(_) => Some("is not a URL".to_owned()),
            Ok(url) => state.outbound.refusal(&url),
        }
    };
    match why {
        Some(why) => {
            problems.push(Problem::new("endpoint", why));
            None
        }
        None => Some(endpoint.to_owned()),
    }
}
