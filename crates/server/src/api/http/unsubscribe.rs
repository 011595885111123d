//! `/u/{token}`: the link at the foot of every notification mail to an agent, and its
//! `List-Unsubscribe` header. `GET` is a page with one button; `POST` (the button, or a mail
//! client's one-click request of RFC 8058) turns that account's notification mail off. The token
//! is signed for this purpose and names the account (`infra/token.rs`, a year); the console turns the
//! mail back on (its Notifications settings).

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use utoipa_axum::routes;

use super::link_page::link_page;
use crate::infra::mail::html;
use crate::infra::token::{Purpose, TokenError};
use crate::state::AppState;
use crate::wire::api_error::ApiError;
use crate::wire::routes::Routes;
use beckon_store::{NotifyChoices, StoreError};

const CSP: &str = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; \
     base-uri 'none'; frame-ancestors 'none'";
pub fn routes() -> Routes<AppState> {
    Routes::new().routes(routes!(ask, stop))
}

#[utoipa::path(
    get,
    path = "/u/{token}",
    tag = "hosting",
    summary = "The unsubscribe link of a notification mail: a page that asks",
    params(("token" = String, Path, description = "the link's token")),
    responses(
        (status = 200, description = "the page, with its one button", content_type = "text/html"),
        (status = 404, description = "not a link of this server's", content_type = "text/html"),
        (status = 410, description = "the link has expired", content_type = "text/html"),
    )
)]
async fn ask(State(state): State<AppState>, Path(token): Path<String>) -> Response {
    match account(&state, &token).await {
        Err(e) => page(e.status, "This link cannot be used", &e.message, ""),
        Ok(email) => page(
            StatusCode::OK,
            "Stop notification e-mails?",
            &format!("{email} will no longer be mailed about visitors who wait."),
            "<form method=\"post\"><button type=\"submit\">Stop these e-mails</button></form>",
        ),
    }
}

#[utoipa::path(
    post,
    path = "/u/{token}",
    tag = "hosting",
    summary = "Stop the notification mail of the link's account (its page's button, or a mail client's one-click request)",
    params(("token" = String, Path, description = "the link's token")),
    responses(
        (status = 200, description = "stopped", content_type = "text/html"),
        (status = 404, description = "not a link of this server's", content_type = "text/html"),
        (status = 410, description = "the link has expired", content_type = "text/html"),
    )
)]
async fn stop(State(state): State<AppState>, Path(token): Path<String>) -> Response {
    let user_id = match verified(&state, &token) {
        Ok(u) => u,
        Err(e) => return page(e.status, "This link cannot be used", &e.message, ""),
    };
    let result = async {
        let now = state.store.notify_choices(&user_id).await?;
        state
            .store
            .set_notify_choices(
                &user_id,
                NotifyChoices {
                    email: false,
                    ..now
                },
            )
            .await
    }
    .await;
    match result {
        Ok(()) => page(
            StatusCode::OK,
            "Notification e-mails stopped",
            "You will no longer be mailed about visitors who wait. Turn the mail back on in the console, under Notifications.",
            "",
        ),
        Err(e) => {
            tracing::error!(error = %e, "unsubscribe: store error");
            page(
                StatusCode::INTERNAL_SERVER_ERROR,
                "Something went wrong",
                "Please try again in a moment.",
                "",
            )
        }
    }
}

/// The account a token names, when it is one of ours and unexpired.
fn verified(state: &AppState, token: &str) -> Result<String, ApiError> {
    match state
        .tokens
        .verify_for(Purpose::Unsubscribe, token.trim(), state.store.now())
    {
        Ok(c) => Ok(c.persona_id),
        Err(TokenError::Expired) => Err(ApiError::gone(
            "This link has expired. Choose what you are told about in the console, under Notifications.",
        )),
        Err(_) => Err(ApiError::not_found("This link is not one of ours.")),
    }
}

/// The e-mail address of the account a token names (the account must still exist).
async fn account(state: &AppState, token: &str) -> Result<String, ApiError> {
    let user_id = verified(state, token)?;
    match state.store.get_user(&user_id).await {
        Ok(u) => Ok(u.email),
        Err(StoreError::NotFound) => Err(ApiError::not_found("This account no longer exists.")),
        Err(e) => Err(e.into()),
    }
}

/// A page that says `text`, with `form` (HTML) under it.
fn page(status: StatusCode, title: &str, text: &str, form: &str) -> Response {
    link_page(status, title, &format!("<p>{}</p>{form}", html(text)), CSP)
}
