//! Router assembly: every route area of the HTTP surface, mounted in [`router`].
//!
//! `/api/…` is JSON only (but for `/api/docs`, the page that shows the OpenAPI document): every error is `{"error": "…"}`, unknown routes are 404 JSON, bodies
//! are limited to [`MAX_BODY`]. Each area has its own module with a `routes()` function; the
//! bodies they read and answer are the types of `crate::wire`, and the chat logic they share
//! with the realtime hub is `crate::service::chat`.

use std::any::Any;

use axum::extract::{DefaultBodyLimit, OriginalUri, Request};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Router;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::trace::TraceLayer;

use crate::state::AppState;
use crate::wire::api_error::{json_error, ApiError};

pub mod agent;
pub mod auth;
pub mod canned;
pub mod chat;
pub mod console;
pub mod continuation;
pub mod files;
pub mod geo;
pub mod headers;
pub mod hosting;
pub mod link_page;
pub mod notes;
pub mod notifications;
pub mod openapi;
pub mod ops;
pub mod owner;
pub mod signup;
pub mod stats;
pub mod unsubscribe;

use crate::wire::routes::Routes;
use crate::wire::MAX_BODY;
// For the route modules' convenience: these live in the wire layer (below `accounts` and
// `realtime`, which use them too).
pub use crate::wire::{iso_time, no_store, ApiQuery, JsonBody};

/// Every route of the HTTP surface with its documentation (`wire::routes`). `state` is what the
/// chat area's CORS layer reads; the document alone (`openapi::document`) is built without one.
pub(crate) fn surface(state: Option<&AppState>) -> Routes<AppState> {
    let api = Routes::new()
        .merge(chat::routes(state))
        .merge(stats::routes())
        .merge(geo::routes())
        .merge(crate::api::realtime::routes()) // realtime: GET /api/v1/realtime (WebSocket)
        .merge(auth::routes())
        .merge(signup::routes())
        .merge(owner::routes())
        .merge(agent::routes())
        .merge(notes::routes())
        .merge(canned::routes())
        .merge(notifications::routes())
        .merge(openapi::routes())
        .fallback(api_not_found)
        // Not `method_not_allowed_fallback`: it would replace the fallbacks that the areas'
        // CORS layers wrap, and preflight requests would get 405.
        .layer(axum::middleware::map_response(json_method_not_allowed));
    Routes::new()
        .nest("/api", api)
        .merge(hosting::routes())
        .merge(continuation::routes())
        .merge(files::routes())
        .merge(unsubscribe::routes())
        .merge(ops::routes())
        .merge(console::routes())
}

/// The whole HTTP surface.
pub fn router(state: AppState) -> Router {
    let (routes, _document) = surface(Some(&state)).split();
    routes
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(axum::middleware::from_fn(refuse_nul_in_url))
        .layer(headers::every_response())
        .layer(CatchPanicLayer::custom(panic_response))
        .layer(TraceLayer::new_for_http().make_span_with(request_span))
        .with_state(state)
}

/// The span each request is traced in: its method and path, never the query (the chat calls
/// carry the visitor's persona id there, a credential, and the realtime upgrade its token).
fn request_span(req: &axum::http::Request<axum::body::Body>) -> tracing::Span {
    tracing::debug_span!("request", method = %req.method(), path = %req.uri().path())
}

async fn api_not_found(OriginalUri(uri): OriginalUri) -> ApiError {
    ApiError::not_found(format!("no such API route: {}", uri.path()))
}

/// axum's bare 405 becomes a JSON one.
async fn json_method_not_allowed(resp: Response) -> Response {
    if resp.status() == StatusCode::METHOD_NOT_ALLOWED
        && !resp
            .headers()
            .contains_key(axum::http::header::CONTENT_TYPE)
    {
        let allow = resp.headers().get(axum::http::header::ALLOW).cloned();
        let mut r = json_error(
            StatusCode::METHOD_NOT_ALLOWED,
            "this method is not allowed on this API route",
        );
        if let Some(a) = allow {
            r.headers_mut().insert(axum::http::header::ALLOW, a);
        }
        return r;
    }
    resp
}

fn panic_response(_: Box<dyn Any + Send + 'static>) -> Response {
    tracing::error!("a request handler panicked");
    json_error(StatusCode::INTERNAL_SERVER_ERROR, "internal server error")
}

/// A URL whose path or query holds U+0000 (`%00`) is refused (400) before any route sees it.
async fn refuse_nul_in_url(req: Request, next: axum::middleware::Next) -> Response {
    let uri = req.uri();
    if uri.path().contains("%00") || uri.query().is_some_and(|q| q.contains("%00")) {
        return ApiError::bad_request(format!(
            "the URL is not valid: {} (%00)",
            beckon_model::NUL_REFUSED
        ))
        .into_response();
    }
    next.run(req).await
}
