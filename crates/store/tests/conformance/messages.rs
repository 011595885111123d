//! Chats' messages: sequence numbers, resends, client ids, concurrent senders and instances, refused text.

use super::*;

conformance!(
    messages_get_gapless_sequence_numbers,
    resending_a_message_stores_nothing_new,
    a_client_id_taken_by_another_sender_is_refused,
    ended_channels_take_no_new_messages,
    concurrent_senders_never_share_a_sequence_number,
    a_message_that_cannot_be_stored_fails_alone,
    text_with_u0000_is_refused_and_changes_nothing
);

/// PostgreSQL only (SQLite is one machine's database): two instances' stores on one schema.
#[tokio::test]
#[cfg_attr(not(beckon_test_postgres), ignore = "needs DATABASE_URL_TEST")]
async fn postgres_two_instances_sending_into_the_same_chats_at_once() {
    let (a, b, schema) = two_postgres_instances().await;
    two_instances_sending_into_the_same_chats_at_once(&a, &b).await;
    a.drop_schema(&schema).await.unwrap();
}

pub async fn messages_get_gapless_sequence_numbers(s: &dyn Store) {
    let (c, visitor_p, agent) = chat_with_agent(s).await;
    let mut seqs = vec![];
    for i in 0..5 {
        let sender = if i % 2 == 0 { &visitor_p.id } else { &agent.id };
        let mut m = msg(&c.id, &format!("c{i}"), sender, &format!("text {i}"));
        if i == 3 {
            m.attachments =
                json!([{"type": "image", "url": "https://x.example/i.png", "name": "i.png"}]);
        }
        let ins = s.insert_message(m).await.unwrap();
        assert!(ins.created);
        seqs.push(ins.message.seq);
    }
    assert_eq!(seqs, vec![1, 2, 3, 4, 5]);
    assert_eq!(s.get_channel(&c.id).await.unwrap().last_seq, 5);
    let after2 = s.messages_after(&c.id, 2, 100).await.unwrap();
    assert_eq!(
        after2.iter().map(|m| m.seq).collect::<Vec<_>>(),
        vec![3, 4, 5]
    );
    assert_eq!(after2[1].attachments[0]["name"], "i.png");
    assert_eq!(after2[0].text, "text 2");
    assert_eq!(s.messages_after(&c.id, 0, 2).await.unwrap().len(), 2);
    assert!(s.messages_after(&c.id, 5, 100).await.unwrap().is_empty());
    assert!(s.messages_after("nope", 0, 100).await.unwrap().is_empty());
    let personas = s.channel_personas(&c.id).await.unwrap();
    let mut ids: Vec<_> = personas.iter().map(|p| p.id.clone()).collect();
    ids.sort();
    let mut want = vec![visitor_p.id.clone(), agent.id.clone()];
    want.sort();
    assert_eq!(ids, want);
    // Another channel counts from 1.
    let (c2, p2) = s.create_channel(&c.domain_id, visitor("Cy")).await.unwrap();
    let m = s
        .insert_message(msg(&c2.id, "c0", &p2.id, "x"))
        .await
        .unwrap();
    assert_eq!(m.message.seq, 1);
    assert!(matches!(
        s.insert_message(msg("nope", "c0", &p2.id, "x")).await,
        Err(StoreError::NotFound)
    ));
}

pub async fn resending_a_message_stores_nothing_new(s: &dyn Store) {
    let (_, domain) = org_and_domain(s).await;
    let (c, p) = s.create_channel(&domain.id, visitor("Ann")).await.unwrap();
    let first = s
        .insert_message(msg(&c.id, "same", &p.id, "hello"))
        .await
        .unwrap();
    s.insert_message(msg(&c.id, "other", &p.id, "second"))
        .await
        .unwrap();
    let again = s
        .insert_message(msg(&c.id, "same", &p.id, "hello"))
        .await
        .unwrap();
    assert!(!again.created);
    assert_eq!(again.message, first.message);
    assert_eq!(s.messages_after(&c.id, 0, 100).await.unwrap().len(), 2);
    assert_eq!(s.get_channel(&c.id).await.unwrap().last_seq, 2);
    // The same client id in another channel is another message.
    let (c2, p2) = s.create_channel(&domain.id, visitor("Bea")).await.unwrap();
    let other = s
        .insert_message(msg(&c2.id, "same", &p2.id, "hi"))
        .await
        .unwrap();
    assert!(other.created);
    assert_eq!(other.message.seq, 1);
}

pub async fn a_client_id_taken_by_another_sender_is_refused(s: &dyn Store) {
    let (c, visitor_persona, agent) = chat_with_agent(s).await;
    let first = s
        .insert_message(msg(&c.id, "taken", &visitor_persona.id, "from Ann"))
        .await
        .unwrap();
    // Another sender with the same client id: refused, nothing stored, no sequence used.
    let clash = s
        .insert_message(msg(&c.id, "taken", &agent.id, "from Bob"))
        .await;
    assert!(matches!(clash, Err(StoreError::ClientIdTaken)), "{clash:?}");
    assert_eq!(
        s.messages_after(&c.id, 0, 100).await.unwrap(),
        vec![first.message.clone()]
    );
    assert_eq!(s.get_channel(&c.id).await.unwrap().last_seq, 1);
    // Its own sender's re-send is still that message.
    let again = s
        .insert_message(msg(&c.id, "taken", &visitor_persona.id, "from Ann"))
        .await
        .unwrap();
    assert!(!again.created);
    assert_eq!(again.message, first.message);
    // And the other sender's next message, with an id of its own, gets the next seq.
    let next = s
        .insert_message(msg(&c.id, "bob-1", &agent.id, "from Bob"))
        .await
        .unwrap();
    assert_eq!(next.message.seq, 2);
}

pub async fn ended_channels_take_no_new_messages(s: &dyn Store) {
    let (_, domain) = org_and_domain(s).await;
    let (c, p) = s.create_channel(&domain.id, visitor("Ann")).await.unwrap();
    let sent = s
        .insert_message(msg(&c.id, "m1", &p.id, "bye"))
        .await
        .unwrap();
    s.end_channel(&c.id, now_ms(), None).await.unwrap();
    assert!(matches!(
        s.insert_message(msg(&c.id, "m2", &p.id, "late")).await,
        Err(StoreError::ChannelEnded)
    ));
    // The ack of a message stored before the end still comes back.
    let again = s
        .insert_message(msg(&c.id, "m1", &p.id, "bye"))
        .await
        .unwrap();
    assert!(!again.created);
    assert_eq!(again.message, sent.message);
    assert_eq!(s.get_channel(&c.id).await.unwrap().last_seq, 1);
}

pub async fn concurrent_senders_never_share_a_sequence_number(s: &dyn Store) {
    let (_, domain) = org_and_domain(s).await;
    let (c, p) = s.create_channel(&domain.id, visitor("Ann")).await.unwrap();
    // 40 distinct messages, each sent twice at once.
    let results = futures_join_all((0..80).map(|i| {
        let m = msg(&c.id, &format!("m{}", i % 40), &p.id, "x");
        async move { s.insert_message(m).await.unwrap() }
    }))
    .await;
    assert_eq!(results.iter().filter(|r| r.created).count(), 40);
    let stored = s.messages_after(&c.id, 0, 1000).await.unwrap();
    assert_eq!(
        stored.iter().map(|m| m.seq).collect::<Vec<_>>(),
        (1..=40).collect::<Vec<i64>>()
    );
    for r in &results {
        let m = stored
            .iter()
            .find(|m| m.client_id == r.message.client_id)
            .unwrap();
        assert_eq!(m.seq, r.message.seq);
        assert_eq!(m.id, r.message.id);
    }
}

pub async fn a_message_that_cannot_be_stored_fails_alone(s: &dyn Store) {
    let (_, domain) = org_and_domain(s).await;
    let (c, p) = s.create_channel(&domain.id, visitor("Ann")).await.unwrap();
    // Sent together (SQLite commits them together), one from a sender that does not exist.
    let results = futures_join_all((0..20).map(|i| {
        let sender = if i == 7 {
            "no-such-persona"
        } else {
            p.id.as_str()
        };
        let m = msg(&c.id, &format!("m{i}"), sender, "x");
        async move { s.insert_message(m).await }
    }))
    .await;
    assert!(
        results[7].is_err(),
        "the unknown sender's message was stored"
    );
    let mut seqs: Vec<i64> = results
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != 7)
        .map(|(i, r)| {
            r.as_ref()
                .unwrap_or_else(|e| panic!("message {i}: {e}"))
                .message
                .seq
        })
        .collect();
    seqs.sort();
    assert_eq!(seqs, (1..=19).collect::<Vec<i64>>());
    let stored = s.messages_after(&c.id, 0, 100).await.unwrap();
    assert_eq!(stored.len(), 19);
    assert!(stored.iter().all(|m| m.client_id != "m7"));
    assert_eq!(s.get_channel(&c.id).await.unwrap().last_seq, 19);
}

/// Two stores on one database (two instances) write into the same chats at once, in
/// opposite orders, every message from both: each is stored once, the sequence numbers of
/// every chat are gapless, and both instances answer the same row for it.
pub async fn two_instances_sending_into_the_same_chats_at_once(a: &dyn Store, b: &dyn Store) {
    let (_, domain) = org_and_domain(a).await;
    let mut chats = Vec::new();
    for i in 0..8 {
        chats.push(
            a.create_channel(&domain.id, visitor(&format!("V{i}")))
                .await
                .unwrap(),
        );
    }
    let chats = &chats;
    let sends = |s: &'static str, order: Vec<usize>| {
        order.into_iter().map(move |i| {
            let (c, p) = &chats[i % chats.len()];
            (s, msg(&c.id, &format!("m{i}"), &p.id, "x"))
        })
    };
    let forward = sends("a", (0..160).collect());
    let backward = sends("b", (0..160).rev().collect());
    let results = futures_join_all(forward.zip(backward).flat_map(|(x, y)| [x, y]).map(
        |(which, m)| async move {
            let s = if which == "a" { a } else { b };
            s.insert_message(m).await.unwrap()
        },
    ))
    .await;
    assert_eq!(results.iter().filter(|r| r.created).count(), 160);
    for (c, _) in chats {
        let stored = a.messages_after(&c.id, 0, 1000).await.unwrap();
        assert_eq!(
            stored.iter().map(|m| m.seq).collect::<Vec<_>>(),
            (1..=20).collect::<Vec<i64>>()
        );
        assert_eq!(a.get_channel(&c.id).await.unwrap().last_seq, 20);
        for r in results.iter().filter(|r| r.message.channel_id == c.id) {
            let m = stored
                .iter()
                .find(|m| m.client_id == r.message.client_id)
                .unwrap();
            assert_eq!(
                (m.id.as_str(), m.seq),
                (r.message.id.as_str(), r.message.seq)
            );
        }
    }
}

/// PostgreSQL cannot keep U+0000; SQLite could, but refuses it too, the same way.
pub async fn text_with_u0000_is_refused_and_changes_nothing(s: &dyn Store) {
    let (_, domain) = org_and_domain(s).await;
    for bad in [
        NewPersona {
            name: "An\0n".into(),
            ..visitor("Ann")
        },
        NewPersona {
            url: Some("https://acme.example/\0".into()),
            ..visitor("Ann")
        },
    ] {
        match s.create_channel(&domain.id, bad).await {
            Err(StoreError::Invalid(m)) => assert!(m.contains("U+0000"), "{m}"),
            other => panic!("a persona with U+0000: {other:?}"),
        }
    }
    match s.create_channel("d\0", visitor("Ann")).await {
        Err(StoreError::Invalid(_)) => {}
        other => panic!("a domain id with U+0000: {other:?}"),
    }
    let (c, p) = s.create_channel(&domain.id, visitor("Ann")).await.unwrap();
    let mut with_attachment = msg(&c.id, "m4", &p.id, "x");
    with_attachment.attachments =
        json!([{"type": "file", "url": "https://acme.example/\u{0}", "name": "a"}]);
    for bad in [
        msg(&c.id, "m1", &p.id, "hello\0"),
        msg(&c.id, "m\u{0}2", &p.id, "hello"),
        msg(&format!("{}\0", c.id), "m3", &p.id, "hello"),
        with_attachment,
    ] {
        match s.insert_message(bad).await {
            Err(StoreError::Invalid(m)) => assert!(m.contains("U+0000"), "{m}"),
            other => panic!("a message with U+0000: {other:?}"),
        }
    }
    assert!(s.messages_after(&c.id, 0, 10).await.unwrap().is_empty());
    assert_eq!(s.get_channel(&c.id).await.unwrap().last_seq, 0);
    let ok = s
        .insert_message(msg(&c.id, "m5", &p.id, "hello"))
        .await
        .unwrap();
    assert_eq!(ok.message.seq, 1, "no gap after the refused ones");
}
