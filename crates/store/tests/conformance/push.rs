//! Push: Web Push subscriptions.

use super::*;

conformance!(push_subscriptions_are_kept_per_account_and_bounded);

pub async fn push_subscriptions_are_kept_per_account_and_bounded(s: &dyn Store) {
    let (org, _) = org_and_domain(s).await;
    let ann = s
        .create_user(new_user(&org.id, "ann@acme.example", Role::Agent, None))
        .await
        .unwrap();
    let bob = s
        .create_user(new_user(&org.id, "bob@acme.example", Role::Agent, None))
        .await
        .unwrap();
    for i in 0..4 {
        s.save_push_subscription(&ann.id, &format!("https://push.example/{i}"), "k", "a", 3)
            .await
            .unwrap();
    }
    let ends =
        |subs: Vec<PushSubscription>| subs.into_iter().map(|p| p.endpoint).collect::<Vec<_>>();
    let kept = ends(s.push_subscriptions(&ann.id).await.unwrap());
    assert_eq!(kept.len(), 3, "at most 3: {kept:?}");
    // The same browser signed in as Bob is Bob's now.
    s.save_push_subscription(&bob.id, &kept[0], "k2", "a2", 3)
        .await
        .unwrap();
    assert_eq!(
        ends(s.push_subscriptions(&bob.id).await.unwrap()),
        [kept[0].clone()]
    );
    assert_eq!(s.push_subscriptions(&ann.id).await.unwrap().len(), 2);
    assert!(
        !s.delete_push_subscription(&ann.id, &kept[0]).await.unwrap(),
        "not Ann's"
    );
    assert!(s.delete_push_subscription(&bob.id, &kept[0]).await.unwrap());
    s.forget_push_endpoint(&kept[1]).await.unwrap();
    assert_eq!(s.push_subscriptions(&ann.id).await.unwrap().len(), 1);
    // Keys made once: the first value stays.
    assert_eq!(s.server_key("k", "first").await.unwrap(), "first");
    assert_eq!(s.server_key("k", "second").await.unwrap(), "first");
}
