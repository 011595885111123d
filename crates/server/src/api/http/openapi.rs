//! The OpenAPI 3.1 document of the HTTP surface, served at `GET /api/openapi.json`, shown by
//! `GET /api/docs` (Swagger UI, built with the console: web/console/api-docs.html) and checked in
//! as `docs/openapi.json`. Nothing here describes a route: the document is what the mounted
//! routes say of themselves (each handler's `#[utoipa::path]`, the wire types' `ToSchema`), taken
//! from the same [`super::surface`] the server mounts. This module adds what is about the whole
//! API: its title and description, and how to log in (the security schemes).

use std::sync::OnceLock;

use axum::extract::State;
use axum::http::{header, HeaderMap};
use axum::response::{IntoResponse, Response};
use serde_json::{json, Value};
use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityScheme};
use utoipa::OpenApi;
use utoipa_axum::routes;

use crate::state::AppState;
use crate::wire::error::ErrorBody;
use crate::wire::routes::Routes;
use crate::wire::MAX_BODY;

/// Where the document is checked in, from the repository root.
pub const CHECKED_IN: &str = "docs/openapi.json";

/// The console build's page that shows the document.
const DOCS_PAGE: &str = "api-docs.html";

pub fn routes() -> Routes<AppState> {
    let page = Routes::new()
        .routes(routes!(docs_page))
        .layer(axum::middleware::from_fn(super::headers::console));
    Routes::new().routes(routes!(openapi_json)).merge(page)
}

/// What the document says of the API as a whole; the paths come from the routes.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "Beckon API",
        description = "Call-to-action buttons and live chat. Errors are JSON `{\"error\": \"…\"}`, \
            sometimes with more fields (`problems`, `fields`, `retryAfter`). Owner and agent routes \
            need the session cookie from `POST /api/v1/auth/login`; requests that change something \
            also need the `X-Beckon-CSRF` header (the `csrfToken` of login or `GET /api/v1/auth/me`) \
            or an `Origin` header naming this server."
    ),
    components(schemas(ErrorBody)),
    modifiers(&SecuritySchemes)
)]
struct Api;

/// How owner and agent routes authenticate: the session cookie, and for writes the CSRF header
/// or the server's own `Origin` (`service/accounts/session.rs`).
struct SecuritySchemes;

impl utoipa::Modify for SecuritySchemes {
    fn modify(&self, api: &mut utoipa::openapi::OpenApi) {
        let c = api.components.get_or_insert_with(Default::default);
        c.add_security_scheme(
            "session",
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::new(
                crate::service::accounts::session::COOKIE,
            ))),
        );
        c.add_security_scheme(
            "csrf",
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::new(
                crate::service::accounts::session::CSRF_HEADER,
            ))),
        );
        c.add_security_scheme(
            "sameOrigin",
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
                "Origin",
                "this server's own origin",
            ))),
        );
    }
}

/// The document, as served and checked in (pretty JSON, one trailing newline).
pub fn document() -> &'static str {
    static DOC: OnceLock<String> = OnceLock::new();
    DOC.get_or_init(|| {
        let (_, paths) = super::surface(None).split();
        let mut api = Api::openapi();
        api.merge(paths);
        let mut doc = serde_json::to_value(&api).expect("the document is JSON");
        wildcards_as_parameters(&mut doc);
        body_errors(&mut doc);
        let mut text = serde_json::to_string_pretty(&doc).expect("the document is JSON");
        text.push('\n');
        text
    })
}

/// A route's catch-all segment (`/static/{*path}`) is an ordinary path parameter in OpenAPI.
fn wildcards_as_parameters(doc: &mut Value) {
    if let Some(paths) = doc.get_mut("paths").and_then(Value::as_object_mut) {
        *paths = std::mem::take(paths)
            .into_iter()
            .map(|(k, v)| (k.replace("{*", "{"), v))
            .collect();
    }
}

/// What any request body may get, whatever the route (`wire::JsonBody` reads every body, under
/// the router's body limit): 400 when it is not JSON of the expected shape, 413 when it is too
/// large. Added where an operation does not say it already.
fn body_errors(doc: &mut Value) {
    let error = |description: &str| {
        json!({"description": description, "content": {"application/json": {"schema":
            {"$ref": "#/components/schemas/ErrorBody"}}}})
    };
    let Some(paths) = doc.get_mut("paths").and_then(Value::as_object_mut) else {
        return;
    };
    for op in paths.values_mut().filter_map(Value::as_object_mut) {
        for op in op.values_mut() {
            if op.get("requestBody").is_none() {
                continue;
            }
            let Some(responses) = op.get_mut("responses").and_then(Value::as_object_mut) else {
                continue;
            };
            responses
                .entry("400")
                .or_insert_with(|| error("the body is not JSON of the expected shape"));
            responses.entry("413").or_insert_with(|| {
                error(&format!("the body is larger than {} KiB", MAX_BODY / 1024))
            });
            responses.sort_keys();
        }
    }
}

#[utoipa::path(
    get,
    path = "/openapi.json",
    tag = "meta",
    summary = "This document (OpenAPI 3.1)",
    responses((status = 200, description = "the document", content_type = "application/json", body = Object))
)]
async fn openapi_json() -> Response {
    ([(header::CONTENT_TYPE, "application/json")], document()).into_response()
}

#[utoipa::path(
    get,
    path = "/docs",
    tag = "meta",
    summary = "This document, browsable (Swagger UI)",
    responses(
        (status = 200, description = "HTML (no-cache, ETag)", content_type = "text/html"),
        (status = 304, description = "not modified"),
        (status = 503, description = "the console, which carries the page, is not built on this server", content_type = "text/plain"),
    )
)]
async fn docs_page(State(state): State<AppState>, headers: HeaderMap) -> Response {
    super::console::serve_page(&state, &headers, DOCS_PAGE).await
}
