//! Chats as an agent lists them: filters, search, unread counts, the waiting list.

use super::*;

conformance!(timed: channel_queries_filter_search_and_count_unread, the_waiting_list_holds_unanswered_chats_longest_waiting_first);

pub async fn channel_queries_filter_search_and_count_unread(s: &dyn Store, clock: &ManualClock) {
    let (org, domain) = org_and_domain(s).await;
    let other_org = s.create_organisation("Other").await.unwrap();
    let other_domain = s
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
    let me = s.create_persona(agent_persona("Me")).await.unwrap();
    let agent = s
        .create_user(new_user(
            &org.id,
            "me@acme.example",
            Role::Agent,
            Some(me.id.clone()),
        ))
        .await
        .unwrap();

    let (ann, ann_p) = s
        .create_channel(&domain.id, visitor("Ann_Smith"))
        .await
        .unwrap();
    let (bob, bob_p) = s.create_channel(&domain.id, visitor("Bob")).await.unwrap();
    let (elsewhere, _) = s
        .create_channel(&other_domain.id, visitor("Ann"))
        .await
        .unwrap();
    s.insert_message(msg(&ann.id, "v1", &ann_p.id, "one"))
        .await
        .unwrap();
    s.insert_message(msg(&ann.id, "v2", &ann_p.id, "two"))
        .await
        .unwrap();
    s.insert_message(msg(&ann.id, "a1", &me.id, "mine"))
        .await
        .unwrap();
    clock.advance(std::time::Duration::from_millis(1));
    s.insert_message(msg(&bob.id, "v1", &bob_p.id, "hey"))
        .await
        .unwrap();
    // A chat nobody wrote in is its visitor's alone: never listed, not even by id.
    let (quiet, _) = s
        .create_channel(&domain.id, visitor("Quiet"))
        .await
        .unwrap();

    let q = ChannelQuery {
        org_id: org.id.clone(),
        reader_persona_id: me.id.clone(),
        limit: 50,
        ..Default::default()
    };
    let run = |q: ChannelQuery| async move { s.query_channels(&q).await.unwrap() };
    let by_id = ChannelQuery {
        channel_id: Some(quiet.id.clone()),
        ..q.clone()
    };
    assert!(run(by_id).await.is_empty(), "an empty chat is not listed");
    let all = run(q.clone()).await;
    let ids: Vec<&str> = all.iter().map(|c| c.channel.id.as_str()).collect();
    assert_eq!(
        ids,
        [bob.id.as_str(), ann.id.as_str()],
        "newest first, own org only"
    );
    assert!(!ids.contains(&elsewhere.id.as_str()));
    let ann_row = &all[1];
    assert_eq!(ann_row.unread, 2, "own messages are not unread");
    assert_eq!(ann_row.last_message_text.as_deref(), Some("mine"));
    assert_eq!(ann_row.domain_name, "acme.example");
    assert_eq!(ann_row.visitor.name, "Ann_Smith");
    assert_eq!(
        ann_row.visitor.email.as_deref(),
        Some("ann_smith@example.com")
    );
    assert!(ann_row.visitor_last_message_at.is_some());
    assert_eq!(all[0].unread, 1);

    s.mark_read(&ann.id, &me.id, 2).await.unwrap();
    let one = run(ChannelQuery {
        channel_id: Some(ann.id.clone()),
        ..q.clone()
    })
    .await;
    assert_eq!(one.len(), 1);
    assert_eq!(one[0].unread, 0);

    // Search: case-insensitive on name or e-mail; % and _ are literal.
    let search = |t: &str| ChannelQuery {
        search: Some(t.into()),
        ..q.clone()
    };
    assert_eq!(run(search("ann_s")).await.len(), 1);
    assert_eq!(run(search("ANN")).await.len(), 1);
    assert_eq!(run(search("bob@EXAMPLE")).await.len(), 1);
    assert_eq!(run(search("a%s")).await.len(), 0);
    assert_eq!(run(search("n_s")).await.len(), 1);
    assert_eq!(run(search("nXs")).await.len(), 0);
    // A visitor's e-mail, exactly but without case (a visitor's other conversations).
    let email = |e: &str| ChannelQuery {
        visitor_email: Some(e.into()),
        ..q.clone()
    };
    let anns = run(email("ANN_SMITH@example.com")).await;
    assert_eq!(anns.len(), 1);
    assert_eq!(anns[0].channel.id, ann.id);
    assert!(run(email("ann")).await.is_empty(), "not a substring");
    assert!(run(email("a%@example.com")).await.is_empty());

    // Assignment and status filters.
    s.assign_channel(&ann.id, Some(&agent.id)).await.unwrap();
    let mine = run(ChannelQuery {
        assigned: AssignedFilter::To(agent.id.clone()),
        ..q.clone()
    })
    .await;
    assert_eq!(mine.len(), 1);
    assert_eq!(mine[0].channel.id, ann.id);
    let free = run(ChannelQuery {
        assigned: AssignedFilter::Unassigned,
        ..q.clone()
    })
    .await;
    assert_eq!(free.len(), 1);
    assert_eq!(free[0].channel.id, bob.id);
    s.end_channel(&bob.id, now_ms(), None).await.unwrap();
    let open = run(ChannelQuery {
        status: Some(ChannelStatus::Open),
        ..q.clone()
    })
    .await;
    assert_eq!(open.len(), 1);
    let ended = run(ChannelQuery {
        status: Some(ChannelStatus::Ended),
        ..q.clone()
    })
    .await;
    assert_eq!(ended[0].channel.id, bob.id);
    let in_domain = run(ChannelQuery {
        domain_id: Some(other_domain.id.clone()),
        ..q.clone()
    })
    .await;
    assert!(in_domain.is_empty());
    // Paging by last activity, and the limit.
    let first = run(ChannelQuery {
        limit: 1,
        ..q.clone()
    })
    .await;
    assert_eq!(first.len(), 1);
    let next = run(ChannelQuery {
        before: Some(first[0].channel.last_activity_at),
        ..q.clone()
    })
    .await;
    assert!(next.iter().all(|c| c.channel.id != first[0].channel.id));
}

/// Waiting: open chats whose latest message is the visitor's, ordered by when the visitor's
/// first unanswered message came (an answer takes a chat off; the next message puts it back).
pub async fn the_waiting_list_holds_unanswered_chats_longest_waiting_first(
    s: &dyn Store,
    clock: &ManualClock,
) {
    let (org, domain) = org_and_domain(s).await;
    let me = s.create_persona(agent_persona("Me")).await.unwrap();
    let step = || clock.advance(std::time::Duration::from_secs(60));
    let (ann, ann_p) = s.create_channel(&domain.id, visitor("Ann")).await.unwrap();
    let (bob, bob_p) = s.create_channel(&domain.id, visitor("Bob")).await.unwrap();
    let (_quiet, _) = s.create_channel(&domain.id, visitor("Cy")).await.unwrap();
    let started = s.now();
    s.insert_message(msg(&ann.id, "a1", &ann_p.id, "hello?"))
        .await
        .unwrap();
    step();
    s.insert_message(msg(&bob.id, "b1", &bob_p.id, "anyone?"))
        .await
        .unwrap();
    step();
    // Ann writes again later: her wait still began with her first message.
    s.insert_message(msg(&ann.id, "a2", &ann_p.id, "still here"))
        .await
        .unwrap();
    let q = ChannelQuery {
        org_id: org.id.clone(),
        reader_persona_id: me.id.clone(),
        status: Some(ChannelStatus::Open),
        limit: 50,
        waiting: true,
        ..Default::default()
    };
    let waiting = |q: ChannelQuery| async move {
        let rows = s.query_channels(&q).await.unwrap();
        rows.into_iter()
            .map(|c| (c.visitor.name, c.waiting_since))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        waiting(q.clone()).await,
        [
            ("Ann".to_owned(), Some(started)),
            ("Bob".to_owned(), Some(started + 60_000))
        ],
        "the longest waiting first; a chat without messages is not waiting"
    );
    let page = waiting(ChannelQuery {
        before: Some(started),
        before_id: Some(ann.id.clone()),
        ..q.clone()
    })
    .await;
    assert_eq!(page.len(), 1, "paged by waiting time: {page:?}");
    assert_eq!(page[0].0, "Bob");

    // An agent answers Ann: she is no longer waiting; her next message starts a new wait.
    step();
    s.insert_message(msg(&ann.id, "m1", &me.id, "here!"))
        .await
        .unwrap();
    assert_eq!(
        waiting(q.clone()).await,
        [("Bob".to_owned(), Some(started + 60_000))]
    );
    step();
    let again = s.now();
    s.insert_message(msg(&ann.id, "a3", &ann_p.id, "thanks, one more thing"))
        .await
        .unwrap();
    assert_eq!(
        waiting(q.clone()).await,
        [
            ("Bob".to_owned(), Some(started + 60_000)),
            ("Ann".to_owned(), Some(again))
        ]
    );
    // Every list says how long each chat has waited.
    let all = s
        .query_channels(&ChannelQuery {
            waiting: false,
            ..q.clone()
        })
        .await
        .unwrap();
    assert_eq!(all.len(), 2, "a chat nobody wrote in is not listed");
    assert!(all.iter().all(|c| c.waiting_since.is_some()));
}
