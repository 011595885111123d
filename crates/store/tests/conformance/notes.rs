//! Notes: agents' private notes on chats.

use super::*;

conformance!(timed: notes_are_kept_apart_from_messages);

/// Notes are kept per chat in the order written, and no read of messages sees them: the
/// history, the last seq, the list's last message, unread counts and the waiting list are
/// as if there were none. A removed author's notes stay, with their name.
pub async fn notes_are_kept_apart_from_messages(s: &dyn Store, clock: &ManualClock) {
    let (org, domain) = org_and_domain(s).await;
    let ada = s
        .create_user(NewUser {
            org_id: org.id.clone(),
            email: "ada@acme.example".into(),
            name: "Ada".into(),
            password_hash: "h".into(),
            role: Role::Agent,
            persona_id: None,
        })
        .await
        .unwrap();
    let me = s.create_persona(agent_persona("Me")).await.unwrap();
    let (c, ann) = s.create_channel(&domain.id, visitor("Ann")).await.unwrap();
    s.insert_message(msg(&c.id, "a1", &ann.id, "hello?"))
        .await
        .unwrap();
    let q = ChannelQuery {
        org_id: org.id.clone(),
        reader_persona_id: me.id.clone(),
        channel_id: Some(c.id.clone()),
        limit: 50,
        ..Default::default()
    };
    let before = s.query_channels(&q).await.unwrap();

    assert_eq!(s.channel_notes(&c.id, 10).await.unwrap(), vec![]);
    clock.advance(std::time::Duration::from_millis(5));
    let first = s
        .add_note(&c.id, &ada.id, "Ada", "VIP customer, be nice")
        .await
        .unwrap();
    assert_eq!(
        (
            first.channel_id.as_str(),
            first.author_id.as_deref(),
            first.author_name.as_str(),
            first.text.as_str(),
            first.created_at
        ),
        (
            c.id.as_str(),
            Some(ada.id.as_str()),
            "Ada",
            "VIP customer, be nice",
            s.now()
        )
    );
    clock.advance(std::time::Duration::from_millis(5));
    let second = s
        .add_note(&c.id, &ada.id, "Ada", "refund done")
        .await
        .unwrap();
    assert_eq!(
        s.channel_notes(&c.id, 10).await.unwrap(),
        vec![first.clone(), second.clone()],
        "oldest first"
    );
    assert_eq!(
        s.channel_notes(&c.id, 1).await.unwrap(),
        vec![second.clone()],
        "the latest within the limit"
    );

    // Messages know nothing of them.
    let messages = s.messages_after(&c.id, 0, 100).await.unwrap();
    assert_eq!(
        messages.iter().map(|m| m.text.as_str()).collect::<Vec<_>>(),
        ["hello?"]
    );
    assert_eq!(s.get_channel(&c.id).await.unwrap().last_seq, 1);
    let after = s.query_channels(&q).await.unwrap();
    assert_eq!(
        (
            after[0].unread,
            &after[0].last_message_text,
            after[0].channel.last_activity_at
        ),
        (
            before[0].unread,
            &before[0].last_message_text,
            before[0].channel.last_activity_at
        )
    );
    let waiting = s
        .query_channels(&ChannelQuery {
            waiting: true,
            status: Some(ChannelStatus::Open),
            ..q.clone()
        })
        .await
        .unwrap();
    assert_eq!(waiting.len(), 1, "a note is no answer: Ann still waits");

    // Refused: an unknown chat, U+0000 (as messages).
    assert!(matches!(
        s.add_note("nope", &ada.id, "Ada", "x").await,
        Err(StoreError::NotFound)
    ));
    assert!(matches!(
        s.add_note(&c.id, &ada.id, "Ada", "a\0b").await,
        Err(StoreError::Invalid(_))
    ));
    assert!(s.channel_notes("nope", 10).await.unwrap().is_empty());

    // The author leaves: the notes stay, by name.
    s.delete_user(&ada.id).await.unwrap();
    let kept = s.channel_notes(&c.id, 10).await.unwrap();
    assert_eq!(
        kept.iter()
            .map(|n| (n.author_id.clone(), n.author_name.as_str()))
            .collect::<Vec<_>>(),
        [(None, "Ada"), (None, "Ada")]
    );
    // The chat is erased (retention, or the visitor's request): its notes go with it.
    assert_eq!(
        s.delete_chats(std::slice::from_ref(&c.id)).await.unwrap(),
        1
    );
    assert!(s.channel_notes(&c.id, 10).await.unwrap().is_empty());
}
