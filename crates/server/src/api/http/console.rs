//! The console (agents answer chats, owners configure Beckon): the built React app of
//! `web/console/dist` under `/console/`.
//!
//! - files with a content hash in their name (`assets/index-B3xk9_aZ.js`) are cached for a year;
//! - `index.html` is revalidated on every visit (`no-cache` + ETag), so a new build is picked up;
//! - any other path under `/console/` that is not a file answers `index.html`: the app routes in
//!   the browser (`/console/chats/c-…` reloads fine). Paths under `assets/` and `sw.js` never
//!   fall back, so a missing chunk or worker is a 404, not HTML parsed as JavaScript.

use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use tower_http::compression::CompressionLayer;
use utoipa_axum::routes;

use crate::api::http::hosting::{cached_response, IMMUTABLE, SHORT};
use crate::infra::assets::is_hashed_name;
use crate::state::AppState;
use crate::wire::routes::Routes;

/// The app's entry document.
const INDEX: &str = "index.html";
/// Where the bundler writes the hashed files.
const ASSETS: &str = "assets/";
/// The console's service worker (offline, Web Push), revalidated like any unhashed file.
const SERVICE_WORKER: &str = "sw.js";

pub fn routes() -> Routes<AppState> {
    Routes::new()
        .routes(routes!(to_index))
        .routes(routes!(index))
        .routes(routes!(file))
        .layer(CompressionLayer::new().gzip(true).br(true))
        .layer(axum::middleware::from_fn(super::headers::console))
}

#[utoipa::path(
    get,
    path = "/console",
    tag = "hosting",
    summary = "The console's address without its slash",
    responses((status = 308, description = "to /console/"))
)]
async fn to_index() -> Redirect {
    Redirect::permanent("/console/")
}

#[utoipa::path(
    get,
    path = "/console/",
    operation_id = "console_index",
    tag = "hosting",
    summary = "The console (agents answer chats, owners configure): its index page",
    responses(
        (status = 200, description = "HTML (no-cache, ETag)", content_type = "text/html"),
        (status = 304, description = "not modified"),
        (status = 503, description = "the console is not built on this server", content_type = "text/plain"),
    )
)]
async fn index(State(state): State<AppState>, headers: HeaderMap) -> Response {
    serve_index(&state, &headers).await
}

#[utoipa::path(
    get,
    path = "/console/{*path}",
    tag = "hosting",
    summary = "The console's files (hashed assets immutable); any other path answers its index page (the app routes in the browser)",
    params(("path" = String, Path, description = "file or app path")),
    responses(
        (status = 200, description = "the file, or the index page"),
        (status = 304, description = "not modified"),
        (status = 404, description = "no such file under assets/", content_type = "text/plain"),
        (status = 503, description = "the console is not built on this server", content_type = "text/plain"),
    )
)]
async fn file(
    State(state): State<AppState>,
    Path(path): Path<String>,
    headers: HeaderMap,
) -> Response {
    if let Some(asset) = state.console.get(&path).await {
        if path == INDEX {
            return serve_index(&state, &headers).await;
        }
        let cache = HeaderValue::from_static(if is_hashed_name(&path) {
            IMMUTABLE
        } else {
            SHORT
        });
        return cached_response(
            &headers,
            &asset.etag,
            cache,
            asset.content_type,
            asset.bytes.clone(),
        );
    }
    // A missing chunk, or a build without the service worker, is a 404, never the index page
    // (a browser would keep its old worker forever when the script it checks for is HTML).
    if path.starts_with(ASSETS) || path == SERVICE_WORKER {
        return (StatusCode::NOT_FOUND, "not found\n").into_response();
    }
    serve_index(&state, &headers).await
}

async fn serve_index(state: &AppState, headers: &HeaderMap) -> Response {
    serve_page(state, headers, INDEX).await
}

/// One of the console build's HTML pages, revalidated on every visit; 503 when the console is
/// not built. Its security headers (no framing, the CSP) come from `headers::console`.
pub(crate) async fn serve_page(state: &AppState, headers: &HeaderMap, page: &str) -> Response {
    let Some(asset) = state.console.get(page).await else {
        let mut r = (
            StatusCode::SERVICE_UNAVAILABLE,
            "The Beckon console is not built on this server: run `make build` \
             (or `npm run build -w console` in web/), or point --console-dir at a build.\n",
        )
            .into_response();
        r.headers_mut()
            .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
        return r;
    };
    cached_response(
        headers,
        &asset.etag,
        HeaderValue::from_static("no-cache"),
        asset.content_type,
        asset.bytes.clone(),
    )
}
