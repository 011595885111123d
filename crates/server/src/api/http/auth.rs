//! `/api/v1/auth/…`: login, logout, who am I, change my password; and the extractors the owner
//! and agent routes use ([`AgentAuth`], [`OwnerAuth`]).
//!
//! Each route, with its bodies and answers: `/api/docs` on a running server, or docs/openapi.json.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::{ConnectInfo, FromRequestParts, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use utoipa_axum::routes;

use crate::engine::hub::revoke::{end_logins, Ended};
use crate::infra::ratelimit::{Rate, RateLimiter};
use crate::service::accounts::session::{self, Authenticated};
use crate::service::accounts::throttle::AccountThrottle;
use crate::service::accounts::users::{invalid, normalise_email};
use crate::service::accounts::{password, Role};
use crate::state::AppState;
use crate::wire::account::{LoginBody, Organisation, PasswordBody, Session};
use crate::wire::api_error::ApiError;
use crate::wire::error::{AgentWriteErrors, ErrorBody};
use crate::wire::routes::Routes;
use crate::wire::{no_store, JsonBody};
use beckon_store::{now_ms, StoreError, User};

/// Login attempts per client address: a burst of 10, then one every 6 seconds.
pub const LOGIN_RATE: Rate = Rate {
    burst: 10,
    every: Duration::from_secs(6),
};

#[derive(Clone)]
struct LoginLimit(Arc<RateLimiter>, Arc<AccountThrottle>);

pub fn routes() -> Routes<AppState> {
    Routes::new()
        .routes(routes!(login))
        .routes(routes!(logout))
        .routes(routes!(me))
        .routes(routes!(change_password))
        .layer(Extension(LoginLimit(
            Arc::new(RateLimiter::new(LOGIN_RATE)),
            Arc::new(AccountThrottle::default()),
        )))
}

// ---------- extractors ----------

fn not_logged_in() -> ApiError {
    ApiError::new(StatusCode::UNAUTHORIZED, "not logged in")
}

async fn authenticated(parts: &Parts, state: &AppState) -> Result<Authenticated, ApiError> {
    let auth = session::authenticate(state, &parts.headers)
        .await?
        .ok_or_else(not_logged_in)?;
    session::check_csrf(state, &parts.method, &parts.headers, &auth)?;
    Ok(auth)
}

/// A logged-in agent or owner; state-changing requests pass the CSRF check.
pub struct AgentAuth(pub Authenticated);

impl FromRequestParts<AppState> for AgentAuth {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let auth = authenticated(parts, state).await?;
        if auth.user.persona_id.is_empty() {
            return Err(ApiError::forbidden("this account has no chat persona"));
        }
        Ok(AgentAuth(auth))
    }
}

/// A logged-in owner; state-changing requests pass the CSRF check.
pub struct OwnerAuth(pub Authenticated);

impl FromRequestParts<AppState> for OwnerAuth {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let auth = authenticated(parts, state).await?;
        if auth.user.role != Role::Owner {
            return Err(ApiError::forbidden("this needs an owner account"));
        }
        Ok(OwnerAuth(auth))
    }
}

// ---------- handlers ----------

/// Who is logged in with `token`.
pub(crate) async fn session_answer(
    state: &AppState,
    user: &User,
    token: &str,
) -> Result<Session, ApiError> {
    let org = state.store.get_organisation(&user.org_id).await?;
    Ok(Session {
        user: user.into(),
        organisation: Organisation {
            id: org.id,
            name: org.name,
        },
        csrf_token: session::csrf_token(token),
    })
}

#[utoipa::path(
    post,
    path = "/v1/auth/login",
    tag = "auth",
    summary = "Log in: sets the HttpOnly session cookie",
    request_body = LoginBody,
    responses(
        (status = 200, description = "logged in; keep `csrfToken` for writes", body = Session,
            headers(("Set-Cookie" = String, description = "the session cookie"))),
        (status = 401, description = "wrong e-mail or password", body = ErrorBody),
        (status = 403, description = "cross-site login refused", body = ErrorBody),
        (status = 429, description = "too many attempts from this address or for this account; `retryAfter` seconds", body = ErrorBody),
    )
)]
async fn login(
    State(state): State<AppState>,
    Extension(LoginLimit(limit, accounts)): Extension<LoginLimit>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    JsonBody(body): JsonBody<LoginBody>,
) -> Result<Response, ApiError> {
    if session::same_origin(&state, &headers) == Some(false) {
        return Err(ApiError::forbidden(
            "cross-site login refused: the Origin is not this server",
        ));
    }
    let ip = crate::infra::geo::client_ip(peer, &headers, &state.trusted_proxies);
    if let Err(wait) = limit.check(ip) {
        return Err(ApiError::too_many("login attempts from this address", wait));
    }
    if body.password.len() > password::MAX_LEN {
        return Err(wrong_login());
    }
    let email = normalise_email(&body.email);
    if let Err(wait) = accounts.check(&email, ip, Instant::now()) {
        return Err(ApiError::too_many("login attempts for this account", wait));
    }
    let user = match state.store.get_user_by_email(&email).await {
        Ok(u) => Some(u),
        Err(StoreError::NotFound) => None,
        Err(e) => return Err(e.into()),
    };
    let hash = user.as_ref().map_or_else(
        || password::dummy_hash().to_owned(),
        |u| u.password_hash.clone(),
    );
    let ok = password::verify(&body.password, &hash).await;
    let user_id = user.as_ref().map(|u| u.id.clone());
    let Some(user) = user.filter(|_| ok) else {
        tracing::info!(%ip, "failed login");
        if let Some(wait) = accounts.failed(&email, Instant::now()) {
            // Logged, nobody notified: the wait is short and the owner of the account can
            // still log in from an address it used before.
            tracing::warn!(
                %ip,
                user = user_id.as_deref().unwrap_or("(no such account)"),
                wait_s = wait.as_secs(),
                "repeated failed logins: the account is held"
            );
        }
        return Err(wrong_login());
    };
    accounts.succeeded(&email, ip);
    let _ = state.store.delete_expired_sessions(now_ms()).await;
    let (token, _) = session::start_session(&state, &user).await?;
    tracing::info!(user = %user.id, "login");
    let mut r = no_store(Json(session_answer(&state, &user, &token).await?));
    r.headers_mut().insert(
        header::SET_COOKIE,
        session::session_cookie(&token, session::secure_cookies(&state, &headers)),
    );
    Ok(r)
}

fn wrong_login() -> ApiError {
    ApiError::new(StatusCode::UNAUTHORIZED, "wrong e-mail or password")
}

#[utoipa::path(
    post,
    path = "/v1/auth/logout",
    tag = "auth",
    summary = "Log out: ends the session, clears the cookie, gives up presence",
    responses(
        (status = 204, description = "logged out (also without a session)"),
        (status = 403, description = "the CSRF check failed", body = ErrorBody),
    )
)]
async fn logout(State(state): State<AppState>, headers: HeaderMap) -> Result<Response, ApiError> {
    if let Some(auth) = session::authenticate(&state, &headers).await? {
        session::check_csrf(&state, &axum::http::Method::POST, &headers, &auth)?;
        state.store.delete_session(&auth.session.id).await?;
        end_logins(
            &state.realtime,
            &auth.user.user_id,
            Ended::Session(auth.session.id.clone()),
        )
        .await;
        crate::service::chat::availability::go_away(&state, &auth.user.org_id, &auth.user.user_id)
            .await;
    }
    let mut r = StatusCode::NO_CONTENT.into_response();
    r.headers_mut().insert(
        header::SET_COOKIE,
        session::clear_cookie(session::secure_cookies(&state, &headers)),
    );
    Ok(r)
}

#[utoipa::path(
    get,
    path = "/v1/auth/me",
    tag = "auth",
    summary = "Who is logged in (refreshes the cookie)",
    security(("session" = [])),
    responses(
        (status = 200, description = "the session", body = Session),
        (status = 401, description = "not logged in", body = ErrorBody),
    )
)]
async fn me(State(state): State<AppState>, headers: HeaderMap) -> Result<Response, ApiError> {
    let auth = session::authenticate(&state, &headers)
        .await?
        .ok_or_else(not_logged_in)?;
    let user = state.store.get_user(&auth.user.user_id).await?;
    let mut r = no_store(Json(session_answer(&state, &user, &auth.token).await?));
    // The cookie slides with the session.
    r.headers_mut().insert(
        header::SET_COOKIE,
        session::session_cookie(&auth.token, session::secure_cookies(&state, &headers)),
    );
    Ok(r)
}

#[utoipa::path(
    post,
    path = "/v1/auth/password",
    tag = "auth",
    summary = "Change your own password (other sessions end)",
    request_body = PasswordBody,
    security(("session" = [], "csrf" = []), ("session" = [], "sameOrigin" = [])),
    responses(
        (status = 204, description = "changed"),
        (status = 403, description = "the current password is wrong", body = ErrorBody),
        (status = 422, description = "the new password is too short: `problems`", body = ErrorBody),
        AgentWriteErrors,
    )
)]
async fn change_password(
    State(state): State<AppState>,
    AgentAuth(auth): AgentAuth,
    JsonBody(body): JsonBody<PasswordBody>,
) -> Result<Response, ApiError> {
    let user = state.store.get_user(&auth.user.user_id).await?;
    if !password::verify(&body.current_password, &user.password_hash).await {
        return Err(ApiError::forbidden("the current password is wrong"));
    }
    if let Some(w) = password::weakness(&body.new_password) {
        return Err(invalid(
            "invalid password",
            &[beckon_model::Problem::new("newPassword", w)],
        ));
    }
    let hash = password::hash(&body.new_password).await;
    state.store.set_user_password_hash(&user.id, &hash).await?;
    // Every other session ends; this one stays.
    state.store.delete_user_sessions(&user.id).await?;
    state.store.create_session(auth.session.clone()).await?;
    end_logins(
        &state.realtime,
        &user.id,
        Ended::AllBut(Some(auth.session.id.clone())),
    )
    .await;
    Ok(StatusCode::NO_CONTENT.into_response())
}
