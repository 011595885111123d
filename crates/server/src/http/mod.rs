//! Router assembly and the extractors every route uses.
//!
//! `/api/…` is JSON only: every error is `{"error": "…"}`, unknown routes are 404 JSON, bodies
//! are limited to [`MAX_BODY`]. Each area has its own module with a `routes()` function;
//! mount new areas (agent and owner APIs, the realtime endpoint) in [`router`].

use std::any::Any;

use axum::extract::{DefaultBodyLimit, FromRequest, FromRequestParts, OriginalUri, Request};
use axum::http::request::Parts;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Router;
use bytes::Bytes;
use serde::de::DeserializeOwned;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::trace::TraceLayer;

use crate::error::{json_error, ApiError};
use crate::state::AppState;

pub mod agent;
pub mod chat;
pub mod console;
pub mod geo;
pub mod headers;
pub mod hosting;
pub mod ops;
pub mod owner;
pub mod publishing;
pub mod stats;

/// Request bodies above this are refused with 413.
pub const MAX_BODY: usize = 64 * 1024;

/// The whole HTTP surface.
pub fn router(state: AppState) -> Router {
    let api = Router::new()
        .merge(chat::routes(state.clone()))
        .merge(stats::routes())
        .merge(geo::routes())
        .merge(crate::realtime::routes()) // realtime: GET /api/v1/realtime (WebSocket)
        .merge(crate::accounts::routes::routes())
        .merge(crate::accounts::signup::routes())
        .merge(owner::routes())
        .merge(publishing::routes())
        .merge(agent::routes())
        .merge(crate::openapi::routes())
        // Mount further API areas here, e.g. `.merge(agent::routes())`, `.merge(owner::routes())`
        // and the realtime endpoint.
        .fallback(api_not_found)
        // Not `method_not_allowed_fallback`: it would replace the fallbacks that the areas'
        // CORS layers wrap, and preflight requests would get 405.
        .layer(axum::middleware::map_response(json_method_not_allowed));
    Router::new()
        .nest("/api", api)
        .merge(hosting::routes())
        .merge(ops::routes())
        .merge(console::routes())
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

/// A JSON request body, whatever its Content-Type says; errors as JSON (400, 413).
pub struct JsonBody<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let bytes = Bytes::from_request(req, state).await.map_err(|e| {
            if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::new(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    format!("the request body is larger than {} KiB", MAX_BODY / 1024),
                )
            } else {
                ApiError::bad_request(format!("cannot read the request body: {e}"))
            }
        })?;
        if bytes.is_empty() {
            return Err(ApiError::bad_request(
                "the request body is empty; JSON expected",
            ));
        }
        refuse_nul(&bytes)?;
        serde_json::from_slice(&bytes)
            .map(JsonBody)
            .map_err(|e| ApiError::bad_request(format!("the request body is not valid: {e}")))
    }
}

/// A JSON body with U+0000 in any string is refused (400, naming the field): see
/// `beckon_model::nul_path`.
pub fn refuse_nul(json: &[u8]) -> Result<(), ApiError> {
    if !beckon_model::may_hold_nul(json) {
        return Ok(());
    }
    let Ok(v) = serde_json::from_slice::<serde_json::Value>(json) else {
        return Ok(()); // the caller's own parse says what is wrong
    };
    match beckon_model::nul_path(&v) {
        Some(path) if path.is_empty() => Err(ApiError::bad_request(format!(
            "the request body is not valid: {}",
            beckon_model::NUL_REFUSED
        ))),
        Some(path) => Err(ApiError::bad_request(format!(
            "the request body is not valid: {path}: {}",
            beckon_model::NUL_REFUSED
        ))),
        None => Ok(()),
    }
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

/// Query parameters; errors as JSON 400.
pub struct ApiQuery<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for ApiQuery<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        axum::extract::Query::<T>::from_request_parts(parts, state)
            .await
            .map(|q| ApiQuery(q.0))
            .map_err(|e| ApiError::bad_request(format!("invalid query parameters: {e}")))
    }
}

/// Unix milliseconds as an RFC 3339 UTC time with milliseconds.
pub fn iso_time(ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(ms)
        .unwrap_or_default()
        .to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

/// A response with `Cache-Control: no-store`.
pub fn no_store(resp: impl IntoResponse) -> Response {
    let mut r = resp.into_response();
    r.headers_mut().insert(
        axum::http::header::CACHE_CONTROL,
        axum::http::HeaderValue::from_static("no-store"),
    );
    r
}
