//! CORS for the chat API: the origins of the chat's domain, and this server's own.

use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::PREFIX;
use crate::state::AppState;
use crate::wire::api_error::ApiError;
use beckon_store::{Domain, StoreError};

/// The domain the request is about, from its path (`None` when there is none).
async fn domain_of_path(state: &AppState, path: &str) -> Result<Option<Domain>, StoreError> {
    let Some(rest) = path.strip_prefix(PREFIX) else {
        return Ok(None);
    };
    let segs: Vec<&str> = rest.trim_start_matches('/').split('/').collect();
    let channel_domain = |id: String| async move {
        match state.store.get_channel(&id).await {
            Ok(c) => state.store.get_domain(&c.domain_id).await.map(Some),
            Err(StoreError::NotFound) => Ok(None),
            Err(e) => Err(e),
        }
    };
    match segs.as_slice() {
        ["channel", id, ..] => channel_domain(id.to_string()).await,
        ["channels", "domain", id] => match state.store.get_domain(id).await {
            Ok(d) => Ok(Some(d)),
            Err(StoreError::NotFound) => Ok(None),
            Err(e) => Err(e),
        },
        ["channels", "available", id] => match state.store.get_domain(id).await {
            Ok(d) => Ok(Some(d)),
            Err(StoreError::NotFound) => channel_domain(id.to_string()).await,
            Err(e) => Err(e),
        },
        _ => Ok(None),
    }
}

pub(super) async fn cors(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let Some(origin) = req
        .headers()
        .get(header::ORIGIN)
        .and_then(|o| o.to_str().ok())
        .map(str::to_owned)
    else {
        return next.run(req).await;
    };
    let own = state.public_origin(req.headers());
    let allowed = if origin.eq_ignore_ascii_case(&own) {
        true
    } else {
        match domain_of_path(&state, req.uri().path()).await {
            // Nothing to protect: let the widget read the 404.
            Ok(None) => true,
            // An origin is scheme://host[:port]; "null" (a sandboxed page) is no domain's.
            Ok(Some(domain)) => origin.contains("://") && domain.matches_host(&origin),
            Err(e) => return ApiError::from(e).into_response(),
        }
    };
    let preflight = req.method() == Method::OPTIONS
        && req
            .headers()
            .contains_key(header::ACCESS_CONTROL_REQUEST_METHOD);
    if !allowed {
        return ApiError::forbidden(format!(
            "the origin {origin} is not one of this chat's domains"
        ))
        .into_response();
    }
    let mut resp = if preflight {
        let mut r = StatusCode::NO_CONTENT.into_response();
        let h = r.headers_mut();
        h.insert(
            header::ACCESS_CONTROL_ALLOW_METHODS,
            HeaderValue::from_static("GET, POST, OPTIONS"),
        );
        h.insert(
            header::ACCESS_CONTROL_ALLOW_HEADERS,
            HeaderValue::from_static("content-type"),
        );
        h.insert(
            header::ACCESS_CONTROL_MAX_AGE,
            HeaderValue::from_static("600"),
        );
        r
    } else {
        next.run(req).await
    };
    if let Ok(v) = HeaderValue::from_str(&origin) {
        let h = resp.headers_mut();
        h.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, v);
        h.append(header::VARY, HeaderValue::from_static("Origin"));
    }
    resp
}
