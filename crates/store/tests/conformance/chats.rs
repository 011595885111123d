//! Chats: personas, channels, read markers, returning visitors, paging.

use super::*;

conformance!(
    personas,
    read_markers_only_move_forward,
    the_ended_channel_of_a_returning_visitor,
    paging_through_chats_active_in_the_same_millisecond
);

conformance!(timed: channels);

pub async fn personas(s: &dyn Store) {
    let p = s.create_persona(visitor("Ann")).await.unwrap();
    assert_eq!(s.get_persona(&p.id).await.unwrap(), p);
    let mut changed = p.clone();
    changed.name = "Ann B".into();
    changed.email = None;
    changed.legal_notice_accepted = 1_700_000_000_000;
    changed.avatar_url = Some("https://x.example/a.png".into());
    s.update_persona(&changed).await.unwrap();
    assert_eq!(s.get_persona(&p.id).await.unwrap(), changed);
    assert!(matches!(
        s.get_persona("nope").await,
        Err(StoreError::NotFound)
    ));
}

pub async fn channels(s: &dyn Store, clock: &ManualClock) {
    let (org, domain) = org_and_domain(s).await;
    assert!(matches!(
        s.create_channel("nope", visitor("X")).await,
        Err(StoreError::NotFound)
    ));
    let (c1, p1) = s.create_channel(&domain.id, visitor("Ann")).await.unwrap();
    assert_eq!(c1.status, ChannelStatus::Open);
    assert_eq!(c1.visitor_persona_id, p1.id);
    assert_eq!(c1.last_seq, 0);
    assert_eq!(s.get_channel(&c1.id).await.unwrap(), c1);
    assert_eq!(s.get_persona(&p1.id).await.unwrap(), p1);
    let (c2, _) = s.create_channel(&domain.id, visitor("Bea")).await.unwrap();
    // c1 becomes the most recently active.
    clock.advance(std::time::Duration::from_millis(1));
    s.insert_message(msg(&c1.id, "m1", &p1.id, "hi"))
        .await
        .unwrap();
    let all = s.list_channels(&domain.id, None, 10).await.unwrap();
    assert_eq!(
        all.iter().map(|c| c.id.as_str()).collect::<Vec<_>>(),
        vec![c1.id.as_str(), c2.id.as_str()]
    );
    assert_eq!(s.list_channels(&domain.id, None, 1).await.unwrap().len(), 1);

    let c2_visitor = c2.visitor_persona_id.clone();
    let ended = s
        .end_channel(&c2.id, 12_345, Some(&c2_visitor))
        .await
        .unwrap();
    assert_eq!(ended.status, ChannelStatus::Ended);
    assert_eq!(ended.ended_at, Some(12_345));
    assert_eq!(ended.ended_by.as_deref(), Some(c2_visitor.as_str()));
    let again = s.end_channel(&c2.id, 99_999, None).await.unwrap();
    assert_eq!(
        (again.ended_at, again.ended_by.as_deref()),
        (Some(12_345), Some(c2_visitor.as_str())),
        "ending twice keeps the first time and who"
    );
    let reopened = s.reopen_channel(&c2.id, 12_346).await.unwrap();
    assert_eq!((reopened.ended_at, reopened.ended_by), (None, None));
    s.end_channel(&c2.id, 12_347, None).await.unwrap();
    let open = s
        .list_channels(&domain.id, Some(ChannelStatus::Open), 10)
        .await
        .unwrap();
    assert_eq!(open.len(), 1);
    assert_eq!(open[0].id, c1.id);
    let closed = s
        .list_channels(&domain.id, Some(ChannelStatus::Ended), 10)
        .await
        .unwrap();
    assert_eq!(closed.len(), 1);
    assert!(matches!(
        s.end_channel("nope", 1, None).await,
        Err(StoreError::NotFound)
    ));

    let agent = s
        .create_user(NewUser {
            org_id: org.id,
            email: "a@acme.example".into(),
            name: "A".into(),
            password_hash: "h".into(),
            role: Role::Agent,
            persona_id: None,
        })
        .await
        .unwrap();
    s.assign_channel(&c1.id, Some(&agent.id)).await.unwrap();
    assert_eq!(
        s.get_channel(&c1.id).await.unwrap().assigned_agent_id,
        Some(agent.id)
    );
    s.assign_channel(&c1.id, None).await.unwrap();
    assert_eq!(s.get_channel(&c1.id).await.unwrap().assigned_agent_id, None);
}

pub async fn read_markers_only_move_forward(s: &dyn Store) {
    let (_, domain) = org_and_domain(s).await;
    let (c, p) = s.create_channel(&domain.id, visitor("Ann")).await.unwrap();
    assert_eq!(s.read_marker(&c.id, &p.id).await.unwrap(), 0);
    assert_eq!(s.mark_read(&c.id, &p.id, 3).await.unwrap(), 3);
    assert_eq!(s.mark_read(&c.id, &p.id, 2).await.unwrap(), 3, "never back");
    assert_eq!(s.read_marker(&c.id, &p.id).await.unwrap(), 3);
    assert_eq!(s.mark_read(&c.id, &p.id, 7).await.unwrap(), 7);
    assert_eq!(s.read_marker(&c.id, &p.id).await.unwrap(), 7);
}

pub async fn the_ended_channel_of_a_returning_visitor(s: &dyn Store) {
    let (org, domain) = org_and_domain(s).await;
    let other = s
        .create_domain(NewDomain {
            id: None,
            org_id: org.id.clone(),
            name: "other.example".into(),
            aliases: vec![],
            domain_type: "FREE".into(),
            properties: json!({}),
            timezone: None,
        })
        .await
        .unwrap();
    let (first, ann) = s.create_channel(&domain.id, visitor("Ann")).await.unwrap();
    let (open, ann2) = s.create_channel(&domain.id, visitor("Ann")).await.unwrap();
    let (elsewhere, ann3) = s.create_channel(&other.id, visitor("Ann")).await.unwrap();
    let (bob, bob_p) = s.create_channel(&domain.id, visitor("Bob")).await.unwrap();
    let found = |domain: String, persona: String, email: &'static str, since: i64| async move {
        s.ended_channel_of_visitor(&domain, &persona, email, since)
            .await
            .unwrap()
            .map(|(c, p)| {
                assert_eq!(c.visitor_persona_id, p.id);
                c.id
            })
    };
    assert_eq!(
        found(domain.id.clone(), ann.id.clone(), "ann@example.com", 0).await,
        None,
        "still open"
    );
    for (c, at) in [(&first, 1_000), (&elsewhere, 5_000), (&bob, 6_000)] {
        s.end_channel(&c.id, at, None).await.unwrap();
    }
    // The visitor's own ended chat; the e-mail compares without case.
    assert_eq!(
        found(domain.id.clone(), ann.id.clone(), "ANN@Example.com", 0).await,
        Some(first.id.clone())
    );
    // Another visitor's persona, another e-mail or another domain finds nothing.
    assert_eq!(
        found(domain.id.clone(), bob_p.id.clone(), "ann@example.com", 0).await,
        None
    );
    assert_eq!(
        found(domain.id.clone(), ann.id.clone(), "bob@example.com", 0).await,
        None
    );
    assert_eq!(
        found(other.id.clone(), ann.id.clone(), "ann@example.com", 0).await,
        None
    );
    assert_eq!(
        found(other.id.clone(), ann3.id.clone(), "ann@example.com", 0).await,
        Some(elsewhere.id.clone())
    );
    // Open chats are not ended ones; chats that ended too long ago do not count.
    assert_eq!(
        found(domain.id.clone(), ann2.id.clone(), "ann@example.com", 0).await,
        None
    );
    s.end_channel(&open.id, 2_000, None).await.unwrap();
    assert_eq!(
        found(domain.id.clone(), ann2.id.clone(), "ann@example.com", 0).await,
        Some(open.id.clone())
    );
    assert_eq!(
        found(domain.id.clone(), ann2.id.clone(), "ann@example.com", 2_001).await,
        None
    );
}

/// Chats whose last activity fell in the same millisecond are each listed once when an
/// agent pages through them (the cursor is the last chat's activity time and id).
pub async fn paging_through_chats_active_in_the_same_millisecond(s: &dyn Store) {
    let (org, domain) = org_and_domain(s).await;
    let me = s.create_persona(agent_persona("Me")).await.unwrap();
    let mut ids = Vec::new();
    for i in 0..5 {
        let (c, v) = s
            .create_channel(&domain.id, visitor(&format!("V{i}")))
            .await
            .unwrap();
        s.insert_message(msg(&c.id, "v1", &v.id, "hello"))
            .await
            .unwrap();
        ids.push(c.id);
    }
    // Ended together: one activity time for all five.
    let at = now_ms();
    for id in &ids {
        s.end_channel(id, at, None).await.unwrap();
    }
    let q = ChannelQuery {
        org_id: org.id.clone(),
        reader_persona_id: me.id.clone(),
        limit: 2,
        ..Default::default()
    };
    let mut seen = Vec::new();
    let mut cursor: Option<(i64, String)> = None;
    loop {
        let page = s
            .query_channels(&ChannelQuery {
                before: cursor.as_ref().map(|c| c.0),
                before_id: cursor.as_ref().map(|c| c.1.clone()),
                ..q.clone()
            })
            .await
            .unwrap();
        let Some(last) = page.last() else { break };
        cursor = Some((last.channel.last_activity_at, last.channel.id.clone()));
        seen.extend(page.iter().map(|c| c.channel.id.clone()));
        assert!(seen.len() <= 5, "a chat was listed twice: {seen:?}");
    }
    ids.sort();
    assert_eq!(seen, ids, "every chat once, ties in id order");
}
