//! Webhooks and their deliveries.

use super::*;

conformance!(timed: webhook_deliveries_are_queued_with_their_jobs_logged_and_bounded);

/// Webhooks per organisation (found through a domain); an event makes one delivery and one
/// job per webhook in one go; attempts are logged; a resend makes the job again (once while
/// it waits); the log keeps the newest deliveries; removing a webhook removes its log.
pub async fn webhook_deliveries_are_queued_with_their_jobs_logged_and_bounded(
    s: &dyn Store,
    clock: &ManualClock,
) {
    use beckon_store::webhooks::{Attempt, NewWebhook, WebhookEvent, KEPT_DELIVERIES, WEBHOOK_JOB};
    let (org, domain) = org_and_domain(s).await;
    let other = s.create_organisation("Other").await.unwrap();
    let new = |org: &str, url: &str| NewWebhook {
        org_id: org.into(),
        domain_id: None,
        url: url.into(),
        events: vec!["message.created".into(), "conversation.ended".into()],
        secret: "whsec_AAAA".into(),
    };
    let a = s
        .create_webhook(new(&org.id, "https://a.example/hook"))
        .await
        .unwrap();
    clock.advance(std::time::Duration::from_millis(5));
    let b = s
        .create_webhook(new(&org.id, "https://b.example/hook"))
        .await
        .unwrap();
    s.create_webhook(new(&other.id, "https://c.example/hook"))
        .await
        .unwrap();
    assert_eq!(a.events, ["message.created", "conversation.ended"]);
    assert!(a.wants("message.created", &domain.id));
    assert!(!a.wants("conversation.rated", &domain.id));
    let ids = |v: Vec<Webhook>| v.into_iter().map(|w| w.id).collect::<Vec<_>>();
    assert_eq!(
        ids(s.list_webhooks(&org.id).await.unwrap()),
        [a.id.clone(), b.id.clone()]
    );
    assert_eq!(
        ids(s.webhooks_of_domain(&domain.id).await.unwrap()),
        [a.id.clone(), b.id.clone()]
    );
    assert_eq!(s.get_webhook(&a.id).await.unwrap(), a);

    let event = |body: &'static str| WebhookEvent {
        event_type: "message.created",
        channel_id: None,
        body,
        retry_for: 86_400_000,
    };
    let queued = s
        .queue_webhook_event(
            &[a.id.clone(), b.id.clone(), "gone".into()],
            event("{\"n\":1}"),
        )
        .await
        .unwrap();
    assert_eq!(queued.len(), 2, "a removed webhook gets nothing");
    let d = &queued[0];
    assert!(d.id.starts_with("msg_"));
    assert_eq!(
        (d.status, d.attempts, d.body.as_str()),
        (DeliveryStatus::Pending, 0, "{\"n\":1}")
    );
    assert_eq!(d.retry_until, s.now() + 86_400_000);
    let jobs = s.jobs_of_kind(WEBHOOK_JOB).await.unwrap();
    assert_eq!(jobs.len(), 2);
    assert!(jobs
        .iter()
        .any(|j| j.payload["deliveryId"] == d.id.as_str()));

    clock.advance(std::time::Duration::from_secs(1));
    s.record_webhook_attempt(
        &d.id,
        Attempt {
            status: DeliveryStatus::Failed,
            response_code: Some(500),
            error: Some("the endpoint answered 500".into()),
            next_attempt_at: None,
        },
    )
    .await
    .unwrap();
    let logged = s.get_webhook_delivery(&d.id).await.unwrap();
    assert_eq!(
        (logged.status, logged.attempts, logged.response_code),
        (DeliveryStatus::Failed, 1, Some(500))
    );
    assert_eq!(logged.last_attempt_at, Some(s.now()));

    // Sent again: pending, its job back once (not twice while it waits).
    for j in s
        .claim_jobs(10, std::time::Duration::from_secs(30))
        .await
        .unwrap()
    {
        s.finish_job(&j.id).await.unwrap();
    }
    let again = s.resend_webhook_delivery(&d.id, 1000).await.unwrap();
    s.resend_webhook_delivery(&d.id, 1000).await.unwrap();
    assert_eq!((again.status, again.attempts), (DeliveryStatus::Pending, 1));
    assert_eq!(again.retry_until, s.now() + 1000);
    assert_eq!(s.jobs_of_kind(WEBHOOK_JOB).await.unwrap().len(), 1);
    assert!(matches!(
        s.resend_webhook_delivery("nope", 1).await,
        Err(StoreError::NotFound)
    ));

    // The log keeps the newest; pending ones stay whatever their age.
    for _ in 0..KEPT_DELIVERIES + 5 {
        clock.advance(std::time::Duration::from_millis(1));
        let done = s
            .queue_webhook_event(std::slice::from_ref(&b.id), event("{}"))
            .await
            .unwrap();
        s.record_webhook_attempt(
            &done[0].id,
            Attempt {
                status: DeliveryStatus::Succeeded,
                response_code: Some(204),
                error: None,
                next_attempt_at: None,
            },
        )
        .await
        .unwrap();
    }
    let log = s.webhook_deliveries(&b.id, 1000).await.unwrap();
    assert!(log.len() <= KEPT_DELIVERIES as usize + 1, "{}", log.len());
    assert!(
        log.windows(2).all(|w| w[0].created_at >= w[1].created_at),
        "newest first"
    );
    assert_eq!(s.webhook_deliveries(&a.id, 10).await.unwrap().len(), 1);

    // A delivery about a conversation goes with it (retention, erasure: it holds what the
    // visitor wrote).
    let (chat, _) = s.create_channel(&domain.id, visitor("Ann")).await.unwrap();
    let about = s
        .queue_webhook_event(
            std::slice::from_ref(&b.id),
            WebhookEvent {
                channel_id: Some(&chat.id),
                ..event("{}")
            },
        )
        .await
        .unwrap();
    s.get_webhook_delivery(&about[0].id).await.unwrap();
    s.delete_chats(std::slice::from_ref(&chat.id))
        .await
        .unwrap();
    assert!(matches!(
        s.get_webhook_delivery(&about[0].id).await,
        Err(StoreError::NotFound)
    ));

    // Removed with its log.
    s.delete_webhook(&a.id).await.unwrap();
    assert!(matches!(
        s.get_webhook(&a.id).await,
        Err(StoreError::NotFound)
    ));
    assert!(matches!(
        s.get_webhook_delivery(&d.id).await,
        Err(StoreError::NotFound)
    ));
    assert!(matches!(
        s.delete_webhook(&a.id).await,
        Err(StoreError::NotFound)
    ));
}
