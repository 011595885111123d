//! `/u/{token}`: the link at the foot of every notification mail to an agent, and its
//! `List-Unsubscribe` header. `GET` is a page with one button; `POST` (the button, or a mail
//! client's one-click request of RFC 8058) turns that account's notification mail off. The token
//! is signed for this purpose and names the account (`token.rs`, a year); the console turns the
//! mail back on (its Notifications settings).

use axum::extract::{Path, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use utoipa_axum::routes;

use crate::error::ApiError;
use crate::mail::html;
use crate::state::AppState;
use crate::store::{NotifyChoices, StoreError};
use crate::token::{Purpose, TokenError};
use crate::wire::routes::Routes;

const CSP: &str = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; \
     base-uri 'none'; frame-ancestors 'none'";
const STYLE: &str =
    "body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#f6f7f9;color:#1b1f24}\
     main{max-width:36rem;margin:0 auto;padding:2rem 1rem}h1{font-size:1.4rem}\
     button{font:inherit;padding:.5rem 1rem;border-radius:8px;border:1px solid #1a56db;\
     background:#1a56db;color:#fff;cursor:pointer}button:focus-visible{outline:3px solid #1b1f24;\
     outline-offset:2px}";

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

fn page(status: StatusCode, title: &str, text: &str, form: &str) -> Response {
    let doc = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <meta name=\"referrer\" content=\"no-referrer\"><title>{t}</title><style>{STYLE}</style>\
         </head><body><main><h1>{t}</h1><p>{p}</p>{form}</main></body></html>",
        t = html(title),
        p = html(text),
    );
    let mut r = (status, doc).into_response();
    let h = r.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    r
}
