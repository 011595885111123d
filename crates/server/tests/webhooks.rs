//! Webhooks end to end (docs/webhooks.md), against an endpoint of the test's own on 127.0.0.1
//! that checks every signature with the Standard Webhooks library (`common/webhook_receiver.rs`):
//! a chat's events arrive signed, without persona ids; a failing endpoint is retried with the same
//! webhook-id; a delivery that never succeeds fails after 24 hours (the store's clock moved on)
//! and can be sent again; a silent endpoint times out; private addresses are refused without
//! `--allow-private-outbound`, when the webhook is added and when it is delivered to; the secret
//! is shown once; another organisation's owner sees none of it.

use std::sync::Arc;
use std::time::Duration;

use beckon_server::service::outbound::WEBHOOK;
use beckon_store::webhooks::NewWebhook;
use beckon_store::ManualClock;
use reqwest::Method;
use serde_json::{json, Value};

use crate::common::realtime::*;
use crate::common::webhook_receiver::{signed_with, verifies_now, Receiver, Reply};

struct Shop {
    t: T,
    clock: Arc<ManualClock>,
    domain: String,
    org: String,
    owner: (String, String),
}

/// A server (its clock stopped at now) with a shop and its owner logged in.
async fn shop(allow_private: bool) -> Shop {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut c = config(dir.path());
    c.allow_private_outbound = allow_private;
    c.mail_from = None;
    let clock = Arc::new(ManualClock::starting_now());
    c.clock = clock.clone();
    let t = spawn_config(dir, c).await;
    let (domain, org) = seed(t.store()).await;
    add_owner(t.store(), &org, "owner@shop.test", "Olive").await;
    let owner = login(&t, "owner@shop.test").await;
    Shop {
        t,
        clock,
        domain,
        org,
        owner,
    }
}

impl Shop {
    async fn call(&self, method: Method, path: &str, body: Option<Value>) -> (u16, Value) {
        call_as(&self.t, &self.owner, method, path, body).await
    }

    /// Adds a webhook; answers (id, secret).
    async fn hook(&self, url: &str, events: &[&str]) -> (String, String) {
        let (status, body) = self
            .call(
                Method::POST,
                "/v1/owner/webhooks",
                Some(json!({"url": url, "events": events})),
            )
            .await;
        assert_eq!(status, 201, "{body}");
        (
            body["webhook"]["id"].as_str().unwrap().to_owned(),
            body["secret"].as_str().unwrap().to_owned(),
        )
    }

    async fn deliveries(&self, hook: &str) -> Vec<Value> {
        let (status, body) = self
            .call(
                Method::GET,
                &format!("/v1/owner/webhooks/{hook}/deliveries"),
                None,
            )
            .await;
        assert_eq!(status, 200, "{body}");
        body["deliveries"].as_array().unwrap().clone()
    }

    async fn test_event(&self, hook: &str) -> Value {
        let (status, body) = self
            .call(
                Method::POST,
                &format!("/v1/owner/webhooks/{hook}/test"),
                None,
            )
            .await;
        assert_eq!(status, 202, "{body}");
        body
    }

    /// Waits until the only delivery of `hook` shows `attempts` attempts.
    async fn attempts(&self, hook: &str, attempts: i64) -> Value {
        eventually(&format!("{attempts} attempt(s) logged"), async || {
            let list = self.deliveries(hook).await;
            match list.first() {
                Some(d) if d["attempts"] == attempts => Ok(d.clone()),
                other => Err(other.cloned()),
            }
        })
        .await
    }
}

const ALL: [&str; 4] = [
    "conversation.started",
    "message.created",
    "conversation.ended",
    "conversation.rated",
];

#[tokio::test]
async fn a_chats_events_reach_the_webhook_signed_and_without_persona_ids() {
    let rx = Receiver::start().await;
    let s = shop(true).await;
    let (hook, secret) = s.hook(&rx.url, &ALL).await;
    assert!(secret.starts_with("whsec_"), "{secret}");

    // The secret is shown once: the list never has it.
    let (_, list) = s.call(Method::GET, "/v1/owner/webhooks", None).await;
    assert_eq!(list["webhooks"][0]["id"], hook);
    assert_eq!(list["webhooks"][0]["url"], rx.url);
    assert!(!list.to_string().contains(&secret), "{list}");
    assert_eq!(list["events"], json!(ALL));

    let (channel, persona, token) = new_chat(&s.t, &s.domain, "Eve").await;
    let (mut visitor, _) = Ws::visitor(&s.t, &token, None).await;
    visitor.say("v-1", "Do you ship to Norway?").await;
    add_agent(s.t.store(), &s.org, "ada@shop.test", "Ada").await;
    let ada = login(&s.t, "ada@shop.test").await;
    let (status, _) = call_as(
        &s.t,
        &ada,
        Method::POST,
        &format!("/v1/agent/channels/{channel}/messages"),
        Some(json!({"clientId": "a-1", "text": "We do."})),
    )
    .await;
    assert_eq!(status, 201);
    let (status, _) = call_as(
        &s.t,
        &ada,
        Method::POST,
        &format!("/v1/agent/channels/{channel}/end"),
        None,
    )
    .await;
    assert_eq!(status, 200);
    let r =
        s.t.client()
            .post(s.t.api(&format!(
                "/v1/chat/public/channel/{channel}/rating?personaId={persona}"
            )))
            .json(&json!({"score": 5, "comment": "Quick!"}))
            .send()
            .await
            .unwrap();
    assert_eq!(r.status(), 200);

    let got = eventually("five events", async || {
        let got = rx.received();
        if got.len() >= 5 {
            Ok(got)
        } else {
            Err(got.len())
        }
    })
    .await;
    let mut types: Vec<&str> = got
        .iter()
        .map(|r| r.body["type"].as_str().unwrap())
        .collect();
    types.sort();
    assert_eq!(
        types,
        [
            "conversation.ended",
            "conversation.rated",
            "conversation.started",
            "message.created",
            "message.created"
        ]
    );
    for r in &got {
        assert!(signed_with(&secret, r), "{r:?}");
        assert!(verifies_now(&secret, r), "the library's own check: {r:?}");
        assert!(r.id.starts_with("msg_"), "{}", r.id);
        assert_eq!(r.content_type, "application/json");
        assert_eq!(r.body["data"]["conversation"]["id"], channel);
        assert_eq!(
            r.body["data"]["conversation"]["domain"]["host"],
            "shop.example.com"
        );
        assert_eq!(r.body["data"]["conversation"]["visitor"]["name"], "Eve");
        assert_eq!(
            r.body["data"]["conversation"]["visitor"]["email"],
            "visitor@example.com"
        );
        assert!(
            chrono::DateTime::parse_from_rfc3339(r.body["timestamp"].as_str().unwrap()).is_ok()
        );
        // The visitor's persona id is their credential: never sent out.
        let raw = String::from_utf8(r.raw.clone()).unwrap();
        assert!(!raw.contains(&persona), "{raw}");
    }
    let of = |t: &str| {
        got.iter()
            .filter(|r| r.body["type"] == t)
            .collect::<Vec<_>>()
    };
    let messages = of("message.created");
    let visitor_msg = messages
        .iter()
        .find(|r| r.body["data"]["message"]["senderType"] == "visitor")
        .unwrap();
    assert_eq!(
        visitor_msg.body["data"]["message"]["text"],
        "Do you ship to Norway?"
    );
    assert_eq!(visitor_msg.body["data"]["message"]["seq"], 1);
    assert_eq!(
        visitor_msg.body["data"]["message"]["agentName"],
        Value::Null
    );
    let agent_msg = messages
        .iter()
        .find(|r| r.body["data"]["message"]["senderType"] == "agent")
        .unwrap();
    assert_eq!(agent_msg.body["data"]["message"]["agentName"], "Ada");
    assert_eq!(agent_msg.body["data"]["message"]["text"], "We do.");
    assert_eq!(of("conversation.ended")[0].body["data"]["endedBy"], "agent");
    assert_eq!(
        of("conversation.rated")[0].body["data"]["rating"],
        json!({"score": 5, "comment": "Quick!"})
    );

    // The log: five deliveries, each succeeded at the first attempt.
    let log = s.deliveries(&hook).await;
    assert_eq!(log.len(), 5);
    for d in &log {
        assert_eq!(
            (
                d["status"].as_str(),
                d["attempts"].as_i64(),
                d["responseCode"].as_i64()
            ),
            (Some("succeeded"), Some(1), Some(200)),
            "{d}"
        );
    }

    // Removed: nothing more is sent.
    let (status, _) = s
        .call(Method::DELETE, &format!("/v1/owner/webhooks/{hook}"), None)
        .await;
    assert_eq!(status, 204);
    let (_, list) = s.call(Method::GET, "/v1/owner/webhooks", None).await;
    assert_eq!(list["webhooks"], json!([]));
    new_chat(&s.t, &s.domain, "Eve").await;
    let queued = s.t.store().jobs_of_kind(WEBHOOK).await.unwrap();
    assert!(queued.is_empty(), "{queued:?}");
    assert_eq!(rx.received().len(), 5);
}

#[tokio::test]
async fn a_webhook_gets_only_the_events_it_chose() {
    let rx = Receiver::start().await;
    let s = shop(true).await;
    let (hook, _) = s.hook(&rx.url, &["conversation.ended"]).await;
    let (_, _, token) = new_chat(&s.t, &s.domain, "Eve").await;
    let (mut visitor, _) = Ws::visitor(&s.t, &token, None).await;
    visitor.say("v-1", "Hi").await;
    // The visitor ends it over the socket, as the widget does.
    visitor
        .send(json!({"op": "client-action", "action": "end-chat"}))
        .await;
    eventually("the end arrives", async || !rx.received().is_empty()).await;
    let log = s.deliveries(&hook).await;
    let types: Vec<&str> = log.iter().map(|d| d["type"].as_str().unwrap()).collect();
    assert_eq!(types, ["conversation.ended"]);
    assert_eq!(rx.received()[0].body["data"]["endedBy"], "visitor");
}

#[tokio::test]
async fn a_failing_endpoint_is_retried_with_the_same_webhook_id_until_it_answers_2xx() {
    let rx = Receiver::start().await;
    let s = shop(true).await;
    let (hook, secret) = s.hook(&rx.url, &ALL).await;
    // A redirect first (to /moved, which must not be followed), then a server error.
    rx.answer(&[Reply::Status(302), Reply::Status(500)]);
    let queued = s.test_event(&hook).await;
    assert_eq!(queued["status"], "pending");
    assert_eq!(queued["type"], "webhook.test");

    let first = s.attempts(&hook, 1).await;
    assert_eq!(
        (first["status"].as_str(), first["responseCode"].as_i64()),
        (Some("pending"), Some(302))
    );
    assert!(
        first["lastError"].as_str().unwrap().contains("302"),
        "{first}"
    );
    assert!(first["nextAttemptAt"].is_string(), "{first}");
    // Not before its time (5 s after the first attempt, by the server's clock).
    s.clock.advance(Duration::from_secs(4));
    // Its job is not due yet, so no worker can claim it (no wait for a poll that does nothing).
    let waiting = s.t.store().jobs_of_kind(WEBHOOK).await.unwrap();
    assert!(
        waiting.iter().all(|j| j.run_at > s.t.store().now()),
        "retried too early: {waiting:?}"
    );
    assert_eq!(rx.received().len(), 1, "retried too early");
    s.clock.advance(Duration::from_secs(1));
    let second = s.attempts(&hook, 2).await;
    assert_eq!(
        (second["status"].as_str(), second["responseCode"].as_i64()),
        (Some("pending"), Some(500))
    );
    s.clock.advance(Duration::from_secs(5 * 60));
    let third = s.attempts(&hook, 3).await;
    assert_eq!(
        (third["status"].as_str(), third["responseCode"].as_i64()),
        (Some("succeeded"), Some(200)),
        "{third}"
    );
    assert_eq!(third["nextAttemptAt"], Value::Null);

    let got = rx.received();
    assert_eq!(got.len(), 3);
    assert!(
        got.iter().all(|r| r.id == queued["id"].as_str().unwrap()),
        "the same webhook-id each time"
    );
    assert!(
        got.iter().all(|r| r.raw == got[0].raw),
        "the same body each time"
    );
    assert!(got.iter().all(|r| signed_with(&secret, r)));
    assert!(
        got.iter().all(|r| r.path == "/hook"),
        "redirects are not followed"
    );
    assert!(
        got[2].timestamp > got[0].timestamp,
        "signed anew at each attempt"
    );
}

#[tokio::test]
async fn a_delivery_that_never_succeeds_fails_after_24_hours_and_can_be_sent_again() {
    let rx = Receiver::start().await;
    let s = shop(true).await;
    let (hook, secret) = s.hook(&rx.url, &ALL).await;
    rx.answer(&[Reply::Status(503); 50]);
    let queued = s.test_event(&hook).await;
    let started = s.t.store().now();
    let mut attempts = 1;
    let failed = loop {
        let d = s.attempts(&hook, attempts).await;
        if d["status"] == "failed" {
            break d;
        }
        assert_eq!(d["status"], "pending", "{d}");
        s.clock.advance(Duration::from_secs(10 * 3600));
        attempts += 1;
    };
    let failed_at = s.t.store().now();
    assert!(
        failed_at - started >= 24 * 3_600_000,
        "retried for 24 hours"
    );
    assert!(failed_at - started < 36 * 3_600_000);
    assert_eq!(failed["responseCode"], 503);
    assert_eq!(failed["nextAttemptAt"], Value::Null);
    assert!(attempts >= 4, "{attempts} attempts");
    let count = rx.received().len();
    // Nothing more is tried.
    s.clock.advance(Duration::from_secs(48 * 3600));
    // No live job is left to try it (a failed delivery's job is gone or buried).
    let live: Vec<_> =
        s.t.store()
            .jobs_of_kind(WEBHOOK)
            .await
            .unwrap()
            .into_iter()
            .filter(|j| !j.dead.0)
            .collect();
    assert!(live.is_empty(), "still to be tried: {live:?}");
    assert_eq!(rx.received().len(), count);

    // Sent again: the same webhook-id, now answered (the endpoint is back).
    rx.recover();
    let resend = format!(
        "/v1/owner/webhooks/{hook}/deliveries/{}/resend",
        queued["id"].as_str().unwrap()
    );
    let (status, again) = s.call(Method::POST, &resend, None).await;
    assert_eq!(status, 202, "{again}");
    assert_eq!(again["status"], "pending");
    let d = s.attempts(&hook, attempts + 1).await;
    assert_eq!(
        (d["status"].as_str(), d["responseCode"].as_i64()),
        (Some("succeeded"), Some(200)),
        "{d}"
    );
    let last = rx.received().last().cloned().unwrap();
    assert_eq!(last.id, queued["id"].as_str().unwrap());
    assert!(signed_with(&secret, &last));
}

#[tokio::test]
async fn an_endpoint_that_does_not_answer_within_10_seconds_is_tried_again_later() {
    let rx = Receiver::start().await;
    let s = shop(true).await;
    let (hook, _) = s.hook(&rx.url, &ALL).await;
    rx.answer(&[Reply::Silence]);
    s.test_event(&hook).await;
    let d = eventually_within_secs(25, "the attempt times out", async || {
        let list = s.deliveries(&hook).await;
        let d = list[0].clone();
        if d["attempts"] == 1 {
            Ok(d)
        } else {
            Err(d)
        }
    })
    .await;
    assert_eq!(d["status"], "pending");
    assert_eq!(d["responseCode"], Value::Null);
    assert!(d["lastError"].as_str().unwrap().contains("10 s"), "{d}");
    s.clock.advance(Duration::from_secs(5));
    let d = s.attempts(&hook, 2).await;
    assert_eq!(d["status"], "succeeded");
}

#[tokio::test]
async fn an_endpoint_that_hangs_does_not_hold_up_other_deliveries() {
    let (slow, fast) = (Receiver::start().await, Receiver::start().await);
    let s = shop(true).await;
    let (slow_hook, _) = s.hook(&slow.url, &ALL).await;
    let (fast_hook, _) = s.hook(&fast.url, &ALL).await;
    slow.answer(&[Reply::Silence]);
    s.test_event(&slow_hook).await;
    eventually("the slow endpoint has the request", async || {
        !slow.received().is_empty()
    })
    .await;
    // While that request waits for its 10 s, another webhook's event goes at once.
    s.test_event(&fast_hook).await;
    eventually_within_secs(5, "the other delivery, long before 10 s", async || {
        !fast.received().is_empty()
    })
    .await;
    assert_eq!(
        s.deliveries(&slow_hook).await[0]["attempts"],
        0,
        "still waiting"
    );
}

async fn eventually_within_secs<O: crate::common::Outcome>(
    secs: u64,
    what: &str,
    check: impl AsyncFnMut() -> O,
) -> O::Value {
    crate::common::eventually_within(what, Duration::from_secs(secs), check).await
}

#[tokio::test]
async fn private_addresses_are_refused_when_added_and_when_delivered_to() {
    let rx = Receiver::start().await;
    let s = shop(false).await;
    let add = |body: Value| s.call(Method::POST, "/v1/owner/webhooks", Some(body));
    let problem = |v: &Value| {
        (
            v["problems"][0]["path"].as_str().unwrap_or("").to_owned(),
            v["problems"][0]["message"]
                .as_str()
                .unwrap_or("")
                .to_owned(),
        )
    };
    for (url, says) in [
        (rx.url.as_str(), "https"),
        ("https://127.0.0.1/hook", "not a public address"),
        ("https://localhost:8443/hook", "not a public address"),
        ("https://api.localhost/hook", "not a public address"),
        ("https://10.1.2.3/hook", "not a public address"),
        (
            "https://169.254.169.254/latest/meta-data",
            "not a public address",
        ),
        ("https://[::1]/hook", "not a public address"),
        ("ftp://example.com/hook", "not an http(s) address"),
        ("not a url", "not a URL"),
        ("", "required"),
    ] {
        let (status, body) = add(json!({"url": url, "events": ["message.created"]})).await;
        assert_eq!(status, 400, "{url}: {body}");
        let (path, message) = problem(&body);
        assert_eq!(path, "url", "{url}: {body}");
        assert!(message.contains(says), "{url}: {message}");
    }
    for events in [json!([]), json!(["message.deleted"]), json!(null)] {
        let (status, body) =
            add(json!({"url": "https://hooks.example.com/x", "events": events})).await;
        assert_eq!(
            (status, problem(&body).0.as_str()),
            (400, "events"),
            "{body}"
        );
    }
    let (status, body) = add(json!({"url": "https://hooks.example.com/x", "events": ["message.created"], "domainId": "nope"})).await;
    assert_eq!(
        (status, problem(&body).0.as_str()),
        (400, "domainId"),
        "{body}"
    );
    let (status, _) = add(json!({"url": "https://hooks.example.com/x", "events": ["message.created"], "domainId": s.domain})).await;
    assert_eq!(status, 201);

    // A name that resolves to a private address passes the first check (it is a name); the
    // resolver refuses it when delivering, and the receiver gets nothing.
    let hook =
        s.t.store()
            .create_webhook(NewWebhook {
                org_id: s.org.clone(),
                domain_id: None,
                url: format!("https://localhost:{}/hook", rx.port),
                events: vec!["message.created".into()],
                secret: beckon_server::service::outbound::webhook::new_secret(),
            })
            .await
            .unwrap();
    s.test_event(&hook.id).await;
    let d = s.attempts(&hook.id, 1).await;
    assert!(
        d["lastError"]
            .as_str()
            .unwrap()
            .contains("no public address"),
        "{d}"
    );
    assert!(rx.received().is_empty());
}

#[tokio::test]
async fn another_organisations_owner_sees_none_of_it() {
    let rx = Receiver::start().await;
    let s = shop(true).await;
    let (hook, _) = s.hook(&rx.url, &ALL).await;
    let queued = s.test_event(&hook).await;
    let other = s.t.store().create_organisation("Other Ltd").await.unwrap();
    add_owner(s.t.store(), &other.id, "owner@other.test", "Otto").await;
    let otto = login(&s.t, "owner@other.test").await;
    let (_, list) = call_as(&s.t, &otto, Method::GET, "/v1/owner/webhooks", None).await;
    assert_eq!(list["webhooks"], json!([]));
    let d = queued["id"].as_str().unwrap();
    for (method, path) in [
        (Method::GET, format!("/v1/owner/webhooks/{hook}/deliveries")),
        (Method::POST, format!("/v1/owner/webhooks/{hook}/test")),
        (
            Method::POST,
            format!("/v1/owner/webhooks/{hook}/deliveries/{d}/resend"),
        ),
        (Method::DELETE, format!("/v1/owner/webhooks/{hook}")),
    ] {
        let (status, body) = call_as(&s.t, &otto, method.clone(), &path, None).await;
        assert_eq!(status, 404, "{method} {path}: {body}");
    }
    // An agent is not an owner.
    add_agent(s.t.store(), &s.org, "ada@shop.test", "Ada").await;
    let ada = login(&s.t, "ada@shop.test").await;
    let (status, _) = call_as(&s.t, &ada, Method::GET, "/v1/owner/webhooks", None).await;
    assert_eq!(status, 403);
    // Still there for its owner.
    assert_eq!(s.deliveries(&hook).await.len(), 1);
}
