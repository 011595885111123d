//! Jobs: the outbound queue, its leases and keys, and the visitor mail log.

use super::*;

conformance!(timed: jobs_run_when_due_once_per_lease_and_a_key_waits_once, visitor_mails_are_bounded_per_chat_a_day_and_per_domain_an_hour);

/// PostgreSQL only: two instances claiming from one queue at once take each job once.
#[tokio::test]
#[cfg_attr(not(beckon_test_postgres), ignore = "needs DATABASE_URL_TEST")]
async fn postgres_two_instances_claiming_at_once_take_each_job_once() {
    let (a, b, schema) = two_postgres_instances().await;
    two_instances_claiming_at_once_take_each_job_once(&a, &b).await;
    a.drop_schema(&schema).await.unwrap();
}

pub async fn jobs_run_when_due_once_per_lease_and_a_key_waits_once(
    s: &dyn Store,
    clock: &ManualClock,
) {
    let lease = std::time::Duration::from_secs(30);
    let now = s.now();
    assert!(s
        .enqueue_job(job("mail", Some("chat-1"), now))
        .await
        .unwrap());
    // The same key while the first waits: not added.
    assert!(!s
        .enqueue_job(job("mail", Some("chat-1"), now))
        .await
        .unwrap());
    // Another kind, or no key: added.
    assert!(s
        .enqueue_job(job("push", Some("chat-1"), now))
        .await
        .unwrap());
    assert!(s
        .enqueue_job(job("mail", None, now + 60_000))
        .await
        .unwrap());

    // Due now: the two first; the later one waits for its time.
    let claimed = s.claim_jobs(10, lease).await.unwrap();
    let kinds: Vec<&str> = claimed.iter().map(|j| j.kind.as_str()).collect();
    assert_eq!(kinds.len(), 2, "{claimed:?}");
    assert!(kinds.contains(&"mail") && kinds.contains(&"push"));
    assert!(claimed.iter().all(|j| j.attempts == 1));
    let mail = claimed.iter().find(|j| j.kind == "mail").unwrap().clone();
    assert_eq!(mail.payload, json!({"n": now}));
    // Claimed: nobody else gets them while the lease lasts.
    assert!(s.claim_jobs(10, lease).await.unwrap().is_empty());

    // A failed attempt runs again at its new time, with the error kept; a lapsed lease
    // (a worker that died) gives the job to the next claim.
    s.retry_job(&mail.id, "SMTP: connection refused", now + 10_000)
        .await
        .unwrap();
    clock.advance(std::time::Duration::from_secs(11));
    let again = s.claim_jobs(10, lease).await.unwrap();
    assert_eq!(again.len(), 1, "{again:?}");
    assert_eq!(again[0].id, mail.id);
    assert_eq!(again[0].attempts, 2);
    assert_eq!(
        again[0].last_error.as_deref(),
        Some("SMTP: connection refused")
    );
    clock.advance(std::time::Duration::from_secs(31));
    let lapsed = s.claim_jobs(10, lease).await.unwrap();
    let ids: Vec<&str> = lapsed.iter().map(|j| j.id.as_str()).collect();
    assert_eq!(
        ids.len(),
        2,
        "the push job's lease lapsed, the mail's too: {lapsed:?}"
    );

    // Done: gone, and its key free again. Buried: kept, dead, and its key free too.
    s.finish_job(&mail.id).await.unwrap();
    assert!(s
        .enqueue_job(job("mail", Some("chat-1"), now))
        .await
        .unwrap());
    let push = lapsed.iter().find(|j| j.kind == "push").unwrap();
    s.bury_job(&push.id, "410 Gone").await.unwrap();
    let pushes = s.jobs_of_kind("push").await.unwrap();
    assert_eq!(pushes.len(), 1);
    assert_eq!(pushes[0].dead, Dead(true));
    assert_eq!(pushes[0].last_error.as_deref(), Some("410 Gone"));
    assert!(s
        .enqueue_job(job("push", Some("chat-1"), now))
        .await
        .unwrap());
    // A dead job is never claimed.
    clock.advance(std::time::Duration::from_secs(120));
    let left = s.claim_jobs(10, lease).await.unwrap();
    assert!(left.iter().all(|j| j.id != push.id), "{left:?}");
    assert!(matches!(
        s.finish_job("no-such-job").await,
        Err(StoreError::NotFound)
    ));
}

pub async fn two_instances_claiming_at_once_take_each_job_once(a: &dyn Store, b: &dyn Store) {
    let now = a.now();
    for i in 0..200 {
        a.enqueue_job(job("mail", Some(&format!("k{i}")), now))
            .await
            .unwrap();
    }
    let lease = std::time::Duration::from_secs(300);
    let (x, y) = tokio::join!(drain_jobs(a, lease), drain_jobs(b, lease));
    let mut all: Vec<String> = x.into_iter().chain(y).collect();
    assert_eq!(all.len(), 200, "every job claimed once");
    all.sort();
    all.dedup();
    assert_eq!(all.len(), 200, "no job claimed twice");
}

pub async fn visitor_mails_are_bounded_per_chat_a_day_and_per_domain_an_hour(
    s: &dyn Store,
    clock: &ManualClock,
) {
    let minute = std::time::Duration::from_secs(60);
    // Per chat: 2 a day.
    assert!(s.note_visitor_mail("d1", "c1", 2, 100).await.unwrap());
    assert!(s.note_visitor_mail("d1", "c1", 2, 100).await.unwrap());
    assert!(!s.note_visitor_mail("d1", "c1", 2, 100).await.unwrap());
    clock.advance(minute * 60 * 23);
    assert!(
        !s.note_visitor_mail("d1", "c1", 2, 100).await.unwrap(),
        "still within the day"
    );
    clock.advance(minute * 61);
    assert!(
        s.note_visitor_mail("d1", "c1", 2, 100).await.unwrap(),
        "a day later"
    );
    // Per domain: 3 an hour, whatever the chats (c1's last one counts too).
    assert!(s.note_visitor_mail("d1", "c2", 2, 3).await.unwrap());
    assert!(s.note_visitor_mail("d1", "c3", 2, 3).await.unwrap());
    assert!(!s.note_visitor_mail("d1", "c4", 2, 3).await.unwrap());
    assert!(
        s.note_visitor_mail("d2", "c5", 2, 3).await.unwrap(),
        "another domain"
    );
    clock.advance(minute * 61);
    assert!(
        s.note_visitor_mail("d1", "c4", 2, 3).await.unwrap(),
        "an hour later"
    );
}
