//! The organisation's webhooks (docs/webhooks.md): list, add (the answer shows the signing
//! secret, once), remove, send a test event, and each one's deliveries, one of which may be sent
//! again. Another organisation's webhook answers 404.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use beckon_model::Problem;
use serde_json::json;
use utoipa_axum::routes;

use crate::api::http::auth::OwnerAuth;
use crate::service::accounts::users::invalid;
use crate::service::outbound::webhook::{self as hooks, EVENTS, RETRY_FOR, TEST_EVENT};
use crate::state::AppState;
use crate::wire::api_error::ApiError;
use crate::wire::error::{ErrorBody, OwnerErrors, OwnerWriteErrors};
use crate::wire::routes::Routes;
use crate::wire::webhooks::{
    Webhook, WebhookBody, WebhookCreated, WebhookDelivery, WebhookDeliveryList, WebhookList,
};
use crate::wire::{no_store, JsonBody};
use beckon_store::webhooks::{NewWebhook, KEPT_DELIVERIES};
use beckon_store::StoreError;

/// Webhooks per organisation.
pub const MAX_WEBHOOKS: usize = 20;
/// The longest URL accepted.
const MAX_URL: usize = 2000;

pub(super) fn routes() -> Routes<AppState> {
    Routes::new()
        .routes(routes!(list_webhooks, add_webhook))
        .routes(routes!(remove_webhook))
        .routes(routes!(test_webhook))
        .routes(routes!(webhook_deliveries))
        .routes(routes!(resend_webhook_delivery))
}

#[utoipa::path(
    get,
    path = "/v1/owner/webhooks",
    tag = "owner",
    summary = "The organisation's webhooks (without their secrets) and the events there are",
    security(("session" = [])),
    responses(
        (status = 200, description = "webhooks", body = WebhookList),
        OwnerErrors,
    )
)]
async fn list_webhooks(
    State(state): State<AppState>,
    auth: OwnerAuth,
) -> Result<Response, ApiError> {
    let list = state.store.list_webhooks(&auth.0.user.org_id).await?;
    Ok(no_store(Json(WebhookList {
        webhooks: list.iter().map(Webhook::from).collect(),
        events: EVENTS.iter().map(|e| (*e).to_owned()).collect(),
    })))
}

/// The problems with a webhook's URL (`None`: fine). Refused at once: anything but http(s), and
/// (unless `--allow-private-outbound`) http, and a host that is a private address or localhost;
/// a name that resolves to a private address is refused when delivering (`infra/egress/guard.rs`).
fn url_problem(state: &AppState, raw: &str) -> Option<String> {
    let raw = raw.trim();
    if raw.is_empty() {
        return Some("is required".into());
    }
    if raw.len() > MAX_URL {
        return Some(format!("is longer than {MAX_URL} characters"));
    }
    let Ok(url) = url::Url::parse(raw) else {
        return Some("is not a URL (https://…)".into());
    };
    if let Some(why) = state.outbound.refusal(&url) {
        return Some(format!(
            "{why}: webhooks are sent only to the public internet"
        ));
    }
    let local = matches!(url.host(), Some(url::Host::Domain(h))
        if h.eq_ignore_ascii_case("localhost") || h.to_ascii_lowercase().ends_with(".localhost"));
    if local && !state.outbound.allow_private {
        return Some(format!(
            "{} is not a public address: webhooks are sent only to the public internet",
            url.host_str().unwrap_or_default()
        ));
    }
    None
}

#[utoipa::path(
    post,
    path = "/v1/owner/webhooks",
    tag = "owner",
    summary = "Add a webhook; the answer shows its signing secret, this once",
    request_body = WebhookBody,
    security(("session" = [], "csrf" = []), ("session" = [], "sameOrigin" = [])),
    responses(
        (status = 201, description = "the webhook and its secret", body = WebhookCreated),
        (status = 400, description = "invalid URL or events: `problems` lists each", body = ErrorBody),
        OwnerWriteErrors,
    )
)]
async fn add_webhook(
    State(state): State<AppState>,
    auth: OwnerAuth,
    JsonBody(body): JsonBody<WebhookBody>,
) -> Result<Response, ApiError> {
    let org = &auth.0.user.org_id;
    let mut problems = Vec::new();
    let url = body.url.as_deref().unwrap_or("").trim().to_owned();
    if let Some(p) = url_problem(&state, &url) {
        problems.push(Problem::new("url", p));
    }
    let mut events: Vec<String> = Vec::new();
    for e in body.events.unwrap_or_default() {
        if !EVENTS.contains(&e.as_str()) {
            problems.push(Problem::new(
                "events",
                format!("unknown event {e:?}; there are {}", EVENTS.join(", ")),
            ));
        } else if !events.contains(&e) {
            events.push(e);
        }
    }
    if events.is_empty() && problems.iter().all(|p| p.path != "events") {
        problems.push(Problem::new("events", "choose at least one event"));
    }
    if let Some(domain) = &body.domain_id {
        if super::owned_domain(&state, org, domain).await.is_err() {
            problems.push(Problem::new("domainId", "no such domain"));
        }
    }
    if !problems.is_empty() {
        let mut e = invalid("invalid webhook", &problems);
        e.status = StatusCode::BAD_REQUEST;
        return Err(e);
    }
    if state.store.list_webhooks(org).await?.len() >= MAX_WEBHOOKS {
        return Err(ApiError::bad_request(format!(
            "an organisation has at most {MAX_WEBHOOKS} webhooks"
        )));
    }
    let secret = hooks::new_secret();
    let hook = state
        .store
        .create_webhook(NewWebhook {
            org_id: org.clone(),
            domain_id: body.domain_id,
            url,
            events,
            secret: secret.clone(),
        })
        .await?;
    hooks::forget(&state);
    tracing::info!(webhook = %hook.id, by = %auth.0.user.user_id, "webhook added");
    let created = WebhookCreated {
        webhook: Webhook::from(&hook),
        secret,
    };
    Ok((StatusCode::CREATED, no_store(Json(created))).into_response())
}

/// The webhook, if it is the owner's organisation's (else 404).
async fn owned(
    state: &AppState,
    auth: &OwnerAuth,
    id: &str,
) -> Result<beckon_store::Webhook, ApiError> {
    match state.store.get_webhook(id).await {
        Ok(h) if h.org_id == auth.0.user.org_id => Ok(h),
        Ok(_) | Err(StoreError::NotFound) => Err(ApiError::not_found("no such webhook")),
        Err(e) => Err(e.into()),
    }
}

#[utoipa::path(
    delete,
    path = "/v1/owner/webhooks/{id}",
    tag = "owner",
    summary = "Remove a webhook and its deliveries' log",
    params(("id" = String, Path, description = "webhook id")),
    security(("session" = [], "csrf" = []), ("session" = [], "sameOrigin" = [])),
    responses(
        (status = 204, description = "removed"),
        (status = 404, description = "no such webhook", body = ErrorBody),
        OwnerWriteErrors,
    )
)]
async fn remove_webhook(
    State(state): State<AppState>,
    auth: OwnerAuth,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let hook = owned(&state, &auth, &id).await?;
    state.store.delete_webhook(&hook.id).await?;
    hooks::forget(&state);
    tracing::info!(webhook = %hook.id, by = %auth.0.user.user_id, "webhook removed");
    Ok(StatusCode::NO_CONTENT.into_response())
}

#[utoipa::path(
    post,
    path = "/v1/owner/webhooks/{id}/test",
    tag = "owner",
    summary = "Send a test event (`webhook.test`) to the webhook; its delivery is logged",
    params(("id" = String, Path, description = "webhook id")),
    security(("session" = [], "csrf" = []), ("session" = [], "sameOrigin" = [])),
    responses(
        (status = 202, description = "queued: the delivery", body = WebhookDelivery),
        (status = 404, description = "no such webhook", body = ErrorBody),
        OwnerWriteErrors,
    )
)]
async fn test_webhook(
    State(state): State<AppState>,
    auth: OwnerAuth,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let hook = owned(&state, &auth, &id).await?;
    let data = json!({ "webhookId": hook.id, "message": "A test event from Beckon." });
    let queued = hooks::queue(
        &state,
        std::slice::from_ref(&hook.id),
        TEST_EVENT,
        None,
        data,
    )
    .await;
    let Some(delivery) = queued.first() else {
        return Err(ApiError::internal());
    };
    Ok((
        StatusCode::ACCEPTED,
        no_store(Json(WebhookDelivery::from(delivery))),
    )
        .into_response())
}

#[utoipa::path(
    get,
    path = "/v1/owner/webhooks/{id}/deliveries",
    tag = "owner",
    summary = "The webhook's latest deliveries, newest first",
    params(("id" = String, Path, description = "webhook id")),
    security(("session" = [])),
    responses(
        (status = 200, description = "deliveries", body = WebhookDeliveryList),
        (status = 404, description = "no such webhook", body = ErrorBody),
        OwnerErrors,
    )
)]
async fn webhook_deliveries(
    State(state): State<AppState>,
    auth: OwnerAuth,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let hook = owned(&state, &auth, &id).await?;
    let list = state
        .store
        .webhook_deliveries(&hook.id, KEPT_DELIVERIES)
        .await?;
    Ok(no_store(Json(WebhookDeliveryList {
        deliveries: list.iter().map(WebhookDelivery::from).collect(),
    })))
}

#[utoipa::path(
    post,
    path = "/v1/owner/webhooks/{id}/deliveries/{deliveryId}/resend",
    tag = "owner",
    summary = "Send a delivery again (same webhook-id and body), retried for 24 hours",
    params(
        ("id" = String, Path, description = "webhook id"),
        ("deliveryId" = String, Path, description = "delivery id"),
    ),
    security(("session" = [], "csrf" = []), ("session" = [], "sameOrigin" = [])),
    responses(
        (status = 202, description = "queued: the delivery", body = WebhookDelivery),
        (status = 404, description = "no such webhook or delivery", body = ErrorBody),
        OwnerWriteErrors,
    )
)]
async fn resend_webhook_delivery(
    State(state): State<AppState>,
    auth: OwnerAuth,
    Path((id, delivery_id)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let hook = owned(&state, &auth, &id).await?;
    match state.store.get_webhook_delivery(&delivery_id).await {
        Ok(d) if d.webhook_id == hook.id => {}
        Ok(_) | Err(StoreError::NotFound) => return Err(ApiError::not_found("no such delivery")),
        Err(e) => return Err(e.into()),
    }
    let retry_for = i64::try_from(RETRY_FOR.as_millis()).expect("fits");
    let d = state
        .store
        .resend_webhook_delivery(&delivery_id, retry_for)
        .await?;
    state.jobs_added.notify_one();
    Ok((
        StatusCode::ACCEPTED,
        no_store(Json(WebhookDelivery::from(&d))),
    )
        .into_response())
}
