//! A domain's statistics: event counts per UTC day, views per button, clicks per action, and the
//! visitors' ratings of its chats (count and mean, on the whole and per agent).

use axum::extract::State;
use axum::response::Response;
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Map};
use utoipa::IntoParams;
use utoipa_axum::routes;

use crate::state::AppState;
use crate::wire::api_error::ApiError;
use crate::wire::error::{ErrorBody, OwnerErrors};
use crate::wire::owner::{DayCount, ItemCount, RatingStats, StatsAnswer};
use crate::wire::routes::Routes;
use crate::wire::{no_store, ApiQuery};

use super::OwnedDomain;

pub(super) fn routes() -> Routes<AppState> {
    Routes::new().routes(routes!(stats))
}

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
    summary = "Event counts per UTC day and event name, views per button and clicks per action, and ratings per agent",
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
    OwnedDomain { domain: d, .. }: OwnedDomain,
    ApiQuery(q): ApiQuery<StatsQuery>,
) -> Result<Response, ApiError> {
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
    // Ratings given from the first day's start to the last day's end (UTC), as the counts.
    let start_of = |d: chrono::NaiveDate| {
        d.and_time(chrono::NaiveTime::MIN)
            .and_utc()
            .timestamp_millis()
    };
    let tallies = state
        .store
        .rating_tallies(
            &d.id,
            start_of(from),
            start_of(to + chrono::Duration::days(1)),
        )
        .await?;
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
        ratings: RatingStats::of(&tallies),
    })))
}
