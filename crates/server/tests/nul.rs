//! U+0000 is refused at validation on every path: request bodies (400 naming the field), URLs
//! (`%00` in a path id or a query), and realtime frames (`error` 400, with the message's
//! clientId so the client stops re-sending it). Nothing is stored.

use crate::common::realtime as realtime_support;

use realtime_support::*;
use serde_json::{json, Value};

/// Status and `error` text of a response.
async fn answer(r: reqwest::Response) -> (u16, String) {
    let status = r.status().as_u16();
    let body: Value = r.json().await.expect("a JSON body");
    (
        status,
        body["error"].as_str().unwrap_or_default().to_owned(),
    )
}

fn refused(what: &str, (status, error): (u16, String), field: &str) {
    assert_eq!(status, 400, "{what}: {error}");
    assert!(
        error.contains("U+0000") && error.contains(field),
        "{what}: {error:?} should name {field} and U+0000"
    );
}

#[tokio::test]
async fn bodies_and_urls_with_u0000_are_refused_with_400() {
    let t = spawn().await;
    let (domain, org) = seed(t.store()).await;
    add_agent(t.store(), &org, "agent@shop.test", "Ada").await;
    let new_chat_url = t.api(&format!("/v1/chat/public/channels/domain/{domain}"));
    for (field, body) in [
        (
            "name",
            json!({"name": "An\u{0}n", "email": "ann@example.com", "url": "https://shop.example.com/"}),
        ),
        (
            "url",
            json!({"name": "Ann", "email": "ann@example.com", "url": "https://shop.example.com/\u{0}"}),
        ),
    ] {
        let r = t.http.post(&new_chat_url).json(&body).send().await.unwrap();
        refused(&format!("new chat, {field}"), answer(r).await, field);
    }
    let r = t
        .http
        .post(t.api("/v1/auth/login"))
        .json(&json!({"email": "agent@shop.test\u{0}", "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    refused("login", answer(r).await, "email");

    let (channel, persona, _) = new_chat(&t, &domain, "Ann").await;
    for path in [
        "/d/%00.js".to_owned(),
        "/api/v1/chat/public/channels/available/%00".to_owned(),
        format!("/api/v1/chat/public/channel/{channel}%00/token?personaId={persona}"),
        format!("/api/v1/chat/public/channel/{channel}/token?personaId={persona}%00"),
    ] {
        let r = t.http.get(format!("{}{path}", t.url)).send().await.unwrap();
        refused(path.as_str(), answer(r).await, "URL");
    }

    // The agent's reply and assignment.
    let (cookie, csrf) = login(&t, "agent@shop.test").await;
    let agent_post = |path: String, body: Value| {
        t.http
            .post(t.api(&path))
            .header("cookie", &cookie)
            .header("x-beckon-csrf", &csrf)
            .json(&body)
            .send()
    };
    let r = agent_post(
        format!("/v1/agent/channels/{channel}/messages"),
        json!({"clientId": "a\u{0}1", "text": "Hello"}),
    )
    .await
    .unwrap();
    refused("reply clientId", answer(r).await, "clientId");
    let r = agent_post(
        format!("/v1/agent/channels/{channel}/assign"),
        json!({"agentId": "u\u{0}"}),
    )
    .await
    .unwrap();
    refused("assign agentId", answer(r).await, "agentId");
    assert!(history(&t, &channel).await.is_empty(), "nothing stored");
}

#[tokio::test]
async fn realtime_frames_with_u0000_get_an_error_and_store_nothing() {
    let t = spawn().await;
    let (domain, _) = seed(t.store()).await;
    let (channel, _, token) = new_chat(&t, &domain, "Ann").await;

    // Before authentication: the auth frame itself.
    let mut ws = Ws::connect(&t, "", None).await;
    ws.send(json!({"op": "auth", "token": format!("{token}\u{0}")}))
        .await;
    let e = ws.recv_op("error").await;
    assert_eq!(e["code"], 400, "{e}");
    assert!(e["error"].as_str().unwrap().contains("U+0000"), "{e}");

    let (mut v, _) = Ws::visitor(&t, &token, None).await;
    v.send(
        json!({"op": "chat-message", "clientId": "c1", "message": "hi\u{0}", "attachments": []}),
    )
    .await;
    let e = v.recv_op("error").await;
    assert_eq!(
        (e["code"].clone(), e["clientId"].clone()),
        (json!(400), json!("c1")),
        "{e}"
    );
    assert!(e["error"].as_str().unwrap().contains("message"), "{e}");
    v.send(json!({"op": "presence", "typing": true, "type": "typing\u{0}"}))
        .await;
    assert_eq!(v.recv_op("error").await["code"], 400);
    // The connection stays usable, and the next message is the chat's first.
    assert_eq!(v.say("c2", "hi").await["seq"], 1);
    assert_eq!(history(&t, &channel).await.len(), 1);
}
