//! The owner API, under `/api/v1/owner` (owners only, scoped to their organisation: another
//! organisation's domain or user answers 404).
//!
//! Each route, with its bodies and answers: `/api/docs` on a running server, or docs/openapi.json.
//!
//! Validation errors are 422 `{"error": "…", "problems": [{"path", "message"}, …]}`. The domain
//! entry of a config must be the domain itself (same id); its name, aliases, type, timezone and
//! properties are written back to the domain, so the two never disagree.

use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use beckon_model::Problem;
use bytes::Bytes;
use serde::Deserialize;
use serde_json::{json, Map, Value};
use utoipa::IntoParams;
use utoipa_axum::router::UtoipaMethodRouterExt;
use utoipa_axum::routes;

use crate::accounts::users::{create_account, invalid, NewAccount};
use crate::accounts::{password, OwnerAuth, Role};
use crate::domain_config::{
    apply_domain_entry, bind_config_to_domain, binding_problems, config_problems, domain_entry,
    empty_config,
};
use crate::error::ApiError;
use crate::hub::org::{self, Change};
use crate::hub::revoke::{end_logins, Ended};
use crate::state::AppState;
use crate::store::{Domain, NewDomain, Publisher, StoreError};
use crate::wire::account::User;
use crate::wire::error::{ErrorBody, OwnerErrors, OwnerWriteErrors};
use crate::wire::owner::{
    AccountList, ConfigJson, ConfigState, DayCount, DomainBody, DomainInfo, DomainList, Embed,
    ItemCount, NewAgentBody, Published, ResetPasswordBody, SavedConfig, StatsAnswer,
};
use crate::wire::routes::Routes;
use crate::wire::{iso_time, no_store, ApiQuery, JsonBody};

/// A config may be larger than other request bodies.
pub const MAX_CONFIG: usize = 1024 * 1024;

pub fn routes() -> Routes<AppState> {
    Routes::new()
        .routes(routes!(list_domains, create_domain))
        .routes(routes!(get_domain, update_domain, delete_domain))
        .routes(routes!(get_config, put_config).layer(DefaultBodyLimit::max(MAX_CONFIG)))
        .routes(routes!(get_published))
        .routes(routes!(publish))
        .routes(routes!(stats))
        .routes(routes!(list_agents, add_agent))
        .routes(routes!(remove_agent))
        .routes(routes!(reset_password))
}

/// The domain, if it belongs to the owner's organisation (else 404).
pub(crate) async fn owned_domain(
    state: &AppState,
    auth: &OwnerAuth,
    id: &str,
) -> Result<Domain, ApiError> {
    match state.store.get_domain(id).await {
        Ok(d) if d.org_id == auth.0.user.org_id => Ok(d),
        Ok(_) | Err(StoreError::NotFound) => Err(ApiError::not_found("no such domain")),
        Err(e) => Err(e.into()),
    }
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

// ---------- domain handlers ----------

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
    tracing::info!(domain = %d.id, user = %auth.0.user.user_id, "domain deleted");
    org::changed(&state.realtime, &d.org_id, Change::Domains).await;
    Ok(StatusCode::NO_CONTENT.into_response())
}

// ---------- config ----------

fn json_text(text: String) -> Response {
    no_store((
        [(
            axum::http::header::CONTENT_TYPE,
            "application/json; charset=utf-8",
        )],
        text,
    ))
}

#[utoipa::path(
    get,
    path = "/v1/owner/domains/{id}/config",
    tag = "owner",
    summary = "The draft config (spec §3.1)",
    params(("id" = String, Path, description = "domain id")),
    security(("session" = [])),
    responses(
        (status = 200, description = "the config", body = ConfigJson),
        (status = 404, description = "no such domain", body = ErrorBody),
        OwnerErrors,
    )
)]
async fn get_config(
    State(state): State<AppState>,
    auth: OwnerAuth,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let d = owned_domain(&state, &auth, &id).await?;
    match state.store.get_draft(&d.id).await {
        Ok(draft) => Ok(json_text(draft.config_json)),
        Err(StoreError::NotFound) => Ok(json_text(empty_config(&d).to_string())),
        Err(e) => Err(e.into()),
    }
}

#[utoipa::path(
    get,
    path = "/v1/owner/domains/{id}/config/published",
    tag = "owner",
    summary = "The published config",
    params(("id" = String, Path, description = "domain id")),
    security(("session" = [])),
    responses(
        (status = 200, description = "the config", body = ConfigJson),
        (status = 404, description = "no such domain, or not published yet", body = ErrorBody),
        OwnerErrors,
    )
)]
async fn get_published(
    State(state): State<AppState>,
    auth: OwnerAuth,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let d = owned_domain(&state, &auth, &id).await?;
    match state.store.get_published(&d.id).await {
        Ok(p) => Ok(json_text(p.config_json)),
        Err(StoreError::NotFound) => Err(ApiError::not_found("this domain is not published yet")),
        Err(e) => Err(e.into()),
    }
}

#[utoipa::path(
    put,
    path = "/v1/owner/domains/{id}/config",
    tag = "owner",
    summary = "Replace the draft config (up to 1 MiB); its domain entry must be this domain and is written back to it",
    params(("id" = String, Path, description = "domain id")),
    request_body = ConfigJson,
    security(("session" = [], "csrf" = []), ("session" = [], "sameOrigin" = [])),
    responses(
        (status = 200, description = "saved", body = SavedConfig),
        (status = 400, description = "the body is not UTF-8", body = ErrorBody),
        (status = 404, description = "no such domain", body = ErrorBody),
        (status = 413, description = "the body is larger than 1 MiB", body = ErrorBody),
        (status = 422, description = "every problem, each with its JSON path: `problems`", body = ErrorBody),
        OwnerWriteErrors,
    )
)]
async fn put_config(
    State(state): State<AppState>,
    auth: OwnerAuth,
    Path(id): Path<String>,
    body: Bytes,
) -> Result<Response, ApiError> {
    let mut d = owned_domain(&state, &auth, &id).await?;
    let text = std::str::from_utf8(&body)
        .map_err(|_| ApiError::bad_request("the request body is not UTF-8"))?;
    let text = beckon_model::without_bom(text);
    let config: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        // The model words JSON syntax errors with their line and column.
        Err(_) => {
            let problems = beckon_model::validate(text).err().unwrap_or_default();
            return Err(invalid("invalid config", &problems));
        }
    };
    let problems = config_problems(&config, &d);
    if !problems.is_empty() {
        return Err(invalid("invalid config", &problems));
    }
    let entry = &config["domains"][0];
    let before = d.clone();
    apply_domain_entry(&mut d, entry);
    if d != before {
        state.store.update_domain(&d).await?;
    }
    let draft = state.store.save_draft(&d.id, &config.to_string()).await?;
    Ok(no_store(Json(SavedConfig {
        config,
        updated_at: iso_time(draft.updated_at),
    })))
}

#[utoipa::path(
    post,
    path = "/v1/owner/domains/{id}/publish",
    tag = "owner",
    summary = "Publish the draft: the hosted embed serves it from the next page view",
    params(("id" = String, Path, description = "domain id")),
    security(("session" = [], "csrf" = []), ("session" = [], "sameOrigin" = [])),
    responses(
        (status = 200, description = "published", body = Published),
        (status = 404, description = "no such domain", body = ErrorBody),
        (status = 409, description = "no draft", body = ErrorBody),
        (status = 422, description = "the draft has problems: `problems`", body = ErrorBody),
        OwnerWriteErrors,
    )
)]
async fn publish(
    State(state): State<AppState>,
    auth: OwnerAuth,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let d = owned_domain(&state, &auth, &id).await?;
    let draft = match state.store.get_draft(&d.id).await {
        Ok(x) => x,
        Err(StoreError::NotFound) => {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "nothing to publish: save a config first",
            ))
        }
        Err(e) => return Err(e.into()),
    };
    let mut config: Value = serde_json::from_str(&draft.config_json)
        .map_err(|e| StoreError::Corrupt(format!("draft config: {e}")))?;
    bind_config_to_domain(&mut config, &d);
    let problems = config_problems(&config, &d);
    if !problems.is_empty() {
        return Err(invalid("the draft config cannot be published", &problems));
    }
    let json = config.to_string();
    if json != draft.config_json {
        // The draft and what is published stay the same text.
        state.store.save_draft(&d.id, &json).await?;
    }
    // Kept in the history with who published it (http/publishing.rs).
    let by = Publisher {
        user_id: auth.0.user.user_id.clone(),
        name: auth.0.user.name.clone(),
    };
    let published = state
        .store
        .publish_config_by(&d.id, &json, Some(&by))
        .await?;
    tracing::info!(domain = %d.id, version = published.version, "config published");
    let origin = state.public_origin(&headers);
    Ok(no_store(Json(Published {
        version: published.version,
        etag: published.etag,
        published_at: iso_time(published.published_at),
        embed_url: format!("{origin}/d/{}.js", d.id),
    })))
}

// ---------- statistics ----------

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct StatsQuery {
    /// YYYY-MM-DD (default: 29 days before `to`).
    from: Option<String>,
    /// YYYY-MM-DD (default: today).
    to: Option<String>,
}

/// Longest range one stats call answers.
pub const MAX_STATS_DAYS: i64 = 366;

#[utoipa::path(
    get,
    path = "/v1/owner/domains/{id}/stats",
    tag = "owner",
    summary = "Event counts per UTC day and event name, views per button and clicks per action",
    params(("id" = String, Path, description = "domain id"), StatsQuery),
    security(("session" = [])),
    responses(
        (status = 200, description = "counts", body = StatsAnswer),
        (status = 400, description = "bad dates, or a range over 366 days", body = ErrorBody),
        (status = 404, description = "no such domain", body = ErrorBody),
        OwnerErrors,
    )
)]
async fn stats(
    State(state): State<AppState>,
    auth: OwnerAuth,
    Path(id): Path<String>,
    ApiQuery(q): ApiQuery<StatsQuery>,
) -> Result<Response, ApiError> {
    let d = owned_domain(&state, &auth, &id).await?;
    let parse = |name: &str, v: &Option<String>| -> Result<Option<chrono::NaiveDate>, ApiError> {
        match v.as_deref().filter(|s| !s.is_empty()) {
            None => Ok(None),
            Some(s) => chrono::NaiveDate::parse_from_str(s, "%Y-%m-%d")
                .map(Some)
                .map_err(|_| ApiError::bad_request(format!("{name} must be a date YYYY-MM-DD"))),
        }
    };
    let today = chrono::Utc::now().date_naive();
    let to = parse("to", &q.to)?.unwrap_or(today);
    let from = parse("from", &q.from)?.unwrap_or(to - chrono::Duration::days(29));
    if from > to {
        return Err(ApiError::bad_request("from is after to"));
    }
    if (to - from).num_days() >= MAX_STATS_DAYS {
        return Err(ApiError::bad_request(format!(
            "the range is longer than {MAX_STATS_DAYS} days"
        )));
    }
    let (from, to) = (
        from.format("%Y-%m-%d").to_string(),
        to.format("%Y-%m-%d").to_string(),
    );
    let counts = state.store.stats_counts(&d.id, &from, &to).await?;
    let mut totals = Map::new();
    for c in &counts {
        let t = totals.entry(c.key.event_name.clone()).or_insert(json!(0));
        *t = json!(t.as_i64().unwrap_or(0) + c.count);
    }
    let rows: Vec<DayCount> = counts
        .iter()
        .map(|c| DayCount {
            day: c.key.day.clone(),
            event: c.key.event_name.clone(),
            count: c.count,
        })
        .collect();
    let items: Vec<ItemCount> = state
        .store
        .item_stats_counts(&d.id, &from, &to)
        .await?
        .iter()
        .map(|c| ItemCount {
            day: c.key.day.clone(),
            event: c.key.event_name.clone(),
            button_id: c.key.button_id.clone(),
            action_id: Some(c.key.action_id.clone()).filter(|a| !a.is_empty()),
            count: c.count,
        })
        .collect();
    Ok(no_store(Json(StatsAnswer {
        domain_id: d.id,
        from,
        to,
        counts: rows,
        totals,
        items,
    })))
}

// ---------- agents ----------

#[utoipa::path(
    get,
    path = "/v1/owner/agents",
    tag = "owner",
    summary = "The organisation's accounts (agents and owners)",
    security(("session" = [])),
    responses(
        (status = 200, description = "accounts", body = AccountList),
        OwnerErrors,
    )
)]
async fn list_agents(State(state): State<AppState>, auth: OwnerAuth) -> Result<Response, ApiError> {
    let users = state.store.list_users(&auth.0.user.org_id).await?;
    Ok(no_store(Json(AccountList {
        agents: users.iter().map(User::from).collect(),
    })))
}

#[utoipa::path(
    post,
    path = "/v1/owner/agents",
    tag = "owner",
    summary = "Add an agent (or, with role owner, an owner)",
    request_body = NewAgentBody,
    security(("session" = [], "csrf" = []), ("session" = [], "sameOrigin" = [])),
    responses(
        (status = 201, description = "the account", body = User),
        (status = 409, description = "the e-mail is taken", body = ErrorBody),
        (status = 422, description = "invalid fields: `problems` lists each", body = ErrorBody),
        OwnerWriteErrors,
    )
)]
async fn add_agent(
    State(state): State<AppState>,
    auth: OwnerAuth,
    JsonBody(body): JsonBody<NewAgentBody>,
) -> Result<Response, ApiError> {
    let role = match body.role.as_deref() {
        None | Some("agent") => Role::Agent,
        Some("owner") => Role::Owner,
        Some(other) => {
            return Err(invalid(
                "invalid account",
                &[Problem::new(
                    "role",
                    format!("unknown role {other:?}; allowed: agent, owner"),
                )],
            ))
        }
    };
    let user = create_account(
        state.store.as_ref(),
        NewAccount {
            org_id: auth.0.user.org_id.clone(),
            email: body.email,
            name: body.name,
            role,
            password: body.password,
        },
    )
    .await?;
    tracing::info!(user = %user.id, by = %auth.0.user.user_id, "account created");
    // Open consoles offer the new account for assigning.
    org::changed(&state.realtime, &user.org_id, Change::Accounts).await;
    Ok((StatusCode::CREATED, no_store(Json(User::from(&user)))).into_response())
}

async fn org_user(
    state: &AppState,
    auth: &OwnerAuth,
    id: &str,
) -> Result<crate::store::User, ApiError> {
    match state.store.get_user(id).await {
        Ok(u) if u.org_id == auth.0.user.org_id => Ok(u),
        Ok(_) | Err(StoreError::NotFound) => Err(ApiError::not_found("no such agent")),
        Err(e) => Err(e.into()),
    }
}

#[utoipa::path(
    delete,
    path = "/v1/owner/agents/{id}",
    tag = "owner",
    summary = "Remove an account (not your own); its chats become unassigned",
    params(("id" = String, Path, description = "account id")),
    security(("session" = [], "csrf" = []), ("session" = [], "sameOrigin" = [])),
    responses(
        (status = 204, description = "removed"),
        (status = 404, description = "no such account", body = ErrorBody),
        (status = 409, description = "your own account", body = ErrorBody),
        OwnerWriteErrors,
    )
)]
async fn remove_agent(
    State(state): State<AppState>,
    auth: OwnerAuth,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let user = org_user(&state, &auth, &id).await?;
    if user.id == auth.0.user.user_id {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "you cannot remove your own account",
        ));
    }
    state.store.delete_user(&user.id).await?;
    end_logins(&state.realtime, &user.id, Ended::AllBut(None)).await;
    crate::accounts::presence::go_away(&state, &crate::accounts::SessionUser::from_user(&user))
        .await;
    tracing::info!(user = %user.id, by = %auth.0.user.user_id, "account removed");
    // Its chats are unassigned now: open consoles reload them.
    org::changed(&state.realtime, &user.org_id, Change::Accounts).await;
    Ok(StatusCode::NO_CONTENT.into_response())
}

#[utoipa::path(
    post,
    path = "/v1/owner/agents/{id}/password",
    tag = "owner",
    summary = "Set an account's password; its sessions end",
    params(("id" = String, Path, description = "account id")),
    request_body = ResetPasswordBody,
    security(("session" = [], "csrf" = []), ("session" = [], "sameOrigin" = [])),
    responses(
        (status = 204, description = "set"),
        (status = 404, description = "no such account", body = ErrorBody),
        (status = 422, description = "too short: `problems`", body = ErrorBody),
        OwnerWriteErrors,
    )
)]
async fn reset_password(
    State(state): State<AppState>,
    auth: OwnerAuth,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<ResetPasswordBody>,
) -> Result<Response, ApiError> {
    let user = org_user(&state, &auth, &id).await?;
    if let Some(w) = password::weakness(&body.password) {
        return Err(invalid("invalid password", &[Problem::new("password", w)]));
    }
    let hash = password::hash(&body.password).await;
    state.store.set_user_password_hash(&user.id, &hash).await?;
    let ended = state.store.delete_user_sessions(&user.id).await?;
    end_logins(&state.realtime, &user.id, Ended::AllBut(None)).await;
    tracing::info!(user = %user.id, by = %auth.0.user.user_id, sessions = ended, "password reset");
    Ok(StatusCode::NO_CONTENT.into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn domain() -> Domain {
        Domain {
            id: "d1".into(),
            org_id: "o".into(),
            name: "shop.example.com".into(),
            aliases: vec![],
            domain_type: "PRO".into(),
            properties: json!({"chat-legal-enabled": "true"}),
            timezone: Some("Europe/London".into()),
            created_at: 0,
        }
    }

    #[test]
    fn binding_rewrites_domain_and_button_ids() {
        let mut c = json!({"userId": "u", "domains": [{"id": "old", "name": "x"}],
            "buttons": [{"domainId": "old"}, {"domainId": "other"}]});
        bind_config_to_domain(&mut c, &domain());
        assert_eq!(c["domains"][0]["id"], "d1");
        assert_eq!(c["domains"][0]["timezone"], "Europe/London");
        assert_eq!(c["buttons"][0]["domainId"], "d1");
        assert_eq!(c["buttons"][1]["domainId"], "other");
        assert!(config_problems(&empty_config(&domain()), &domain()).is_empty());
    }

    #[test]
    fn foreign_domain_entries_are_problems() {
        let c = json!({"userId": "u", "domains": [{"id": "d2", "name": "https://x.test/"}], "buttons": []});
        let paths: Vec<String> = config_problems(&c, &domain())
            .into_iter()
            .map(|p| p.path)
            .collect();
        assert_eq!(paths, ["domains[0].id", "domains[0].name"]);
    }
}
