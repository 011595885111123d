//! `GET /api/v1/geo[?ip=]` → `{ip, country_code}`; `country_code` is null when unknown or when
//! no database is configured. Without `ip`, the client's own address (see `geo::client_ip`).

use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, Method};
use axum::response::Response;
use axum::Json;
use serde::Deserialize;
use tower_http::cors::{Any, CorsLayer};
use utoipa::IntoParams;
use utoipa_axum::routes;

use crate::state::AppState;
use crate::wire::api_error::ApiError;
use crate::wire::error::ErrorBody;
use crate::wire::routes::Routes;
use crate::wire::widget::GeoAnswer;
use crate::wire::{no_store, ApiQuery};

pub fn routes() -> Routes<AppState> {
    Routes::new().routes(routes!(lookup)).layer(
        CorsLayer::new()
            .allow_origin(Any)
            .allow_methods([Method::GET]),
    )
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct GeoQuery {
    /// An IP address (default: the caller's).
    ip: Option<String>,
}

#[utoipa::path(
    get,
    path = "/v1/geo",
    tag = "geo",
    summary = "Country of an address (the caller's when none is given)",
    params(GeoQuery),
    responses(
        (status = 200, description = "country", body = GeoAnswer),
        (status = 400, description = "not an IP address", body = ErrorBody),
    )
)]
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
        None => crate::infra::geo::client_ip(peer, &headers, &state.trusted_proxies),
    };
    let country = state.geo.as_ref().and_then(|g| g.country_code(ip));
    Ok(no_store(Json(GeoAnswer {
        ip: ip.to_string(),
        country_code: country,
    })))
}
