//! Retention: what is past it is removed, and erasure.

use super::*;

conformance!(timed: retention_removes_what_is_past_it_and_erasure_what_an_address_gave);

pub async fn retention_removes_what_is_past_it_and_erasure_what_an_address_gave(
    s: &dyn Store,
    clock: &ManualClock,
) {
    const DAY: i64 = 86_400_000;
    let (org, domain) = org_and_domain(s).await;
    let other_org = s.create_organisation("Other").await.unwrap();
    let other = s
        .create_domain(NewDomain {
            id: None,
            org_id: other_org.id.clone(),
            name: "other.example".into(),
            aliases: vec![],
            domain_type: "FREE".into(),
            properties: json!({}),
            timezone: None,
        })
        .await
        .unwrap();
    assert_eq!(s.retention_days(&domain.id).await.unwrap(), None);
    s.set_retention_days(&domain.id, Some(30)).await.unwrap();
    assert_eq!(s.retention_days(&domain.id).await.unwrap(), Some(30));
    assert!(matches!(
        s.set_retention_days("nope", Some(3)).await,
        Err(StoreError::NotFound)
    ));

    // Ann's chat ends now; Bea's stays open; Ann also chatted on another organisation's site.
    let (ann, ann_p) = s.create_channel(&domain.id, visitor("Ann")).await.unwrap();
    let (bea, _) = s.create_channel(&domain.id, visitor("Bea")).await.unwrap();
    let (elsewhere, _) = s.create_channel(&other.id, visitor("Ann")).await.unwrap();
    s.insert_message(msg(&ann.id, "a1", &ann_p.id, "hello"))
        .await
        .unwrap();
    s.mark_read(&ann.id, &ann_p.id, 1).await.unwrap();
    s.rate_channel(&ann.id, 5, Some("great")).await.unwrap();
    s.visitor_on_page(&ann.id, "https://acme.example/p", None)
        .await
        .unwrap();
    s.note_visitor_mail(&domain.id, &ann.id, 5, 50)
        .await
        .unwrap();
    s.end_channel(&ann.id, s.now(), Some(&ann_p.id))
        .await
        .unwrap();
    s.end_channel(&elsewhere.id, s.now(), None).await.unwrap();

    clock.advance(std::time::Duration::from_millis((29 * DAY) as u64));
    assert!(
        s.expired_chats(s.now(), 10).await.unwrap().is_empty(),
        "29 days: kept"
    );
    clock.advance(std::time::Duration::from_millis((2 * DAY) as u64));
    let expired = s.expired_chats(s.now(), 10).await.unwrap();
    assert_eq!(
        expired,
        vec![ChatRef {
            id: ann.id.clone(),
            domain_id: domain.id.clone()
        }],
        "only the ended chat of the domain with a retention"
    );
    assert_eq!(
        s.delete_chats(std::slice::from_ref(&ann.id)).await.unwrap(),
        1
    );
    assert!(matches!(
        s.get_channel(&ann.id).await,
        Err(StoreError::NotFound)
    ));
    assert!(matches!(
        s.get_persona(&ann_p.id).await,
        Err(StoreError::NotFound)
    ));
    assert!(s.messages_after(&ann.id, 0, 10).await.unwrap().is_empty());
    assert_eq!(s.channel_rating(&ann.id).await.unwrap(), None);
    assert!(s.visitor_pages(&ann.id).await.unwrap().is_empty());
    assert_eq!(
        s.delete_chats(std::slice::from_ref(&ann.id)).await.unwrap(),
        0,
        "twice is harmless"
    );
    s.get_channel(&bea.id).await.expect("the open chat stays");
    assert!(s.expired_chats(s.now(), 10).await.unwrap().is_empty());

    // By address: any case, this organisation's or everyone's.
    let mine = s
        .chats_of_email(Some(&org.id), "BEA@Example.com")
        .await
        .unwrap();
    assert_eq!(
        mine,
        vec![ChatRef {
            id: bea.id.clone(),
            domain_id: domain.id.clone()
        }]
    );
    let all_ann = s.chats_of_email(None, "ann@example.com").await.unwrap();
    assert_eq!(all_ann.len(), 1, "Ann's chat elsewhere");
    assert!(s
        .chats_of_email(Some(&org.id), "ann@example.com")
        .await
        .unwrap()
        .is_empty());
    s.set_retention_days(&domain.id, None).await.unwrap();
    assert_eq!(s.retention_days(&domain.id).await.unwrap(), None);
}
