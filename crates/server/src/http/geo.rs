//! `GET /api/v1/geo[?ip=]` → `{ip, country_code}`; `country_code` is null when unknown or when
//! no database is configured. Without `ip`, the client's own address (see `geo::client_ip`).

use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, Method};
use axum::response::Response;
use axum::routing::get;
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::json;
use tower_http::cors::{Any, CorsLayer};

use crate::error::ApiError;
use crate::state::AppState;
use crate::wire::{no_store, ApiQuery};

pub fn routes() -> Router<AppState> {
    Router::new().route("/v1/geo", get(lookup)).layer(
        CorsLayer::new()
            .allow_origin(Any)
            .allow_methods([Method::GET]),
    )
}

#[derive(Deserialize)]
struct GeoQuery {
    ip: Option<String>,
}

async fn lookup(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    ApiQuery(q): ApiQuery<GeoQuery>,
) -> Result<Response, ApiError> {
    let ip: IpAddr = match q.ip.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        Some(s) => s
            .parse::<IpAddr>()
            .map_err(|_| ApiError::bad_request(format!("ip {s:?} is not an IP address")))?
            .to_canonical(),
        None => crate::geo::client_ip(peer, &headers, &state.trusted_proxies),
    };
    let country = state.geo.as_ref().and_then(|g| g.country_code(ip));
    Ok(no_store(Json(
        json!({ "ip": ip.to_string(), "country_code": country }),
    )))
}
