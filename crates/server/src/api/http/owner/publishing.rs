//! Safe publishing and the installation check, under `/api/v1/owner/domains/{id}` (owners only,
//! their organisation's domains; anything else is 404).
//!
//! Each route, with its bodies and answers: `/api/docs` on a running server, or docs/openapi.json.
//!
//! A version is `{version, etag, publishedAt, publishedBy: {id, name} | null, current}`;
//! `publishedBy` is null for versions the CLI published or that predate the history, and its
//! `id` null once the account is removed. A sighting is `{host, url, seenAt}`.

use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::Response;
use axum::Json;
use serde::Deserialize;
use serde_json::Value;
use utoipa::IntoParams;
use utoipa_axum::routes;

use super::owned_domain;
use crate::api::http::auth::OwnerAuth;
use crate::api::http::{iso_time, no_store, ApiQuery};
use crate::service::domain_config::{bind_config_to_domain, config_problems};
use crate::state::AppState;
use crate::wire::api_error::ApiError;
use crate::wire::error::{ErrorBody, OwnerErrors, OwnerWriteErrors};
use crate::wire::owner::{
    self as wire, Installation, Publisher, Restored, Sighting, VersionList, VersionWithConfig,
};
use crate::wire::routes::Routes;
use beckon_store::{ConfigVersion, Domain, EmbedSighting, StoreError};

pub(super) fn routes() -> Routes<AppState> {
    Routes::new()
        .routes(routes!(list_versions))
        .routes(routes!(get_version))
        .routes(routes!(restore_version))
        .routes(routes!(installation))
}

/// Versions one history call lists by default, and at most.
pub const DEFAULT_VERSIONS: i64 = 100;
pub const MAX_VERSIONS: i64 = 1000;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// At most this many (default 100, 1-1000).
    limit: Option<i64>,
}

fn version_wire(v: &ConfigVersion, current: Option<i64>) -> wire::ConfigVersion {
    wire::ConfigVersion {
        version: v.version,
        etag: v.etag.clone(),
        published_at: iso_time(v.published_at),
        published_by: v.published_by_name.as_ref().map(|name| Publisher {
            id: v.published_by.clone(),
            name: name.clone(),
        }),
        current: current == Some(v.version),
    }
}

/// The version number a path names, or 404.
fn version_number(text: &str) -> Result<i64, ApiError> {
    text.parse::<i64>()
        .ok()
        .filter(|v| *v >= 1)
        .ok_or_else(|| ApiError::not_found("no such version: versions are numbered from 1"))
}

async fn current_version(state: &AppState, d: &Domain) -> Result<Option<i64>, ApiError> {
    match state.store.get_published(&d.id).await {
        Ok(p) => Ok(Some(p.version)),
        Err(StoreError::NotFound) => Ok(None),
        Err(e) => Err(e.into()),
    }
}

async fn stored_version(
    state: &AppState,
    d: &Domain,
    version: &str,
) -> Result<ConfigVersion, ApiError> {
    match state
        .store
        .get_config_version(&d.id, version_number(version)?)
        .await
    {
        Ok(v) => Ok(v),
        Err(StoreError::NotFound) => Err(ApiError::not_found(
            "no such version of this domain's config",
        )),
        Err(e) => Err(e.into()),
    }
}

/// A stored version's config as JSON.
fn version_config(v: &ConfigVersion) -> Result<Value, StoreError> {
    serde_json::from_str(&v.config_json)
        .map_err(|e| StoreError::Corrupt(format!("config version {}: {e}", v.version)))
}

#[utoipa::path(
    get,
    path = "/v1/owner/domains/{id}/versions",
    tag = "owner",
    summary = "Every published version, newest first, with who published it and when",
    params(("id" = String, Path, description = "domain id"), ListQuery),
    security(("session" = [])),
    responses(
        (status = 200, description = "the history", body = VersionList),
        (status = 400, description = "bad limit", body = ErrorBody),
        (status = 404, description = "no such domain", body = ErrorBody),
        OwnerErrors,
    )
)]
async fn list_versions(
    State(state): State<AppState>,
    auth: OwnerAuth,
    Path(id): Path<String>,
    ApiQuery(q): ApiQuery<ListQuery>,
) -> Result<Response, ApiError> {
    let d = owned_domain(&state, &auth, &id).await?;
    let limit = q.limit.unwrap_or(DEFAULT_VERSIONS);
    if !(1..=MAX_VERSIONS).contains(&limit) {
        return Err(ApiError::bad_request(format!(
            "limit must be 1-{MAX_VERSIONS}"
        )));
    }
    let current = current_version(&state, &d).await?;
    let versions = state.store.list_config_versions(&d.id, limit).await?;
    Ok(no_store(Json(VersionList {
        versions: versions.iter().map(|v| version_wire(v, current)).collect(),
    })))
}

#[utoipa::path(
    get,
    path = "/v1/owner/domains/{id}/versions/{version}",
    tag = "owner",
    summary = "One published version with its config",
    params(("id" = String, Path, description = "domain id"), ("version" = String, Path, description = "version number (1, 2, …)")),
    security(("session" = [])),
    responses(
        (status = 200, description = "the version", body = VersionWithConfig),
        (status = 404, description = "no such domain or version", body = ErrorBody),
        OwnerErrors,
    )
)]
async fn get_version(
    State(state): State<AppState>,
    auth: OwnerAuth,
    Path((id, version)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let d = owned_domain(&state, &auth, &id).await?;
    let v = stored_version(&state, &d, &version).await?;
    let config = version_config(&v)?;
    let current = current_version(&state, &d).await?;
    Ok(no_store(Json(VersionWithConfig {
        version: version_wire(&v, current),
        config,
    })))
}

/// The version's config becomes the draft, bound to the domain as it is now (its name may have
/// changed since), and validated like any save.
#[utoipa::path(
    post,
    path = "/v1/owner/domains/{id}/versions/{version}/restore",
    tag = "owner",
    summary = "Make a published version the draft (publish it to put it live)",
    params(("id" = String, Path, description = "domain id"), ("version" = String, Path, description = "version number (1, 2, …)")),
    security(("session" = [], "csrf" = []), ("session" = [], "sameOrigin" = [])),
    responses(
        (status = 200, description = "the new draft", body = Restored),
        (status = 404, description = "no such domain or version", body = ErrorBody),
        (status = 422, description = "the version is not valid for the domain as it is now: `problems`", body = ErrorBody),
        OwnerWriteErrors,
    )
)]
async fn restore_version(
    State(state): State<AppState>,
    auth: OwnerAuth,
    Path((id, version)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let d = owned_domain(&state, &auth, &id).await?;
    let v = stored_version(&state, &d, &version).await?;
    let mut config = version_config(&v)?;
    bind_config_to_domain(&mut config, &d);
    let problems = config_problems(&config, &d);
    if !problems.is_empty() {
        return Err(crate::service::accounts::users::invalid(
            "this version cannot be restored",
            &problems,
        ));
    }
    let draft = state.store.save_draft(&d.id, &config.to_string()).await?;
    tracing::info!(domain = %d.id, version = v.version, "config version restored as the draft");
    Ok(no_store(Json(Restored {
        config,
        updated_at: iso_time(draft.updated_at),
        restored_from: v.version,
    })))
}

fn sighting_wire(s: &EmbedSighting) -> Sighting {
    Sighting {
        host: s.host.clone(),
        url: s.url.clone(),
        seen_at: iso_time(s.seen_at),
    }
}

/// The installation check's answer from a domain's sightings (most recent first): the latest
/// of its own hosts, and the others.
pub fn installation_of(d: &Domain, sightings: &[EmbedSighting], embed_url: String) -> Installation {
    let (own, other): (Vec<&EmbedSighting>, Vec<&EmbedSighting>) =
        sightings.iter().partition(|s| d.matches_host(&s.host));
    Installation {
        installed: own.first().map(|s| sighting_wire(s)),
        unknown_hosts: other.into_iter().map(sighting_wire).collect(),
        embed_url,
    }
}

#[utoipa::path(
    get,
    path = "/v1/owner/domains/{id}/installation",
    tag = "owner",
    summary = "Installation check: the last page of the domain's hosts that loaded its embed, and pages of other hosts",
    params(("id" = String, Path, description = "domain id")),
    security(("session" = [])),
    responses(
        (status = 200, description = "what was seen", body = Installation),
        (status = 404, description = "no such domain", body = ErrorBody),
        OwnerErrors,
    )
)]
async fn installation(
    State(state): State<AppState>,
    auth: OwnerAuth,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let d = owned_domain(&state, &auth, &id).await?;
    let sightings = state.store.list_sightings(&d.id).await?;
    let embed_url = format!("{}/d/{}.js", state.public_origin(&headers), d.id);
    Ok(no_store(Json(installation_of(&d, &sightings, embed_url))))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sighting(host: &str, at: i64) -> EmbedSighting {
        EmbedSighting {
            domain_id: "d".into(),
            host: host.into(),
            url: format!("https://{host}/"),
            seen_at: at,
        }
    }

    #[test]
    fn own_hosts_install_and_others_warn() {
        let d = Domain {
            id: "d".into(),
            org_id: "o".into(),
            name: "shop.example".into(),
            aliases: vec!["shop.test".into()],
            domain_type: "FREE".into(),
            properties: serde_json::json!({}),
            timezone: None,
            created_at: 0,
        };
        let none = installation_of(&d, &[], "u".into());
        assert!(none.installed.is_none() && none.unknown_hosts.is_empty());
        let list = [
            sighting("shpo.example", 30),
            sighting("www.shop.example", 20),
            sighting("shop.test", 10),
        ];
        let i = installation_of(&d, &list, "u".into());
        assert_eq!(i.installed.unwrap().host, "www.shop.example");
        assert_eq!(
            i.unknown_hosts
                .iter()
                .map(|s| s.host.as_str())
                .collect::<Vec<_>>(),
            ["shpo.example"]
        );
    }

    #[test]
    fn version_numbers_start_at_one() {
        assert_eq!(version_number("3").unwrap(), 3);
        for bad in ["0", "-1", "x", ""] {
            assert!(version_number(bad).is_err(), "{bad}");
        }
    }
}
