//! Every error the HTTP API answers with: a status and a JSON body `{"error": "<message>"}`,
//! sometimes with more fields (e.g. `fields` for validation errors).

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::{json, Map, Value};

use beckon_store::StoreError;

#[derive(Debug, Clone)]
pub struct ApiError {
    pub status: StatusCode,
    pub message: String,
    /// Extra top-level fields of the body.
    pub extra: Map<String, Value>,
}

impl ApiError {
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        ApiError {
            status,
            message: message.into(),
            extra: Map::new(),
        }
    }
    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, message)
    }
    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, message)
    }
    pub fn forbidden(message: impl Into<String>) -> Self {
        Self::new(StatusCode::FORBIDDEN, message)
    }
    pub fn gone(message: impl Into<String>) -> Self {
        Self::new(StatusCode::GONE, message)
    }
    pub fn internal() -> Self {
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal server error; the server log has the details",
        )
    }
    /// A rate limit's refusal: `429`, "too many {what}; try again in N s" and `retryAfter` (N).
    pub fn too_many(what: &str, wait: std::time::Duration) -> Self {
        let secs = wait.as_secs().max(1);
        Self::new(
            StatusCode::TOO_MANY_REQUESTS,
            format!("too many {what}; try again in {secs} s"),
        )
        .with("retryAfter", json!(secs))
    }
    /// Adds a top-level field to the body.
    pub fn with(mut self, key: &str, value: Value) -> Self {
        self.extra.insert(key.to_owned(), value);
        self
    }
}

/// The body a 410 answers for an ended chat (spec §8 shows the widget's own text).
pub const CHAT_ENDED: &str = "This chat has ended.";

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::NotFound => ApiError::not_found("not found"),
            StoreError::ChannelEnded => ApiError::gone(CHAT_ENDED),
            StoreError::Conflict(m) => ApiError::new(StatusCode::CONFLICT, m),
            StoreError::Invalid(m) => ApiError::bad_request(m),
            StoreError::ClientIdTaken => {
                ApiError::new(StatusCode::CONFLICT, beckon_store::CLIENT_ID_TAKEN)
            }
            other => {
                tracing::error!(error = %other, "store error");
                ApiError::internal()
            }
        }
    }
}

/// A numeric `retryAfter` field (seconds) also becomes a `Retry-After` header.
impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let retry_after = self.extra.get("retryAfter").and_then(Value::as_u64);
        let mut body = Map::new();
        body.insert("error".into(), Value::String(self.message));
        body.extend(self.extra);
        let mut r = (self.status, axum::Json(Value::Object(body))).into_response();
        if let Some(secs) = retry_after {
            r.headers_mut()
                .insert(axum::http::header::RETRY_AFTER, secs.into());
        }
        r
    }
}

/// A JSON error response from a status and message.
pub fn json_error(status: StatusCode, message: &str) -> Response {
    (status, axum::Json(json!({ "error": message }))).into_response()
}
