//! `POST /api/v1/stats`: answered at once, counted exactly, written in batches.

use std::sync::Arc;
use std::time::{Duration, Instant};

use beckon_store::ManualClock;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::common::{eventually, seed_domain, spawn_with_clock};

fn event(domain: &str) -> Value {
    json!({"type": "event", "payload": {"website": "beckon", "event_name": domain, "url": ""}})
}

async fn total(t: &crate::common::TestServer, domain: &str) -> i64 {
    let day = t.server.state.stats.today();
    t.store()
        .stats_counts(domain, &day, &day)
        .await
        .unwrap()
        .iter()
        .map(|c| c.count)
        .sum()
}

/// A server whose statistics are written only by the shutdown flush (long interval and batch).
async fn spawn_flushed_at_shutdown() -> crate::common::TestServer {
    let (dir, mut config) = crate::common::test_dirs();
    // Stopped: every event counts on one day, even across midnight.
    config.clock = Arc::new(ManualClock::starting_now());
    config.stats_flush_interval = Duration::from_secs(3600);
    config.stats_flush_batch = 1_000_000;
    crate::common::spawn_with(dir, config).await
}

#[tokio::test]
async fn a_burst_of_5000_is_answered_and_counted_exactly() {
    let (t, _stopped) = spawn_with_clock().await;
    let domain = seed_domain(t.store()).await;
    let url = t.api("/v1/stats");
    let started = Instant::now();
    let mut tasks = Vec::new();
    for _ in 0..50 {
        let http = t.http.clone();
        let url = url.clone();
        let body = event(&domain);
        tasks.push(tokio::spawn(async move {
            for _ in 0..100 {
                let r = http.post(&url).json(&body).send().await.unwrap();
                assert_eq!(r.status(), StatusCode::NO_CONTENT);
            }
        }));
    }
    for task in tasks {
        task.await.unwrap();
    }
    let answered = started.elapsed();
    eventually("all 5000 events counted", async || {
        let n = total(&t, &domain).await;
        assert!(n <= 5000, "counted {n} > 5000");
        if n == 5000 {
            Ok(())
        } else {
            Err(n)
        }
    })
    .await;
    let rows = t
        .store()
        .stats_counts(&domain, "0000-01-01", "9999-12-31")
        .await
        .unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].key.event_name, "pageview");
    eprintln!("5000 stats posts answered in {answered:?}");
    t.stop().await;
}

#[tokio::test]
async fn named_events_unknown_domains_and_shutdown_flush() {
    let t = spawn_flushed_at_shutdown().await;
    let domain = seed_domain(t.store()).await;
    let url = t.api("/v1/stats");
    let mut click = event(&domain);
    click["payload"]["name"] = json!("click");
    for body in [
        event(&domain),
        click.clone(),
        click,
        event("no-such-domain"),
    ] {
        let r = t.http.post(&url).json(&body).send().await.unwrap();
        assert_eq!(r.status(), StatusCode::NO_CONTENT);
    }
    // Each answer came after its event was counted: all four wait in memory, none in the store.
    assert_eq!(t.server.state.stats.waiting(), 4, "counted, not flushed");
    assert_eq!(
        total(&t, &domain).await,
        0,
        "nothing written before the flush"
    );
    let store = t.server.state.store.clone();
    let day = t.server.state.stats.today();
    t.server.shutdown().await.unwrap();
    let rows = store.stats_counts(&domain, &day, &day).await.unwrap();
    let counts: Vec<(String, i64)> = rows
        .iter()
        .map(|r| (r.key.event_name.clone(), r.count))
        .collect();
    assert_eq!(
        counts,
        vec![("click".to_owned(), 2), ("pageview".to_owned(), 1)]
    );
    assert!(store
        .stats_counts("no-such-domain", &day, &day)
        .await
        .unwrap()
        .is_empty());
    drop(t.dir);
}

#[tokio::test]
async fn button_views_and_action_clicks_are_counted_per_id() {
    let t = spawn_flushed_at_shutdown().await;
    let domain = seed_domain(t.store()).await;
    let url = t.api("/v1/stats");
    let with = |extra: Value| {
        let mut e = event(&domain);
        for (k, v) in extra.as_object().unwrap() {
            e["payload"][k] = v.clone();
        }
        e
    };
    for body in [
        event(&domain),
        with(json!({"name": "view", "buttons": ["b1", "b2", "b1"]})),
        with(json!({"name": "view", "buttons": ["b1"]})),
        with(json!({"name": "click", "buttons": ["b1"], "action": "a1"})),
        with(json!({"name": "click", "buttons": ["b1"], "action": "a1"})),
        with(json!({"name": "click", "buttons": ["b2"], "action": "a1"})),
    ] {
        let r = t.http.post(&url).json(&body).send().await.unwrap();
        assert_eq!(r.status(), StatusCode::NO_CONTENT, "{body}");
    }
    let too_many: Vec<String> = (0..21).map(|i| format!("b{i}")).collect();
    let too_long = "x".repeat(65);
    for body in [
        with(json!({"name": "view", "buttons": too_many})),
        with(json!({"name": "view", "buttons": [too_long]})),
        with(json!({"name": "click", "buttons": ["b1"], "action": too_long})),
    ] {
        let r = t.http.post(&url).json(&body).send().await.unwrap();
        assert_eq!(r.status(), StatusCode::BAD_REQUEST, "{body}");
        let v: Value = r.json().await.unwrap();
        assert!(
            v["error"]
                .as_str()
                .unwrap()
                .contains("invalid statistics event"),
            "{v}"
        );
    }
    let store = t.server.state.store.clone();
    let day = t.server.state.stats.today();
    t.server.shutdown().await.unwrap();
    let items: Vec<(String, String, String, i64)> = store
        .item_stats_counts(&domain, &day, &day)
        .await
        .unwrap()
        .into_iter()
        .map(|c| (c.key.event_name, c.key.button_id, c.key.action_id, c.count))
        .collect();
    let row = |e: &str, b: &str, a: &str, n| (e.to_owned(), b.to_owned(), a.to_owned(), n);
    assert_eq!(
        items,
        vec![
            row("click", "b1", "a1", 2),
            row("click", "b2", "a1", 1),
            row("view", "b1", "", 2), // named twice in one event: counted once
            row("view", "b2", "", 1),
        ]
    );
    // The page view alone is in the per-event counts.
    let events = store.stats_counts(&domain, &day, &day).await.unwrap();
    assert_eq!(events.len(), 1);
    assert_eq!(
        (events[0].key.event_name.as_str(), events[0].count),
        ("pageview", 1)
    );
    drop(t.dir);
}

#[tokio::test]
async fn malformed_bodies_are_400_json_and_cors_is_open() {
    let (t, _stopped) = spawn_with_clock().await;
    let url = t.api("/v1/stats");
    for body in [
        "not json",
        "[]",
        r#"{"type":"other","payload":{"event_name":"d"}}"#,
        r#"{"type":"event"}"#,
        r#"{"type":"event","payload":{"website":"beckon","url":""}}"#,
        r#"{"type":"event","payload":{"event_name":"d","name":"Bad Name"}}"#,
        // Button views and action clicks: named, 1-20 ids of 1-64 characters, one button per action.
        r#"{"type":"event","payload":{"event_name":"d","buttons":["b1"]}}"#,
        r#"{"type":"event","payload":{"event_name":"d","name":"view","buttons":[]}}"#,
        r#"{"type":"event","payload":{"event_name":"d","name":"view","buttons":"b1"}}"#,
        r#"{"type":"event","payload":{"event_name":"d","name":"view","buttons":[7]}}"#,
        r#"{"type":"event","payload":{"event_name":"d","name":"view","buttons":[""]}}"#,
        r#"{"type":"event","payload":{"event_name":"d","name":"click","action":"a1"}}"#,
        r#"{"type":"event","payload":{"event_name":"d","name":"click","buttons":["b1","b2"],"action":"a1"}}"#,
        r#"{"type":"event","payload":{"event_name":"d","name":"click","buttons":["b1"],"action":""}}"#,
        r#"{"type":"event","payload":{"event_name":"d","name":"view","buttons":["b\n1"]}}"#,
    ] {
        let r = t
            .http
            .post(&url)
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), StatusCode::BAD_REQUEST, "{body}");
        let v: Value = r.json().await.unwrap();
        assert!(v["error"].as_str().unwrap().len() > 10, "{body}: {v}");
    }
    let r = t
        .http
        .request(reqwest::Method::OPTIONS, &url)
        .header("Origin", "https://any.example")
        .header("Access-Control-Request-Method", "POST")
        .header("Access-Control-Request-Headers", "content-type")
        .send()
        .await
        .unwrap();
    assert!(r.status().is_success());
    assert_eq!(r.headers()["access-control-allow-origin"], "*");
    assert!(r.headers()["access-control-allow-methods"]
        .to_str()
        .unwrap()
        .contains("POST"));
    let r = t
        .http
        .post(&url)
        .header("Origin", "https://any.example")
        .json(&event("d"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::NO_CONTENT);
    assert_eq!(r.headers()["access-control-allow-origin"], "*");
    t.stop().await;
}
