//! Visits: the pages of a visitor's visit.

use super::*;
// The store's `visits` module (this file's name shadows it).
use beckon_store::visits;

conformance!(timed: a_visits_pages_are_the_latest_fifty_each_once_in_a_row);

pub async fn a_visits_pages_are_the_latest_fifty_each_once_in_a_row(
    s: &dyn Store,
    clock: &ManualClock,
) {
    let (_, domain) = org_and_domain(s).await;
    let (chat, _) = s.create_channel(&domain.id, visitor("Eve")).await.unwrap();
    assert_eq!(s.visitor_context(&chat.id).await.unwrap(), None);
    let context = VisitorContext {
        user_agent: Some("UA".into()),
        country: Some("NL".into()),
        referrer: None,
        time_zone: Some("Europe/Amsterdam".into()),
        language: Some("nl".into()),
        left_at: None,
    };
    s.set_visitor_context(&chat.id, &context).await.unwrap();
    assert_eq!(
        s.visitor_context(&chat.id)
            .await
            .unwrap()
            .unwrap()
            .language
            .as_deref(),
        Some("nl"),
        "the language the widget spoke is kept"
    );
    for i in 0..60 {
        clock.advance(std::time::Duration::from_millis(1));
        assert_eq!(
            s.visitor_on_page(&chat.id, &format!("https://acme.example/{i}"), None)
                .await
                .unwrap(),
            Some(s.now())
        );
    }
    let seen_at = s.now();
    clock.advance(std::time::Duration::from_millis(1));
    assert_eq!(
        s.visitor_on_page(&chat.id, "https://acme.example/59", None)
            .await
            .unwrap(),
        None,
        "the page already latest is no new page"
    );
    // A single-page site names its page after changing the address: the entry takes the
    // title and is told again, as the same entry.
    for (title, told) in [("Blue chair", Some(seen_at)), ("Blue chair", None)] {
        assert_eq!(
            s.visitor_on_page(&chat.id, "https://acme.example/59", Some(title))
                .await
                .unwrap(),
            told,
            "{title}"
        );
    }
    let pages = s.visitor_pages(&chat.id).await.unwrap();
    assert_eq!(pages.len() as i64, visits::MAX_PAGES);
    assert_eq!(pages[0].url, "https://acme.example/59");
    assert_eq!(
        (pages[0].title.as_deref(), pages[0].seen_at),
        (Some("Blue chair"), seen_at)
    );
    assert_eq!(pages.last().unwrap().url, "https://acme.example/10");
    s.visitor_left(&chat.id).await.unwrap();
    let left = s.visitor_context(&chat.id).await.unwrap().unwrap();
    assert_eq!(left.user_agent.as_deref(), Some("UA"), "the context stays");
    assert!(left.left_at.is_some());
    s.visitor_on_page(&chat.id, "https://acme.example/back", None)
        .await
        .unwrap();
    assert_eq!(
        s.visitor_context(&chat.id).await.unwrap().unwrap().left_at,
        None,
        "back on the site"
    );
}
