//! The outbound queue shared by instances: each mail, push and webhook event sent once, a
//! delivery surviving a restart.

use node::Cluster;
use realtime_support::*;
use serde_json::json;
use std::time::Duration;

use crate::common::{eventually_within, node, realtime as realtime_support};

#[tokio::test]
#[cfg_attr(
    not(all(beckon_test_postgres, beckon_test_redis)),
    ignore = "needs DATABASE_URL_TEST and REDIS_URL_TEST"
)]
async fn two_instances_through_one_queue_send_each_mail_and_each_push_once() {
    let smtp = crate::common::smtp::SmtpServer::start();
    let push = crate::common::push_service::PushService::start().await;
    let c = Cluster::new().await;
    let mail = [
        ("BECKON_SMTP_URL", smtp.url()),
        ("BECKON_MAIL_FROM", "Beckon <beckon@shop.test>".to_owned()),
        ("BECKON_NOTIFY_DELAY_SECONDS", "0".to_owned()),
        ("BECKON_ALLOW_PRIVATE_OUTBOUND", "true".to_owned()),
    ];
    let env: Vec<(&str, &str)> = mail.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let (a, b) = (c.node_with("a", &env), c.node_with("b", &env));
    let (domain, org) = seed(c.store()).await;
    for (email, name) in [
        ("ada@shop.test", "Ada"),
        ("bob@shop.test", "Bob"),
        ("cy@shop.test", "Cy"),
    ] {
        add_agent(c.store(), &org, email, name).await;
        // Each agent's browser subscribes, through either instance.
        let on = if name == "Bob" { &b } else { &a };
        let session = login(on, email).await;
        let browser = push.subscribe();
        let body = serde_json::json!({"endpoint": browser.endpoint, "keys": {"p256dh": browser.p256dh, "auth": browser.auth}});
        let (status, _) = call_as(
            on,
            &session,
            reqwest::Method::POST,
            "/v1/agent/push-subscriptions",
            Some(body),
        )
        .await;
        assert_eq!(status, 204);
    }
    // Six visitors, half on each instance, each writes once while no agent is online: both
    // workers poll the same queue, and every agent gets one mail and one push per chat, never
    // two, signed with the one key both instances read from the store.
    const CHATS: usize = 6;
    for i in 0..CHATS {
        let on = if i % 2 == 0 { &a } else { &b };
        let (_, _, token) = new_chat(on, &domain, &format!("Visitor {i}")).await;
        let (mut v, _) = Ws::visitor(on, &token, None).await;
        v.say("v-1", &format!("Hello from visitor {i}")).await;
    }
    let expected = CHATS * 3;
    eventually_within("every mail sent", Duration::from_secs(60), async || {
        smtp.received().len() >= expected
    })
    .await;
    // The queue is empty: nothing more is on its way.
    eventually_within("the queue drained", Duration::from_secs(60), async || {
        let store = c.store();
        store
            .jobs_of_kind(beckon_server::service::outbound::MAIL)
            .await
            .unwrap()
            .is_empty()
            && store
                .jobs_of_kind(beckon_server::service::outbound::NOTIFY_AGENTS)
                .await
                .unwrap()
                .is_empty()
    })
    .await;
    let mut sent: Vec<(String, String)> = smtp
        .received()
        .iter()
        .map(|m| (m.to.join(","), m.subject()))
        .collect();
    assert_eq!(sent.len(), expected, "{sent:?}");
    sent.sort();
    sent.dedup();
    assert_eq!(sent.len(), expected, "a mail was sent twice");

    eventually_within(
        "every push delivered",
        Duration::from_secs(60),
        async || push.delivered().len() >= expected,
    )
    .await;
    eventually_within(
        "the push queue drained",
        Duration::from_secs(60),
        async || {
            let store = c.store();
            store
                .jobs_of_kind(beckon_server::service::outbound::PUSH)
                .await
                .unwrap()
                .is_empty()
                && store
                    .jobs_of_kind(beckon_server::service::outbound::NOTIFY_PUSH)
                    .await
                    .unwrap()
                    .is_empty()
        },
    )
    .await;
    assert!(push.refused().is_empty(), "{:?}", push.refused());
    let delivered = push.delivered();
    let mut pushed: Vec<(String, String)> = delivered
        .iter()
        .map(|d| (d.endpoint.clone(), d.payload["tag"].to_string()))
        .collect();
    assert_eq!(pushed.len(), expected, "{pushed:?}");
    pushed.sort();
    pushed.dedup();
    assert_eq!(pushed.len(), expected, "a push was sent twice");
    let keys: std::collections::HashSet<&str> =
        delivered.iter().map(|d| d.vapid_key.as_str()).collect();
    assert_eq!(keys.len(), 1, "both instances sign with one key");
    drop((a, b));
    c.finish().await;
}

#[tokio::test]
#[cfg_attr(
    not(all(beckon_test_postgres, beckon_test_redis)),
    ignore = "needs DATABASE_URL_TEST and REDIS_URL_TEST"
)]
async fn two_instances_deliver_each_webhook_event_once_and_a_restart_loses_none() {
    use crate::common::webhook_receiver::{signed_with, Receiver, Reply};
    let rx = Receiver::start().await;
    let c = Cluster::new().await;
    let env = [("BECKON_ALLOW_PRIVATE_OUTBOUND", "true")];
    let (mut a, mut b) = (c.node_with("a", &env), c.node_with("b", &env));
    let (domain, org) = seed(c.store()).await;
    add_owner(c.store(), &org, "owner@shop.test", "Olive").await;
    let owner = login(&a, "owner@shop.test").await;
    let (status, hook) = call_as(
        &a,
        &owner,
        reqwest::Method::POST,
        "/v1/owner/webhooks",
        Some(json!({"url": rx.url, "events": ["conversation.started", "message.created"]})),
    )
    .await;
    assert_eq!(status, 201, "{hook}");
    let secret = hook["secret"].as_str().unwrap().to_owned();

    // Six chats, half through each instance, each with a message: 12 events, each delivered
    // once although both workers claim from the one queue.
    const CHATS: usize = 6;
    for i in 0..CHATS {
        let on = if i % 2 == 0 { &a } else { &b };
        let (_, _, token) = new_chat(on, &domain, &format!("Visitor {i}")).await;
        let (mut v, _) = Ws::visitor(on, &token, None).await;
        v.say("v-1", &format!("Hello from visitor {i}")).await;
    }
    eventually_within(
        "every event delivered",
        Duration::from_secs(60),
        async || rx.received().len() >= CHATS * 2,
    )
    .await;
    eventually_within("the queue drained", Duration::from_secs(60), async || {
        c.store()
            .jobs_of_kind(beckon_server::service::outbound::WEBHOOK)
            .await
            .unwrap()
            .is_empty()
    })
    .await;
    let got = rx.received();
    let mut ids: Vec<&str> = got.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(ids.len(), CHATS * 2);
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), CHATS * 2, "an event was delivered twice");
    assert!(got.iter().all(|r| signed_with(&secret, r)));

    // An event the endpoint refuses at first; then every instance stops. The delivery waits in
    // the store's queue: a new instance sends it again, with the same webhook-id.
    rx.answer(&[Reply::Status(500)]);
    let (_, _, token) = new_chat(&a, &domain, "Late").await;
    // A chat starts with its first message.
    let (mut late, _) = Ws::visitor(&a, &token, None).await;
    late.say("v-1", "Anyone there?").await;
    let hook_id = hook["webhook"]["id"].as_str().unwrap().to_owned();
    let refused = eventually_within(
        "the first attempt refused",
        Duration::from_secs(60),
        async || {
            let log = c.store().webhook_deliveries(&hook_id, 10).await.unwrap();
            log.into_iter()
                .find(|d| d.attempts == 1 && d.response_code == Some(500))
        },
    )
    .await;
    drop((token, late));
    a.kill();
    b.kill();
    let _c = c.node_with("c", &env);
    // Its bound: a retry a killed instance had claimed waits out that claim's lease (120 s).
    eventually_within(
        "sent again after the restart",
        Duration::from_secs(150),
        async || rx.received().iter().filter(|r| r.id == refused.id).count() == 2,
    )
    .await;
    assert!(rx
        .received()
        .iter()
        .filter(|r| r.id == refused.id)
        .all(|r| signed_with(&secret, r)));
    c.finish().await;
}
