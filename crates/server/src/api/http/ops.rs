//! Operations routes, outside `/api` and never behind a login.
//!
//! Each route, with its bodies and answers: `/api/docs` on a running server, or docs/openapi.json.

use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use utoipa_axum::routes;

use crate::state::AppState;
use crate::wire::routes::Routes;

pub fn routes() -> Routes<AppState> {
    Routes::new()
        .routes(routes!(healthz))
        .routes(routes!(readyz))
        .routes(routes!(metrics))
}

fn text(status: StatusCode, body: String) -> Response {
    (
        status,
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        body,
    )
        .into_response()
}

#[utoipa::path(
    get,
    path = "/healthz",
    tag = "operations",
    summary = "Liveness: the process serves HTTP",
    responses((status = 200, description = "`ok`", content_type = "text/plain"))
)]
async fn healthz() -> Response {
    text(StatusCode::OK, "ok\n".into())
}

/// One line per check (`store: ok`), after `ready` or `not ready`.
#[utoipa::path(
    get,
    path = "/readyz",
    tag = "operations",
    summary = "Readiness: the store (and any other configured dependency) answers; one line per check",
    responses(
        (status = 200, description = "`ready`, then `store: ok` …", content_type = "text/plain"),
        (status = 503, description = "`not ready`, then the checks (reasons are in the server log), or `not ready: shutting down` while draining", content_type = "text/plain"),
    )
)]
async fn readyz(State(state): State<AppState>) -> Response {
    if *state.shutdown.borrow() {
        return text(
            StatusCode::SERVICE_UNAVAILABLE,
            "not ready: shutting down\n".into(),
        );
    }
    let results = crate::infra::ready::check_all(&state.ready).await;
    let all = results.iter().all(|(_, ok)| *ok);
    let mut body = String::from(if all { "ready\n" } else { "not ready\n" });
    for (name, ok) in results {
        let word = if ok {
            "ok"
        } else {
            "unreachable (the server log has the reason)"
        };
        body.push_str(&format!("{name}: {word}\n"));
    }
    let status = if all {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    text(status, body)
}

#[utoipa::path(
    get,
    path = "/metrics",
    tag = "operations",
    summary = "Prometheus metrics (text exposition format); only with `--metrics`, keep it off the public internet",
    responses(
        (status = 200, description = "the metrics", content_type = "text/plain"),
        (status = 404, description = "metrics are off (no `--metrics`)", content_type = "text/plain"),
    )
)]
async fn metrics(State(state): State<AppState>) -> Response {
    match &state.metrics {
        Some(handle) => (
            [
                (
                    header::CONTENT_TYPE,
                    "text/plain; version=0.0.4; charset=utf-8",
                ),
                (header::CACHE_CONTROL, "no-store"),
            ],
            crate::infra::metrics::render(handle),
        )
            .into_response(),
        None => text(
            StatusCode::NOT_FOUND,
            "metrics are off; start the server with --metrics (BECKON_METRICS=true)\n".into(),
        ),
    }
}
