//! Sign-up, when the operator turns it on (`beckon serve --allow-signup`): anyone may create an
//! owner account with a new organisation of their own, and is logged in at once (the console's
//! onboarding takes over from its empty Domains screen).
//!
//! Each route, with its bodies and answers: `/api/docs` on a running server, or docs/openapi.json.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::{ConnectInfo, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use utoipa_axum::routes;

use super::auth::{session_answer, LOGIN_RATE};
use crate::infra::ratelimit::RateLimiter;
use crate::service::accounts::session;
use crate::service::accounts::users::{create_account, invalid, NewAccount};
use crate::state::AppState;
use crate::wire::account::{Session, SignupBody, SignupState};
use crate::wire::api_error::ApiError;
use crate::wire::error::ErrorBody;
use crate::wire::routes::Routes;
use crate::wire::{no_store, JsonBody};
use beckon_model::Problem;
use beckon_store::Role;

#[derive(Clone)]
struct SignupLimit(Arc<RateLimiter>);

pub fn routes() -> Routes<AppState> {
    Routes::new()
        .routes(routes!(enabled, signup))
        .layer(Extension(SignupLimit(Arc::new(RateLimiter::new(
            LOGIN_RATE,
        )))))
}

/// Longest organisation name.
pub const MAX_ORG_NAME: usize = 200;

#[utoipa::path(
    get,
    path = "/v1/auth/signup",
    tag = "auth",
    summary = "Whether this server lets anyone sign up (`--allow-signup`)",
    responses((status = 200, description = "on or off", body = SignupState))
)]
async fn enabled(State(state): State<AppState>) -> Response {
    no_store(Json(SignupState {
        enabled: state.allow_signup,
    }))
}

#[utoipa::path(
    post,
    path = "/v1/auth/signup",
    tag = "auth",
    summary = "Sign up: a new owner account with an organisation of its own, logged in at once (session cookie, as a login)",
    request_body = SignupBody,
    responses(
        (status = 201, description = "signed up and logged in", body = Session,
            headers(("Set-Cookie" = String, description = "the session cookie"))),
        (status = 403, description = "cross-site sign-up refused", body = ErrorBody),
        (status = 404, description = "sign-up is off on this server", body = ErrorBody),
        (status = 409, description = "the e-mail already has an account", body = ErrorBody),
        (status = 422, description = "every problem: `problems`", body = ErrorBody),
        (status = 429, description = "too many sign-ups from this address: `retryAfter`", body = ErrorBody),
    )
)]
async fn signup(
    State(state): State<AppState>,
    Extension(SignupLimit(limit)): Extension<SignupLimit>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    JsonBody(body): JsonBody<SignupBody>,
) -> Result<Response, ApiError> {
    if !state.allow_signup {
        return Err(ApiError::not_found(
            "sign-up is off on this server; ask its operator for an account",
        ));
    }
    if session::same_origin(&state, &headers) == Some(false) {
        return Err(ApiError::forbidden(
            "cross-site sign-up refused: the Origin is not this server",
        ));
    }
    let ip = crate::infra::geo::client_ip(peer, &headers, &state.trusted_proxies);
    if let Err(wait) = limit.check(ip) {
        return Err(ApiError::too_many("sign-ups from this address", wait));
    }
    let name = body.name.trim().to_owned();
    let org_name = body
        .organisation
        .as_deref()
        .map(str::trim)
        .filter(|o| !o.is_empty())
        .map(str::to_owned)
        .unwrap_or_else(|| format!("{name}'s organisation"));
    if org_name.chars().count() > MAX_ORG_NAME || org_name.contains('\0') {
        return Err(invalid(
            "invalid sign-up",
            &[Problem::new(
                "organisation",
                format!("the organisation's name must be at most {MAX_ORG_NAME} characters"),
            )],
        ));
    }
    // The account is checked before the organisation is made, so a refused sign-up leaves none.
    let problems =
        crate::service::accounts::users::account_problems(&body.email, &name, Some(&body.password));
    if !problems.is_empty() {
        return Err(invalid("invalid sign-up", &problems));
    }
    let email = crate::service::accounts::users::normalise_email(&body.email);
    if state.store.get_user_by_email(&email).await.is_ok() {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "this e-mail already has an account: log in instead",
        ));
    }
    let org = state.store.create_organisation(&org_name).await?;
    let user = create_account(
        state.store.as_ref(),
        NewAccount {
            org_id: org.id.clone(),
            email,
            name,
            role: Role::Owner,
            password: body.password,
        },
    )
    .await?;
    tracing::info!(user = %user.id, org = %org.id, "sign-up");
    let (token, _) = session::start_session(&state, &user).await?;
    let mut r = (
        StatusCode::CREATED,
        no_store(Json(session_answer(&state, &user, &token).await?)),
    )
        .into_response();
    r.headers_mut().insert(
        header::SET_COOKIE,
        session::session_cookie(&token, session::secure_cookies(&state, &headers)),
    );
    Ok(r)
}
