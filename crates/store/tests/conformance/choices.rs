//! Choices: what each agent is told about.

use super::*;

conformance!(notification_choices_default_then_stick_and_go_with_the_account);

pub async fn notification_choices_default_then_stick_and_go_with_the_account(s: &dyn Store) {
    let (org, _) = org_and_domain(s).await;
    let ann = s
        .create_user(new_user(&org.id, "ann@acme.example", Role::Agent, None))
        .await
        .unwrap();
    assert_eq!(
        s.notify_choices(&ann.id).await.unwrap(),
        NotifyChoices::default()
    );
    assert!(s.org_notify_choices(&org.id).await.unwrap().is_empty());
    let mine = NotifyChoices {
        email: false,
        about: About::Mine,
    };
    s.set_notify_choices(&ann.id, mine).await.unwrap();
    s.set_notify_choices(&ann.id, mine).await.unwrap();
    assert_eq!(s.notify_choices(&ann.id).await.unwrap(), mine);
    assert_eq!(s.org_notify_choices(&org.id).await.unwrap()[&ann.id], mine);
    s.delete_user(&ann.id).await.unwrap();
    assert!(s.org_notify_choices(&org.id).await.unwrap().is_empty());
}
