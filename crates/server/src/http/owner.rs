//! The owner API, under `/api/v1/owner` (owners only, scoped to their organisation: another
//! organisation's domain or user answers 404):
//!
//! | call | answer |
//! |---|---|
//! | `GET    /domains` | `{domains: [domain]}` |
//! | `POST   /domains {name, aliases?, type?, timezone?, properties?}` | 201 domain (with an empty draft config) |
//! | `GET    /domains/{id}` | domain |
//! | `PUT    /domains/{id}` (same fields; missing ones keep their value) | domain; the draft's domain entry follows |
//! | `DELETE /domains/{id}` | 204 (configs, chats and statistics go with it) |
//! | `GET    /domains/{id}/config` | the draft config (spec §3.1) |
//! | `PUT    /domains/{id}/config` (a whole config) | `{config, updatedAt}`; 422 `{error, problems}` lists every problem |
//! | `GET    /domains/{id}/config/published` | the published config; 404 before the first publication |
//! | `POST   /domains/{id}/publish` | `{version, etag, publishedAt, embedUrl}`; the version is kept in the history (`publishing.rs`) |
//! | `GET    /domains/{id}/stats?from=&to=` | `{from, to, counts: [{day, event, count}], totals, items: [{day, event, buttonId, actionId, count}]}` |
//! | `GET    /agents` | `{agents: [user]}` (owners too) |
//! | `POST   /agents {email, name, password, role?}` | 201 user |
//! | `DELETE /agents/{id}` | 204 (not yourself) |
//! | `POST   /agents/{id}/password {password}` | 204; their sessions end |
//!
//! Validation errors are 422 `{"error": "…", "problems": [{"path", "message"}, …]}`. The domain
//! entry of a config must be the domain itself (same id); its name, aliases, type, timezone and
//! properties are written back to the domain, so the two never disagree.

use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use beckon_model::Problem;
use bytes::Bytes;
use serde::Deserialize;
use serde_json::{json, Map, Value};

use crate::accounts::users::{create_account, invalid, user_json, NewAccount};
use crate::accounts::{password, OwnerAuth, Role};
use crate::domain_config::{
    apply_domain_entry, bind_config_to_domain, binding_problems, config_problems, domain_entry,
    empty_config,
};
use crate::error::ApiError;
use crate::hub::revoke::{end_logins, Ended};
use crate::state::AppState;
use crate::store::{Domain, NewDomain, Publisher, StoreError};
use crate::wire::{iso_time, no_store, ApiQuery, JsonBody};

/// A config may be larger than other request bodies.
pub const MAX_CONFIG: usize = 1024 * 1024;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/v1/owner/domains", get(list_domains).post(create_domain))
        .route(
            "/v1/owner/domains/{id}",
            get(get_domain).put(update_domain).delete(delete_domain),
        )
        .route(
            "/v1/owner/domains/{id}/config",
            get(get_config)
                .put(put_config)
                .layer(DefaultBodyLimit::max(MAX_CONFIG)),
        )
        .route(
            "/v1/owner/domains/{id}/config/published",
            get(get_published),
        )
        .route("/v1/owner/domains/{id}/publish", post(publish))
        .route("/v1/owner/domains/{id}/stats", get(stats))
        .route("/v1/owner/agents", get(list_agents).post(add_agent))
        .route("/v1/owner/agents/{id}", axum::routing::delete(remove_agent))
        .route("/v1/owner/agents/{id}/password", post(reset_password))
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

async fn domain_json(state: &AppState, headers: &HeaderMap, d: &Domain) -> Result<Value, ApiError> {
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
    Ok(json!({
        "id": d.id,
        "name": d.name,
        "aliases": d.aliases,
        "type": d.domain_type,
        "timezone": d.timezone,
        "properties": d.properties,
        "createdAt": iso_time(d.created_at),
        "config": {
            "draftUpdatedAt": draft.as_ref().map(|x| iso_time(x.updated_at)),
            "publishedVersion": published.as_ref().map(|p| p.version),
            "publishedAt": published.as_ref().map(|p| iso_time(p.published_at)),
            "unpublishedChanges": unpublished,
        },
        "embed": {
            "url": format!("{origin}/d/{}.js", d.id),
            "snippet": format!("<script async src=\"{origin}/d/{}.js\"></script>", d.id),
            // 0: every page view revalidates it, so a publication shows on the next one.
            "maxAgeSeconds": state.embed_max_age.as_secs(),
        },
    }))
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

async fn list_domains(
    State(state): State<AppState>,
    auth: OwnerAuth,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let domains = state.store.list_domains(&auth.0.user.org_id).await?;
    let mut list = Vec::with_capacity(domains.len());
    for d in &domains {
        list.push(domain_json(&state, &headers, d).await?);
    }
    Ok(no_store(Json(json!({ "domains": list }))))
}

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
    let body = domain_json(&state, &headers, &created).await?;
    Ok((StatusCode::CREATED, no_store(Json(body))).into_response())
}

async fn get_domain(
    State(state): State<AppState>,
    auth: OwnerAuth,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let d = owned_domain(&state, &auth, &id).await?;
    Ok(no_store(Json(domain_json(&state, &headers, &d).await?)))
}

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
    Ok(no_store(Json(domain_json(&state, &headers, &d).await?)))
}

async fn delete_domain(
    State(state): State<AppState>,
    auth: OwnerAuth,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let d = owned_domain(&state, &auth, &id).await?;
    state.store.delete_domain(&d.id).await?;
    tracing::info!(domain = %d.id, user = %auth.0.user.user_id, "domain deleted");
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
    Ok(no_store(Json(json!({
        "config": config,
        "updatedAt": iso_time(draft.updated_at),
    }))))
}

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
    Ok(no_store(Json(json!({
        "version": published.version,
        "etag": published.etag,
        "publishedAt": iso_time(published.published_at),
        "embedUrl": format!("{origin}/d/{}.js", d.id),
    }))))
}

// ---------- statistics ----------

#[derive(Deserialize)]
struct StatsQuery {
    from: Option<String>,
    to: Option<String>,
}

/// Longest range one stats call answers.
pub const MAX_STATS_DAYS: i64 = 366;

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
    let rows: Vec<Value> = counts
        .iter()
        .map(|c| json!({"day": c.key.day, "event": c.key.event_name, "count": c.count}))
        .collect();
    let items: Vec<Value> = state
        .store
        .item_stats_counts(&d.id, &from, &to)
        .await?
        .iter()
        .map(|c| {
            json!({
                "day": c.key.day,
                "event": c.key.event_name,
                "buttonId": c.key.button_id,
                "actionId": Some(&c.key.action_id).filter(|a| !a.is_empty()),
                "count": c.count,
            })
        })
        .collect();
    Ok(no_store(Json(json!({
        "domainId": d.id,
        "from": from,
        "to": to,
        "counts": rows,
        "totals": totals,
        "items": items,
    }))))
}

// ---------- agents ----------

async fn list_agents(State(state): State<AppState>, auth: OwnerAuth) -> Result<Response, ApiError> {
    let users = state.store.list_users(&auth.0.user.org_id).await?;
    let list: Vec<Value> = users.iter().map(user_json).collect();
    Ok(no_store(Json(json!({ "agents": list }))))
}

#[derive(Deserialize)]
struct AgentBody {
    #[serde(default)]
    email: String,
    #[serde(default)]
    name: String,
    #[serde(default)]
    password: String,
    #[serde(default)]
    role: Option<String>,
}

async fn add_agent(
    State(state): State<AppState>,
    auth: OwnerAuth,
    JsonBody(body): JsonBody<AgentBody>,
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
    Ok((StatusCode::CREATED, no_store(Json(user_json(&user)))).into_response())
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
    Ok(StatusCode::NO_CONTENT.into_response())
}

#[derive(Deserialize)]
struct ResetBody {
    #[serde(default)]
    password: String,
}

async fn reset_password(
    State(state): State<AppState>,
    auth: OwnerAuth,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<ResetBody>,
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
