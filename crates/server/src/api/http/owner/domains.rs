//! The organisation's domains: list, create, read, update (name, aliases, type, timezone,
//! properties) and delete.

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use beckon_model::Problem;
use serde_json::{json, Value};
use utoipa_axum::routes;

use crate::api::http::auth::OwnerAuth;
use crate::engine::hub::org::{self, Change};
use crate::service::accounts::users::invalid;
use crate::service::domain_config::{
    apply_domain_entry, bind_config_to_domain, binding_problems, domain_entry, empty_config,
};
use crate::state::AppState;
use crate::wire::api_error::ApiError;
use crate::wire::error::{ErrorBody, OwnerErrors, OwnerWriteErrors};
use crate::wire::owner::{ConfigState, DomainBody, DomainInfo, DomainList, Embed};
use crate::wire::routes::Routes;
use crate::wire::{iso_time, no_store, JsonBody};
use beckon_store::{Domain, NewDomain, StoreError};

use super::owned_domain;

pub(super) fn routes() -> Routes<AppState> {
    Routes::new()
        .routes(routes!(list_domains, create_domain))
        .routes(routes!(get_domain, update_domain, delete_domain))
}

async fn domain_info(
    state: &AppState,
    headers: &HeaderMap,
    d: &Domain,
) -> Result<DomainInfo, ApiError> {
    let draft = match state.store.get_draft(&d.id).await {
        Ok(x) => Some(x),
        Err(StoreError::NotFound) => None,
        Err(e) => return Err(e.into()),
    };
    let published = match state.store.get_published(&d.id).await {
        Ok(x) => Some(x),
        Err(StoreError::NotFound) => None,
        Err(e) => return Err(e.into()),
    };
    let origin = state.public_origin(headers);
    let unpublished = match (&draft, &published) {
        (Some(dr), Some(p)) => dr.config_json != p.config_json,
        (Some(_), None) => true,
        _ => false,
    };
    Ok(DomainInfo {
        id: d.id.clone(),
        name: d.name.clone(),
        aliases: d.aliases.clone(),
        domain_type: d.domain_type.clone(),
        timezone: d.timezone.clone(),
        properties: d.properties.clone(),
        created_at: iso_time(d.created_at),
        config: ConfigState {
            draft_updated_at: draft.as_ref().map(|x| iso_time(x.updated_at)),
            published_version: published.as_ref().map(|p| p.version),
            published_at: published.as_ref().map(|p| iso_time(p.published_at)),
            unpublished_changes: unpublished,
        },
        embed: Embed {
            url: format!("{origin}/d/{}.js", d.id),
            snippet: format!("<script async src=\"{origin}/d/{}.js\"></script>", d.id),
            // 0: every page view revalidates it, so a publication shows on the next one.
            max_age_seconds: state.embed_max_age.as_secs(),
        },
    })
}

/// The domain fields of a create/update body merged over `base`; 422 with every problem.
fn domain_from_body(body: &Value, mut base: Domain, creating: bool) -> Result<Domain, ApiError> {
    let Some(obj) = body.as_object() else {
        return Err(invalid(
            "invalid domain",
            &[Problem::new("", "the body must be a JSON object")],
        ));
    };
    let mut entry = domain_entry(&base);
    let e = entry.as_object_mut().expect("an object");
    for key in ["name", "aliases", "type", "timezone", "properties"] {
        match obj.get(key) {
            Some(Value::Null) if key == "timezone" => {
                e.remove(key);
            }
            Some(v) => {
                e.insert(key.into(), v.clone());
            }
            None => {}
        }
    }
    if creating && !obj.contains_key("name") {
        e.insert("name".into(), json!(""));
    }
    let probe = json!({"userId": "-", "domains": [entry]});
    let mut problems: Vec<Problem> = beckon_model::problems(&probe)
        .into_iter()
        .chain(binding_problems(&probe, &base))
        .filter_map(|p| {
            p.path
                .strip_prefix("domains[0].")
                .map(|rest| Problem::new(rest, p.message.clone()))
        })
        .collect();
    problems.dedup();
    const FIELDS: [&str; 5] = ["name", "aliases", "type", "timezone", "properties"];
    problems.sort_by_key(|p| {
        FIELDS
            .iter()
            .position(|f| {
                p.path == *f
                    || p.path.starts_with(&format!("{f}["))
                    || p.path.starts_with(&format!("{f}."))
            })
            .unwrap_or(FIELDS.len())
    });
    if !problems.is_empty() {
        return Err(invalid("invalid domain", &problems));
    }
    apply_domain_entry(&mut base, &probe["domains"][0]);
    Ok(base)
}

#[utoipa::path(
    get,
    path = "/v1/owner/domains",
    tag = "owner",
    summary = "Your organisation's domains",
    security(("session" = [])),
    responses(
        (status = 200, description = "domains", body = DomainList),
        OwnerErrors,
    )
)]
async fn list_domains(
    State(state): State<AppState>,
    auth: OwnerAuth,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let domains = state.store.list_domains(&auth.0.user.org_id).await?;
    let mut list = Vec::with_capacity(domains.len());
    for d in &domains {
        list.push(domain_info(&state, &headers, d).await?);
    }
    Ok(no_store(Json(DomainList { domains: list })))
}

#[utoipa::path(
    post,
    path = "/v1/owner/domains",
    tag = "owner",
    summary = "Add a domain (it gets an empty draft config)",
    request_body = DomainBody,
    security(("session" = [], "csrf" = []), ("session" = [], "sameOrigin" = [])),
    responses(
        (status = 201, description = "the domain", body = DomainInfo),
        (status = 422, description = "invalid fields: `problems` lists each", body = ErrorBody),
        OwnerWriteErrors,
    )
)]
async fn create_domain(
    State(state): State<AppState>,
    auth: OwnerAuth,
    headers: HeaderMap,
    JsonBody(body): JsonBody<Value>,
) -> Result<Response, ApiError> {
    let template = Domain {
        id: "-".into(),
        org_id: auth.0.user.org_id.clone(),
        name: String::new(),
        aliases: Vec::new(),
        domain_type: "FREE".into(),
        properties: json!({}),
        timezone: None,
        created_at: 0,
    };
    let mut d = domain_from_body(&body, template, true)?;
    let created = state
        .store
        .create_domain(NewDomain {
            id: None,
            org_id: d.org_id.clone(),
            name: d.name.clone(),
            aliases: std::mem::take(&mut d.aliases),
            domain_type: d.domain_type.clone(),
            properties: d.properties.clone(),
            timezone: d.timezone.clone(),
        })
        .await?;
    let config = empty_config(&created);
    state
        .store
        .save_draft(&created.id, &config.to_string())
        .await?;
    tracing::info!(domain = %created.id, user = %auth.0.user.user_id, "domain created");
    // Open consoles listen to its chats and count their agents available there at once.
    org::changed(&state.realtime, &created.org_id, Change::Domains).await;
    let body = domain_info(&state, &headers, &created).await?;
    Ok((StatusCode::CREATED, no_store(Json(body))).into_response())
}

#[utoipa::path(
    get,
    path = "/v1/owner/domains/{id}",
    tag = "owner",
    summary = "A domain",
    params(("id" = String, Path, description = "domain id")),
    security(("session" = [])),
    responses(
        (status = 200, description = "the domain", body = DomainInfo),
        (status = 404, description = "no such domain", body = ErrorBody),
        OwnerErrors,
    )
)]
async fn get_domain(
    State(state): State<AppState>,
    auth: OwnerAuth,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let d = owned_domain(&state, &auth, &id).await?;
    Ok(no_store(Json(domain_info(&state, &headers, &d).await?)))
}

#[utoipa::path(
    put,
    path = "/v1/owner/domains/{id}",
    tag = "owner",
    summary = "Change a domain (missing fields keep their value; the draft's domain entry follows)",
    params(("id" = String, Path, description = "domain id")),
    request_body = DomainBody,
    security(("session" = [], "csrf" = []), ("session" = [], "sameOrigin" = [])),
    responses(
        (status = 200, description = "the domain", body = DomainInfo),
        (status = 404, description = "no such domain", body = ErrorBody),
        (status = 422, description = "invalid fields: `problems` lists each", body = ErrorBody),
        OwnerWriteErrors,
    )
)]
async fn update_domain(
    State(state): State<AppState>,
    auth: OwnerAuth,
    headers: HeaderMap,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<Value>,
) -> Result<Response, ApiError> {
    let current = owned_domain(&state, &auth, &id).await?;
    let d = domain_from_body(&body, current, false)?;
    state.store.update_domain(&d).await?;
    // The draft's domain entry follows the domain.
    match state.store.get_draft(&d.id).await {
        Ok(draft) => {
            if let Ok(mut config) = serde_json::from_str::<Value>(&draft.config_json) {
                bind_config_to_domain(&mut config, &d);
                state.store.save_draft(&d.id, &config.to_string()).await?;
            }
        }
        Err(StoreError::NotFound) => {}
        Err(e) => return Err(e.into()),
    }
    Ok(no_store(Json(domain_info(&state, &headers, &d).await?)))
}

#[utoipa::path(
    delete,
    path = "/v1/owner/domains/{id}",
    tag = "owner",
    summary = "Remove a domain with its configs, chats and statistics",
    params(("id" = String, Path, description = "domain id")),
    security(("session" = [], "csrf" = []), ("session" = [], "sameOrigin" = [])),
    responses(
        (status = 204, description = "removed"),
        (status = 404, description = "no such domain", body = ErrorBody),
        OwnerWriteErrors,
    )
)]
async fn delete_domain(
    State(state): State<AppState>,
    auth: OwnerAuth,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let d = owned_domain(&state, &auth, &id).await?;
    state.store.delete_domain(&d.id).await?;
    // Its chats' rows went with it; their files go now (a failure leaves only unreachable
    // bytes: no row names them any more).
    if let Err(e) = state.files.remove_domain_files(&d.id).await {
        tracing::warn!(domain = %d.id, error = %e, "attachments: removing the domain's files failed");
    }
    tracing::info!(domain = %d.id, user = %auth.0.user.user_id, "domain deleted");
    org::changed(&state.realtime, &d.org_id, Change::Domains).await;
    Ok(StatusCode::NO_CONTENT.into_response())
}
