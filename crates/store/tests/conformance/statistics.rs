//! Statistics: counts per day, button and action.

use super::*;

conformance!(statistics_add_up, button_and_action_statistics_add_up);

pub async fn statistics_add_up(s: &dyn Store) {
    let (_, domain) = org_and_domain(s).await;
    let key = |day: &str, ev: &str| StatsKey {
        domain_id: domain.id.clone(),
        day: day.into(),
        event_name: ev.into(),
    };
    let batch = vec![
        StatsCount {
            key: key("2026-01-02", "pageview"),
            count: 5,
        },
        StatsCount {
            key: key("2026-01-01", "pageview"),
            count: 2,
        },
        StatsCount {
            key: key("2026-01-01", "click"),
            count: 1,
        },
        StatsCount {
            key: StatsKey {
                domain_id: "nope".into(),
                day: "2026-01-01".into(),
                event_name: "pageview".into(),
            },
            count: 9,
        },
    ];
    s.add_stats(&batch).await.unwrap();
    s.add_stats(&batch[..1]).await.unwrap();
    s.add_stats(&[]).await.unwrap();
    let rows = s
        .stats_counts(&domain.id, "2026-01-01", "2026-01-31")
        .await
        .unwrap();
    let got: Vec<(String, String, i64)> = rows
        .into_iter()
        .map(|r| (r.key.day, r.key.event_name, r.count))
        .collect();
    assert_eq!(
        got,
        vec![
            ("2026-01-01".into(), "click".into(), 1),
            ("2026-01-01".into(), "pageview".into(), 2),
            ("2026-01-02".into(), "pageview".into(), 10),
        ]
    );
    assert_eq!(
        s.stats_counts(&domain.id, "2026-01-02", "2026-01-02")
            .await
            .unwrap()
            .len(),
        1
    );
    assert!(s
        .stats_counts("nope", "2000-01-01", "2100-01-01")
        .await
        .unwrap()
        .is_empty());
}

pub async fn button_and_action_statistics_add_up(s: &dyn Store) {
    let (_, domain) = org_and_domain(s).await;
    let count = |domain: &str, day: &str, ev: &str, button: &str, action: &str, n| ItemStatsCount {
        key: ItemStatsKey {
            domain_id: domain.into(),
            day: day.into(),
            event_name: ev.into(),
            button_id: button.into(),
            action_id: action.into(),
        },
        count: n,
    };
    let d = domain.id.as_str();
    let batch = vec![
        count(d, "2026-01-02", "view", "b1", "", 4),
        count(d, "2026-01-01", "view", "b2", "", 1),
        count(d, "2026-01-01", "view", "b1", "", 2),
        count(d, "2026-01-01", "click", "b1", "a2", 1),
        count(d, "2026-01-01", "click", "b1", "a1", 3),
        count("nope", "2026-01-01", "view", "b1", "", 9),
    ];
    s.add_item_stats(&batch).await.unwrap();
    s.add_item_stats(&batch[3..4]).await.unwrap();
    s.add_item_stats(&[]).await.unwrap();
    let got: Vec<(String, String, String, String, i64)> = s
        .item_stats_counts(d, "2026-01-01", "2026-01-31")
        .await
        .unwrap()
        .into_iter()
        .map(|c| {
            (
                c.key.day,
                c.key.event_name,
                c.key.button_id,
                c.key.action_id,
                c.count,
            )
        })
        .collect();
    let row = |day: &str, ev: &str, b: &str, a: &str, n| {
        (day.to_owned(), ev.to_owned(), b.to_owned(), a.to_owned(), n)
    };
    assert_eq!(
        got,
        vec![
            row("2026-01-01", "click", "b1", "a1", 3),
            row("2026-01-01", "click", "b1", "a2", 2),
            row("2026-01-01", "view", "b1", "", 2),
            row("2026-01-01", "view", "b2", "", 1),
            row("2026-01-02", "view", "b1", "", 4),
        ]
    );
    assert_eq!(
        s.item_stats_counts(d, "2026-01-02", "2026-01-02")
            .await
            .unwrap()
            .len(),
        1
    );
    assert!(s
        .item_stats_counts("nope", "2000-01-01", "2100-01-01")
        .await
        .unwrap()
        .is_empty());
    // Page-view counts are not mixed in.
    assert!(s
        .stats_counts(d, "2000-01-01", "2100-01-01")
        .await
        .unwrap()
        .is_empty());
}
