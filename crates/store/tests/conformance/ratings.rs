//! Ratings: visitors' ratings of their chats.

use super::*;

conformance!(timed: ratings_replace_each_other_and_add_up_per_agent);

/// One rating per chat (a later one replaces it), credited to the agent assigned when it was
/// given; tallies per agent over a period, nobody's last; a removed agent's become nobody's.
pub async fn ratings_replace_each_other_and_add_up_per_agent(s: &dyn Store, clock: &ManualClock) {
    let (org, domain) = org_and_domain(s).await;
    let agent = |email: &str, name: &str| NewUser {
        org_id: org.id.clone(),
        email: email.into(),
        name: name.into(),
        password_hash: "h".into(),
        role: Role::Agent,
        persona_id: None,
    };
    let ada = s
        .create_user(agent("ada@acme.example", "Ada"))
        .await
        .unwrap();
    let bob = s
        .create_user(agent("bob@acme.example", "Bob"))
        .await
        .unwrap();
    let (c1, _) = s.create_channel(&domain.id, visitor("Ann")).await.unwrap();
    let (c2, _) = s.create_channel(&domain.id, visitor("Bea")).await.unwrap();
    let (c3, _) = s.create_channel(&domain.id, visitor("Cy")).await.unwrap();
    let (c4, _) = s.create_channel(&domain.id, visitor("Di")).await.unwrap();

    assert_eq!(s.channel_rating(&c1.id).await.unwrap(), None);
    assert!(matches!(
        s.rate_channel("nope", 3, None).await,
        Err(StoreError::NotFound)
    ));
    let start = s.now();
    s.assign_channel(&c1.id, Some(&ada.id)).await.unwrap();
    let first = s.rate_channel(&c1.id, 2, Some("Slow")).await.unwrap();
    assert_eq!(
        (
            first.domain_id.as_str(),
            first.agent_id.as_deref(),
            first.score,
            first.comment.as_deref(),
            first.created_at
        ),
        (
            domain.id.as_str(),
            Some(ada.id.as_str()),
            2,
            Some("Slow"),
            start
        )
    );
    // Rated again, after Bob took it over: the later rating replaces it, Bob's now.
    clock.advance(std::time::Duration::from_millis(10));
    s.assign_channel(&c1.id, Some(&bob.id)).await.unwrap();
    let again = s.rate_channel(&c1.id, 5, Some("")).await.unwrap();
    assert_eq!(s.channel_rating(&c1.id).await.unwrap(), Some(again.clone()));
    assert_eq!(
        (
            again.agent_id.as_deref(),
            again.score,
            again.comment,
            again.created_at
        ),
        (Some(bob.id.as_str()), 5, None, start + 10)
    );
    // An ended chat is rated as well; one nobody was assigned to counts for nobody.
    s.assign_channel(&c2.id, Some(&ada.id)).await.unwrap();
    s.end_channel(&c2.id, s.now(), None).await.unwrap();
    s.rate_channel(&c2.id, 4, None).await.unwrap();
    s.assign_channel(&c3.id, Some(&ada.id)).await.unwrap();
    s.rate_channel(&c3.id, 1, None).await.unwrap();
    s.rate_channel(&c4.id, 3, None).await.unwrap();

    let tallies = s
        .rating_tallies(&domain.id, start, start + 11)
        .await
        .unwrap();
    let got: Vec<(Option<&str>, Option<&str>, i64, i64)> = tallies
        .iter()
        .map(|t| {
            (
                t.agent_id.as_deref(),
                t.agent_name.as_deref(),
                t.count,
                t.total,
            )
        })
        .collect();
    assert_eq!(
        got,
        vec![
            (Some(ada.id.as_str()), Some("Ada"), 2, 5),
            (Some(bob.id.as_str()), Some("Bob"), 1, 5),
            (None, None, 1, 3),
        ]
    );
    assert_eq!(tallies[0].average(), 2.5);
    // The period: from its start, up to (not including) its end.
    let before = s
        .rating_tallies(&domain.id, start, start + 10)
        .await
        .unwrap();
    assert_eq!(before.iter().map(|t| t.count).sum::<i64>(), 0);
    let later = s
        .rating_tallies(&domain.id, start + 10, start + 11)
        .await
        .unwrap();
    assert_eq!(later.iter().map(|t| t.count).sum::<i64>(), 4);
    assert!(s
        .rating_tallies("nope", 0, i64::MAX)
        .await
        .unwrap()
        .is_empty());

    // A removed agent's ratings stay, as nobody's.
    s.delete_user(&ada.id).await.unwrap();
    let tallies = s.rating_tallies(&domain.id, 0, i64::MAX).await.unwrap();
    let got: Vec<(Option<&str>, i64)> = tallies
        .iter()
        .map(|t| (t.agent_id.as_deref(), t.count))
        .collect();
    assert_eq!(got, vec![(None, 3), (Some(bob.id.as_str()), 1)]);

    // U+0000 is refused, and nothing changes.
    match s.rate_channel(&c4.id, 1, Some("bad\0")).await {
        Err(StoreError::Invalid(m)) => {
            assert!(m.contains("U+0000") && m.contains("comment"), "{m}")
        }
        other => panic!("a comment with U+0000: {other:?}"),
    }
    assert_eq!(s.channel_rating(&c4.id).await.unwrap().unwrap().score, 3);
    // A chat's rating goes with it.
    s.delete_domain(&domain.id).await.unwrap();
    assert_eq!(s.channel_rating(&c1.id).await.unwrap(), None);
}
