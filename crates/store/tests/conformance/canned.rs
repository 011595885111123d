//! Canned replies.

use super::*;

conformance!(timed: canned_replies_belong_to_one_organisation);

/// Canned replies: by shortcut, one shortcut per organisation (another may use it), each
/// reachable only through its own organisation; who may edit them defaults to owners only.
pub async fn canned_replies_belong_to_one_organisation(s: &dyn Store, clock: &ManualClock) {
    let (org, _) = org_and_domain(s).await;
    let other = s.create_organisation("Other").await.unwrap();
    assert!(s.canned_replies(&org.id).await.unwrap().is_empty());
    let thanks = s
        .create_canned_reply(&org.id, "thanks", "Thank you, {visitor.name}!")
        .await
        .unwrap();
    assert_eq!(
        (
            thanks.org_id.as_str(),
            thanks.shortcut.as_str(),
            thanks.created_at,
            thanks.updated_at
        ),
        (org.id.as_str(), "thanks", s.now(), s.now())
    );
    let hours = s
        .create_canned_reply(&org.id, "hours", "We are open 9-17.")
        .await
        .unwrap();
    assert_eq!(
        s.canned_replies(&org.id).await.unwrap(),
        vec![hours.clone(), thanks.clone()],
        "by shortcut"
    );
    // A taken shortcut, in the same organisation only.
    assert!(matches!(
        s.create_canned_reply(&org.id, "thanks", "again").await,
        Err(StoreError::Conflict(_))
    ));
    s.create_canned_reply(&other.id, "thanks", "Theirs")
        .await
        .unwrap();
    assert!(matches!(
        s.update_canned_reply(&org.id, &hours.id, "thanks", "x")
            .await,
        Err(StoreError::Conflict(_))
    ));
    // Changed: shortcut, text and the time.
    clock.advance(std::time::Duration::from_millis(7));
    let changed = s
        .update_canned_reply(&org.id, &hours.id, "opening-hours", "9 to 5")
        .await
        .unwrap();
    assert_eq!(
        (
            changed.shortcut.as_str(),
            changed.text.as_str(),
            changed.created_at,
            changed.updated_at
        ),
        (
            "opening-hours",
            "9 to 5",
            hours.created_at,
            hours.created_at + 7
        )
    );
    // Another organisation cannot reach them.
    assert!(matches!(
        s.update_canned_reply(&other.id, &hours.id, "mine", "x")
            .await,
        Err(StoreError::NotFound)
    ));
    assert!(matches!(
        s.delete_canned_reply(&other.id, &hours.id).await,
        Err(StoreError::NotFound)
    ));
    assert_eq!(s.canned_replies(&other.id).await.unwrap().len(), 1);
    s.delete_canned_reply(&org.id, &hours.id).await.unwrap();
    assert!(matches!(
        s.delete_canned_reply(&org.id, &hours.id).await,
        Err(StoreError::NotFound)
    ));
    assert_eq!(s.canned_replies(&org.id).await.unwrap(), vec![thanks]);
    assert!(matches!(
        s.create_canned_reply(&org.id, "nul", "a\0b").await,
        Err(StoreError::Invalid(_))
    ));

    // Who may edit: owners only, until the owner allows agents; per organisation.
    assert!(!s.agents_may_edit_canned(&org.id).await.unwrap());
    s.set_agents_may_edit_canned(&org.id, true).await.unwrap();
    assert!(s.agents_may_edit_canned(&org.id).await.unwrap());
    assert!(!s.agents_may_edit_canned(&other.id).await.unwrap());
    s.set_agents_may_edit_canned(&org.id, false).await.unwrap();
    assert!(!s.agents_may_edit_canned(&org.id).await.unwrap());
}
