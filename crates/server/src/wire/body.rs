//! How bodies and query strings are read, for the HTTP API and the realtime upgrade alike:
//! every failure is a JSON error (400, 413) saying what is wrong.

use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use serde::de::DeserializeOwned;

use crate::wire::api_error::ApiError;

/// Request bodies above this are refused with 413.
pub const MAX_BODY: usize = 64 * 1024;

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
