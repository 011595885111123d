//! Web Push end to end, against a push service of the test's own that checks what a real one
//! does (VAPID signature, audience, expiry) and decrypts the payload as the browser would
//! (`common/push_service.rs`): an agent's browsers subscribe; a visitor's message reaches the
//! browsers of every agent who is not online, at once; an online agent's does not; a browser the
//! push service says is gone is forgotten; an endpoint on a private address is refused unless
//! `--allow-private-outbound`.

use beckon_server::service::outbound::{NOTIFY_PUSH, PUSH};
use reqwest::Method;
use serde_json::{json, Value};

use crate::common::push_service::{Browser, PushService};
use crate::common::realtime::*;

/// A server whose outbound requests may reach 127.0.0.1 (where the push service runs).
async fn beckon(allow_private: bool) -> T {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut c = config(dir.path());
    c.allow_private_outbound = allow_private;
    c.mail_from = None;
    spawn_config(dir, c).await
}

fn subscription(b: &Browser) -> Value {
    json!({"endpoint": b.endpoint, "expirationTime": null, "keys": {"p256dh": b.p256dh, "auth": b.auth}})
}

#[tokio::test]
async fn a_visitors_message_is_pushed_at_once_to_the_browsers_of_agents_who_are_not_online() {
    let push = PushService::start().await;
    let t = beckon(true).await;
    let (domain, org) = seed(t.store()).await;
    add_agent(t.store(), &org, "ada@shop.test", "Ada").await;
    add_agent(t.store(), &org, "bob@shop.test", "Bob").await;
    let ada = login(&t, "ada@shop.test").await;
    let bob = login(&t, "bob@shop.test").await;
    // Bob on two browsers, Ada on one; Ada is in the console, online.
    let (bob_phone, bob_laptop, ada_browser) =
        (push.subscribe(), push.subscribe(), push.subscribe());
    for (who, browser) in [
        (&bob, &bob_phone),
        (&bob, &bob_laptop),
        (&ada, &ada_browser),
    ] {
        let (status, _) = call_as(
            &t,
            who,
            Method::POST,
            "/v1/agent/push-subscriptions",
            Some(subscription(browser)),
        )
        .await;
        assert_eq!(status, 204);
    }
    let (status, devices) =
        call_as(&t, &bob, Method::GET, "/v1/agent/push-subscriptions", None).await;
    assert_eq!(status, 200);
    assert_eq!(devices["subscriptions"].as_array().unwrap().len(), 2);
    let vapid_key = devices["vapidPublicKey"].as_str().unwrap().to_owned();
    assert_eq!(vapid_key.len(), 87, "a P-256 point, base64url: {vapid_key}");
    let (_ws, _) = Ws::agent(&t, &ada.0).await;
    let (status, _) = call_as(
        &t,
        &ada,
        Method::PUT,
        "/v1/agent/presence",
        Some(json!({"status": "online"})),
    )
    .await;
    assert_eq!(status, 200);

    let (channel, _, token) = new_chat(&t, &domain, "Eve").await;
    let (mut visitor, _) = Ws::visitor(&t, &token, None).await;
    visitor
        .say("v-1", "Hello, do you ship to Norway? I need it by Friday")
        .await;

    eventually("both of Bob's browsers notified", async || {
        if push.delivered().len() >= 2 {
            Ok(())
        } else {
            let jobs = (
                t.store().jobs_of_kind(NOTIFY_PUSH).await.unwrap(),
                t.store().jobs_of_kind(PUSH).await.unwrap(),
            );
            Err((push.refused(), jobs))
        }
    })
    .await;
    ran(&t, NOTIFY_PUSH).await;
    ran(&t, PUSH).await;
    assert!(push.refused().is_empty(), "{:?}", push.refused());
    let delivered = push.delivered();
    let mut endpoints: Vec<&str> = delivered.iter().map(|d| d.endpoint.as_str()).collect();
    endpoints.sort();
    let mut bobs = vec![bob_phone.endpoint.as_str(), bob_laptop.endpoint.as_str()];
    bobs.sort();
    assert_eq!(endpoints, bobs, "Bob's browsers, not Ada's (she is online)");
    for d in &delivered {
        assert_eq!(
            d.vapid_key, vapid_key,
            "signed with the key browsers subscribed with"
        );
        assert_eq!(d.ttl, 86_400);
        assert_eq!(
            d.payload,
            json!({
                "title": "New chat: Eve on shop.example.com",
                "body": "Hello, do you ship to Norway? I need it by Friday",
                "url": format!("/console/inbox/{channel}"),
                "tag": channel,
            })
        );
    }

    // The next message is no longer a new chat; a browser that unsubscribed answers 410 and is
    // forgotten.
    push.gone(&bob_phone.endpoint);
    visitor.say("v-2", "Anyone?").await;
    eventually("the laptop notified again", async || {
        push.delivered().len() >= 3
    })
    .await;
    ran(&t, PUSH).await;
    assert_eq!(
        push.delivered()[2].payload["title"],
        "Eve on shop.example.com"
    );
    let (_, devices) = call_as(&t, &bob, Method::GET, "/v1/agent/push-subscriptions", None).await;
    assert_eq!(
        devices["subscriptions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["endpoint"].as_str().unwrap())
            .collect::<Vec<_>>(),
        [bob_laptop.endpoint.as_str()]
    );

    // Turned off on the laptop: nothing more reaches it.
    let (status, _) = call_as(
        &t,
        &bob,
        Method::DELETE,
        "/v1/agent/push-subscriptions",
        Some(json!({"endpoint": bob_laptop.endpoint})),
    )
    .await;
    assert_eq!(status, 204);
    let (status, _) = call_as(
        &t,
        &bob,
        Method::DELETE,
        "/v1/agent/push-subscriptions",
        Some(json!({"endpoint": bob_laptop.endpoint})),
    )
    .await;
    assert_eq!(status, 404);
    visitor.say("v-3", "Hello?").await;
    ran(&t, NOTIFY_PUSH).await;
    ran(&t, PUSH).await;
    assert_eq!(push.delivered().len(), 3);
}

#[tokio::test]
async fn a_subscription_must_be_usable_and_must_not_aim_at_private_addresses() {
    let push = PushService::start().await;
    let t = beckon(false).await;
    let (_, org) = seed(t.store()).await;
    add_agent(t.store(), &org, "ada@shop.test", "Ada").await;
    let ada = login(&t, "ada@shop.test").await;
    let b = push.subscribe();
    let post = |body: Value| {
        let ada = ada.clone();
        let t = &t;
        async move {
            call_as(
                t,
                &ada,
                Method::POST,
                "/v1/agent/push-subscriptions",
                Some(body),
            )
            .await
        }
    };
    let problem = |v: &Value| {
        (
            v["problems"][0]["path"].as_str().unwrap_or("").to_owned(),
            v["problems"][0]["message"]
                .as_str()
                .unwrap_or("")
                .to_owned(),
        )
    };

    // The push service on 127.0.0.1 over http: refused without --allow-private-outbound.
    let (status, body) = post(subscription(&b)).await;
    assert_eq!(status, 422);
    assert_eq!(problem(&body).0, "endpoint");
    for target in [
        "https://127.0.0.1/push/x",
        "https://169.254.169.254/latest/meta-data",
        "https://[::ffff:10.0.0.1]/x",
        "https://10.1.2.3:8443/x",
    ] {
        let (status, body) =
            post(json!({"endpoint": target, "keys": {"p256dh": b.p256dh, "auth": b.auth}})).await;
        assert_eq!(
            (status, problem(&body).0.as_str()),
            (422, "endpoint"),
            "{target}: {body}"
        );
        assert!(problem(&body).1.contains("not a public address"), "{body}");
    }
    // A public https endpoint with keys that are not keys.
    let (status, body) = post(json!({"endpoint": "https://push.example.com/x", "keys": {"p256dh": "AAAA", "auth": b.auth}})).await;
    assert_eq!(
        (status, problem(&body).0.as_str()),
        (422, "keys.p256dh"),
        "{body}"
    );
    let (status, body) =
        post(json!({"endpoint": "https://push.example.com/x", "keys": {"p256dh": b.p256dh}})).await;
    assert_eq!(
        (status, problem(&body).0.as_str()),
        (422, "keys.auth"),
        "{body}"
    );
    let (status, _) = post(json!({"endpoint": "https://push.example.com/x", "keys": {"p256dh": b.p256dh, "auth": b.auth}})).await;
    assert_eq!(status, 204);
    // Without a session: 401.
    let r = t
        .client()
        .get(t.api("/v1/agent/push-subscriptions"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 401);
}

#[tokio::test]
async fn every_instance_signs_with_the_key_made_first() {
    let dir = tempfile::tempdir().expect("temp dir");
    let c = config(dir.path());
    std::fs::create_dir_all(&c.data_dir).unwrap();
    let store = beckon_store::connect(&c.database_url(), c.clock.clone())
        .await
        .unwrap();
    let a = beckon_server::infra::egress::Vapid::load(&*store, "mailto:a@example.com".into())
        .await
        .unwrap();
    let b = beckon_server::infra::egress::Vapid::load(&*store, "mailto:b@example.com".into())
        .await
        .unwrap();
    assert_eq!(a.public_key, b.public_key);
}

/// Beckon's promise: what the sender was acknowledged is not lost. The message's event (its
/// webhooks, its push) is in the store when the visitor gets the ack, so a `beckon serve` killed
/// right after it (SIGKILL: no drain) leaves it to the next instance: the webhook and the push
/// still arrive, each once.
#[tokio::test]
#[cfg_attr(
    not(all(beckon_test_postgres, beckon_test_redis)),
    ignore = "needs DATABASE_URL_TEST and REDIS_URL_TEST"
)]
async fn a_message_acknowledged_before_a_kill_9_still_reaches_its_webhook_and_push() {
    use std::time::Duration;

    use crate::common::eventually_within;
    use crate::common::node::Cluster;
    use crate::common::webhook_receiver::{signed_with, Receiver};

    let rx = Receiver::start().await;
    let push = PushService::start().await;
    let c = Cluster::new().await;
    let env = [("BECKON_ALLOW_PRIVATE_OUTBOUND", "true")];
    let mut a = c.node_with("a", &env);
    let (domain, org) = seed(c.store()).await;
    add_owner(c.store(), &org, "owner@shop.test", "Olive").await;
    add_agent(c.store(), &org, "bob@shop.test", "Bob").await;
    let owner = login(&a, "owner@shop.test").await;
    let (status, hook) = call_as(
        &a,
        &owner,
        Method::POST,
        "/v1/owner/webhooks",
        Some(json!({"url": rx.url, "events": ["message.created"]})),
    )
    .await;
    assert_eq!(status, 201, "{hook}");
    let secret = hook["secret"].as_str().unwrap().to_owned();
    let bob = login(&a, "bob@shop.test").await;
    let browser = push.subscribe();
    let (status, _) = call_as(
        &a,
        &bob,
        Method::POST,
        "/v1/agent/push-subscriptions",
        Some(subscription(&browser)),
    )
    .await;
    assert_eq!(status, 204);

    let (_, _, token) = new_chat(&a, &domain, "Eve").await;
    let (mut visitor, _) = Ws::visitor(&a, &token, None).await;
    visitor.say("v-1", "Still there after the crash?").await;
    a.kill();
    drop(visitor);

    let _b = c.node_with("b", &env);
    // An event the killed instance had claimed waits out its claim's lease (120 s).
    eventually_within(
        "the webhook and the push",
        Duration::from_secs(150),
        async || !rx.received().is_empty() && !push.delivered().is_empty(),
    )
    .await;
    let got = rx.received();
    assert_eq!(got.len(), 1, "once");
    assert!(signed_with(&secret, &got[0]));
    assert_eq!(
        got[0].body["data"]["message"]["text"],
        "Still there after the crash?"
    );
    assert_eq!(push.delivered().len(), 1, "once");
    assert_eq!(push.delivered()[0].endpoint, browser.endpoint);
    c.finish().await;
}
