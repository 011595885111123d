//! Retention and erasure over the real server: ended conversations past their domain's
//! retention disappear by themselves (the store's clock moved on), and an owner exports or erases
//! what a visitor's e-mail address gave, on their organisation's domains only; `beckon export`
//! and `beckon erase` do the same from the command line.

use std::process::Command;
use std::sync::Arc;
use std::time::Duration;

use beckon_store::{ManualClock, StoreError};
use reqwest::Method;
use serde_json::{json, Value};

use crate::attachments::{visitor_upload, PNG};
use crate::common::eventually;
use crate::common::realtime::*;

const DAY: Duration = Duration::from_secs(86_400);

/// A chat on `domain` by a visitor who gives `email`, with one message: (channel, persona).
async fn chat_of(t: &T, domain: &str, name: &str, email: &str, text: &str) -> (String, String) {
    let (channel, persona, token) = new_chat_of(t, domain, name, email).await;
    let (mut ws, _) = Ws::visitor(t, &token, None).await;
    ws.say("m1", text).await;
    (channel, persona)
}

async fn gone(t: &T, channel: &str) -> bool {
    matches!(
        t.store().get_channel(channel).await,
        Err(StoreError::NotFound)
    )
}

#[tokio::test]
async fn ended_conversations_past_the_retention_are_removed() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = config(dir.path());
    let clock = Arc::new(ManualClock::starting_now());
    c.clock = clock.clone();
    c.retention_sweep_every = Duration::from_millis(50);
    let t = spawn_config(dir, c).await;
    let (domain, org) = seed(t.store()).await;
    add_owner(t.store(), &org, "owner@shop.test", "Olive").await;
    let owner = login(&t, "owner@shop.test").await;
    let path = format!("/v1/owner/domains/{domain}/retention");

    let (status, body) = call_as(&t, &owner, Method::GET, &path, None).await;
    assert_eq!(
        (status, &body["days"]),
        (200, &Value::Null),
        "kept until erased"
    );
    let (status, body) = call_as(&t, &owner, Method::PUT, &path, Some(json!({"days": 0}))).await;
    assert_eq!(status, 400);
    assert!(
        body["error"].as_str().unwrap().contains("from 1 to 3650"),
        "{body}"
    );
    let (status, _) = call_as(&t, &owner, Method::PUT, &path, Some(json!({"days": 30}))).await;
    assert_eq!(status, 200);

    let (ended, _) = chat_of(&t, &domain, "Ann", "ann@example.com", "hello").await;
    let (open, _) = chat_of(&t, &domain, "Bea", "bea@example.com", "hi").await;
    beckon_server::service::chat::end(&t.server.state, &ended, None)
        .await
        .unwrap();

    clock.advance(29 * DAY);
    assert!(!gone(&t, &ended).await, "29 days after it ended: kept");
    clock.advance(2 * DAY);
    eventually("the sweep removed the ended chat", async || {
        gone(&t, &ended).await
    })
    .await;
    assert!(!gone(&t, &open).await, "an open chat is never removed");

    // Another organisation's owner cannot read or set this domain's retention.
    let (_, other_org) = seed(t.store()).await;
    add_owner(t.store(), &other_org, "owner@other.test", "Otto").await;
    let otto = login(&t, "owner@other.test").await;
    let (status, _) = call_as(&t, &otto, Method::GET, &path, None).await;
    assert_eq!(status, 404);
    let (status, _) = call_as(&t, &otto, Method::PUT, &path, Some(json!({"days": 1}))).await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn an_owner_exports_then_erases_what_an_address_gave() {
    let t = spawn().await;
    let (domain, org) = seed(t.store()).await;
    let (other_domain, other_org) = seed(t.store()).await;
    add_owner(t.store(), &org, "owner@shop.test", "Olive").await;
    add_owner(t.store(), &other_org, "owner@other.test", "Otto").await;
    add_agent(t.store(), &org, "agent@shop.test", "Ada").await;
    let owner = login(&t, "owner@shop.test").await;

    let (first, persona) = chat_of(&t, &domain, "Ann", "ann@example.com", "My order 1234").await;
    // Ann sends a photo too.
    let (status, photo) =
        visitor_upload(&t, &first, &persona, "receipt.png", "image/png", PNG).await;
    assert_eq!(status, 201, "{photo}");
    let (mut ws, _) = Ws::visitor(&t, &token(&t, &first, &persona).await, None).await;
    ws.send(
        json!({"op": "chat-message", "clientId": "m2", "message": "the receipt",
        "attachments": [photo.clone()], "type": "client-message"}),
    )
    .await;
    ws.recv_op("ack").await;
    let photo_url = photo["url"].as_str().unwrap().to_owned();
    assert_eq!(
        t.client().get(&photo_url).send().await.unwrap().status(),
        200
    );
    // Ada notes something about Ann: data about her too, in the export.
    let ada = login(&t, "agent@shop.test").await;
    let (status, note) = call_as(
        &t,
        &ada,
        Method::POST,
        &format!("/v1/agent/channels/{first}/notes"),
        Some(json!({"text": "Wants a refund"})),
    )
    .await;
    assert_eq!(status, 201, "{note}");
    let (second, _) = chat_of(&t, &domain, "Ann", "Ann@Example.com", "Again").await;
    let (bea, _) = chat_of(&t, &domain, "Bea", "bea@example.com", "Not Ann").await;
    let (elsewhere, _) = chat_of(&t, &other_domain, "Ann", "ann@example.com", "Other shop").await;

    let (status, body) = call_as(
        &t,
        &owner,
        Method::POST,
        "/v1/owner/visitor-data/export",
        Some(json!({"email": "not an address"})),
    )
    .await;
    assert_eq!(status, 400, "{body}");

    let (status, export) = call_as(
        &t,
        &owner,
        Method::POST,
        "/v1/owner/visitor-data/export",
        Some(json!({"email": " ANN@example.com "})),
    )
    .await;
    assert_eq!(status, 200, "{export}");
    let ids: Vec<&str> = export["conversations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        ids,
        vec![first.as_str(), second.as_str()],
        "this organisation's only"
    );
    let c = &export["conversations"][0];
    assert_eq!(c["site"], "shop.example.com");
    assert_eq!(c["visitor"]["email"], "ann@example.com");
    assert_eq!(c["messages"][0]["text"], "My order 1234");
    assert_eq!(c["messages"][0]["from"], "visitor");
    assert_eq!(c["notes"][0]["author"], "Ada");
    assert_eq!(c["notes"][0]["text"], "Wants a refund");
    assert_eq!(export["conversations"][1]["notes"], json!([]));
    assert!(
        !export.to_string().contains(&persona),
        "no credential in an export"
    );

    let searched = async || {
        let q = "/v1/agent/channels?filter=all&q=ann";
        let (_, found) = call_as(&t, &owner, Method::GET, q, None).await;
        found["channels"].as_array().map(Vec::len)
    };
    assert_eq!(searched().await, Some(2), "the console's search finds Ann");

    // Agents may not; then the owner erases.
    let agent = login(&t, "agent@shop.test").await;
    let (status, _) = call_as(
        &t,
        &agent,
        Method::POST,
        "/v1/owner/visitor-data/erase",
        Some(json!({"email": "ann@example.com"})),
    )
    .await;
    assert_eq!(status, 403);
    let (status, erased) = call_as(
        &t,
        &owner,
        Method::POST,
        "/v1/owner/visitor-data/erase",
        Some(json!({"email": "ann@example.com"})),
    )
    .await;
    assert_eq!(status, 200, "{erased}");
    assert_eq!(erased["conversations"], 2);
    assert_eq!(erased["files"], 1);
    let r = t.client().get(&photo_url).send().await.unwrap();
    assert_eq!(r.status(), 404, "the photo's link finds nothing");
    let folder = t
        .dir
        .path()
        .join("data/attachments")
        .join(&domain)
        .join(&first);
    assert!(
        !folder.exists(),
        "the photo's bytes are gone: {}",
        folder.display()
    );
    assert!(gone(&t, &first).await && gone(&t, &second).await);
    assert!(!gone(&t, &bea).await, "another visitor's chat stays");
    assert!(
        !gone(&t, &elsewhere).await,
        "another organisation's chat stays"
    );
    let r = t
        .client()
        .get(t.api(&format!(
            "/v1/chat/public/channel/{first}/history?personaId={persona}"
        )))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 410, "the visitor's own link finds nothing");
    let body: Value = r.json().await.unwrap();
    assert_eq!(body["erased"], true, "{body}");
    // Her browser's stored visitor cannot start a chat with it: nothing is created.
    let r = t
        .client()
        .post(t.api(&format!("/v1/chat/public/channels/domain/{domain}")))
        .json(&json!({"name": "Ann", "email": "ann@example.com", "personaId": persona}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 410);
    assert!(t
        .store()
        .chats_of_email(None, "ann@example.com")
        .await
        .unwrap()
        .iter()
        .all(|c| c.id == elsewhere));
    assert_eq!(searched().await, Some(0), "nor does the console's search");
    let (_, export) = call_as(
        &t,
        &owner,
        Method::POST,
        "/v1/owner/visitor-data/export",
        Some(json!({"email": "ann@example.com"})),
    )
    .await;
    assert_eq!(export["conversations"], json!([]));
}

#[tokio::test]
async fn the_command_line_exports_and_erases_on_every_domain() {
    let t = spawn().await;
    let (domain, _) = seed(t.store()).await;
    let (other, _) = seed(t.store()).await;
    let (a, _) = chat_of(&t, &domain, "Ann", "ann@example.com", "first shop").await;
    let (b, _) = chat_of(&t, &other, "Ann", "ann@example.com", "second shop").await;
    let data_dir = t.dir.path().join("data");
    // The server keeps running meanwhile (the command waits on its own thread), as in
    // production, where the command runs beside `beckon serve`.
    let beckon = async |args: &[&str]| {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_beckon"));
        cmd.args(args)
            .arg("--data-dir")
            .arg(&data_dir)
            .env_remove("DATABASE_URL")
            .env_remove("BECKON_DATA_DIR");
        let out = tokio::task::spawn_blocking(move || cmd.output())
            .await
            .unwrap()
            .expect("the beckon binary runs");
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, _, err) = beckon(&["export", "--email", "nope"]).await;
    assert_eq!(code, 1);
    assert!(err.contains("--email"), "{err}");
    let (code, out, err) = beckon(&["export", "--email", "ann@example.com"]).await;
    assert_eq!(code, 0, "{err}");
    let export: Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(export["conversations"].as_array().unwrap().len(), 2);
    let (code, out, err) = beckon(&["erase", "--email", "ann@example.com"]).await;
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("erased 2 conversation(s)"), "{out}");
    assert!(gone(&t, &a).await && gone(&t, &b).await);
}
