//! Private notes (`/api/v1/agent/channels/{id}/notes`): agents write them and see their
//! colleagues' live (`note` on the agent socket); the visitor never gets one, on any path they
//! read a chat by: the public history, their socket (live and catch-up), the transcript and
//! reply mails (a real SMTP server), the continuation link; nor does a webhook (a real endpoint
//! on 127.0.0.1). Notes count for no unread message and answer nobody (the waiting list).

use std::time::Duration;

use reqwest::Method;
use serde_json::{json, Value};

use crate::common::realtime::*;
use crate::common::smtp::SmtpServer;
use crate::notifications::{beckon, mails_to, shop};

const SECRET: &str = "Customer is a VIP; refund approved by Kim";

fn without_secret(what: &str, text: &str) {
    assert!(!text.contains(SECRET), "{what} shows the note: {text}");
}

async fn write_note(t: &T, login: &(String, String), channel: &str, text: &str) -> (u16, Value) {
    call_as(
        t,
        login,
        Method::POST,
        &format!("/v1/agent/channels/{channel}/notes"),
        Some(json!({ "text": text })),
    )
    .await
}

#[tokio::test]
async fn a_note_reaches_the_other_agents_live_and_never_the_visitor() {
    let t = spawn().await;
    let (domain, org) = seed(t.store()).await;
    add_agent(t.store(), &org, "ada@shop.test", "Ada").await;
    add_agent(t.store(), &org, "bob@shop.test", "Bob").await;
    let ada = login(&t, "ada@shop.test").await;
    let bob = login(&t, "bob@shop.test").await;
    let (mut bob_ws, _) = Ws::agent(&t, &bob.0).await;
    let (channel, persona, token) = new_chat(&t, &domain, "Eve").await;
    let (mut visitor, _) = Ws::visitor(&t, &token, None).await;
    visitor.say("v-1", "Where is my order?").await;
    bob_ws.recv_op("chat-message").await;
    let listed = |who: (String, String), filter: &'static str| {
        let t = &t;
        let channel = channel.clone();
        async move {
            let (_, list) = call_as(
                t,
                &who,
                Method::GET,
                &format!("/v1/agent/channels?filter={filter}"),
                None,
            )
            .await;
            list["channels"]
                .as_array()
                .unwrap()
                .iter()
                .find(|c| c["id"] == channel.as_str())
                .cloned()
        }
    };
    let bob_before = listed(bob.clone(), "open").await.expect("listed");

    let (status, note) = write_note(&t, &ada, &channel, &format!("  {SECRET}  ")).await;
    assert_eq!(status, 201, "{note}");
    assert_eq!(note["text"], SECRET, "trimmed");
    assert_eq!(note["author"]["name"], "Ada");
    assert!(note["id"].as_str().is_some_and(|id| !id.is_empty()));
    assert!(note["createdAt"].as_str().is_some());

    // Bob's console gets it at once, as a note of this chat.
    let live = bob_ws.recv_op("note").await;
    assert_eq!(live["channelId"], channel.as_str());
    assert_eq!(live["note"], note);
    // Listed for agents, apart from the messages.
    let (status, notes) = call_as(
        &t,
        &bob,
        Method::GET,
        &format!("/v1/agent/channels/{channel}/notes"),
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(notes["notes"], json!([note]));
    let (_, messages) = call_as(
        &t,
        &bob,
        Method::GET,
        &format!("/v1/agent/channels/{channel}/messages"),
        None,
    )
    .await;
    without_secret("the agent's message history", &messages.to_string());

    // Nothing changed for the inbox: no unread message, not answered, not the last message.
    let bob_after = listed(bob.clone(), "open").await.expect("listed");
    assert_eq!(bob_after["unread"], bob_before["unread"]);
    assert_eq!(bob_after["lastMessageText"], "Where is my order?");
    assert_eq!(bob_after["lastSeq"], 1);
    assert!(
        listed(bob.clone(), "waiting").await.is_some(),
        "a note answers nobody: Eve still waits"
    );

    // The visitor: nothing live (the socket has had everything queued before the pong) …
    for f in visitor.all_before_pong().await {
        assert_ne!(f["op"], "note", "{f}");
        without_secret("a live visitor frame", &f.to_string());
    }
    // … nor when an agent's reply comes after it, nor in a catch-up from the start …
    call_as(
        &t,
        &ada,
        Method::POST,
        &format!("/v1/agent/channels/{channel}/messages"),
        Some(json!({"clientId": "a-1", "text": "On its way!"})),
    )
    .await;
    // Every frame up to the reply: a note published before it would have come before it.
    let reply = loop {
        let f = visitor.recv().await;
        assert_ne!(f["op"], "note", "{f}");
        without_secret("a live visitor frame", &f.to_string());
        if f["op"] == "chat-message" {
            break f;
        }
    };
    assert_eq!(reply["seq"], 2, "a note takes no sequence number: {reply}");
    drop(visitor);
    let (mut again, ready) = Ws::visitor(&t, &token, Some(0)).await;
    without_secret("ready", &ready.to_string());
    let caught_up = again.all_before_pong().await;
    assert_eq!(
        caught_up
            .iter()
            .filter(|f| f["op"] == "chat-message")
            .count(),
        2,
        "{caught_up:?}"
    );
    for f in &caught_up {
        without_secret("a catch-up frame", &f.to_string());
    }
    // … nor in the public history.
    let h = t
        .get_json(&format!(
            "/v1/chat/public/channel/{channel}/history?personaId={persona}"
        ))
        .await;
    without_secret("the public history", &h.to_string());
    assert_eq!(h["messages"].as_array().unwrap().len(), 2);
    assert_eq!(h["lastSeq"], 2);
    // A second note, written while Bob's socket is connected, comes once.
    write_note(&t, &bob, &channel, "second").await;
    assert_eq!(bob_ws.recv_op("note").await["note"]["text"], "second");
    bob_ws.nothing_more("note").await;
}

#[tokio::test]
async fn bad_notes_are_refused_and_another_organisation_gets_404() {
    let t = spawn().await;
    let (domain, org) = seed(t.store()).await;
    add_agent(t.store(), &org, "ada@shop.test", "Ada").await;
    let ada = login(&t, "ada@shop.test").await;
    let (channel, persona, _) = new_chat(&t, &domain, "Eve").await;
    greet(&t, &channel, &persona).await;
    let path = format!("/v1/agent/channels/{channel}/notes");

    let problem = |body: &Value| {
        body["problems"][0]["path"]
            .as_str()
            .unwrap_or("")
            .to_owned()
    };
    for text in [json!(""), json!("   "), json!(42), Value::Null] {
        let (status, body) =
            call_as(&t, &ada, Method::POST, &path, Some(json!({ "text": text }))).await;
        assert_eq!(
            (status, problem(&body)),
            (422, "text".into()),
            "{text}: {body}"
        );
    }
    let (status, body) = write_note(&t, &ada, &channel, &"x".repeat(4001)).await;
    assert_eq!(status, 422, "{body}");
    assert!(body.to_string().contains("4000"), "{body}");
    assert_eq!(
        write_note(&t, &ada, &channel, &"x".repeat(4000)).await.0,
        201
    );
    // U+0000 as for messages: 400 naming the field, nothing kept.
    let (status, body) = write_note(&t, &ada, &channel, "a\u{0}b").await;
    assert_eq!(status, 400, "{body}");
    assert!(body["error"].as_str().unwrap().contains("U+0000"), "{body}");
    // A write needs the CSRF token (or this server's Origin).
    let r = t
        .http
        .post(t.api(&path))
        .header("cookie", &ada.0)
        .json(&json!({"text": "no token"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 403);
    // Not logged in.
    let r = t.http.get(t.api(&path)).send().await.unwrap();
    assert_eq!(r.status(), 401);
    // An unknown chat, and another organisation's agent: 404 both ways, and nothing shown.
    assert_eq!(write_note(&t, &ada, "nope", "x").await.0, 404);
    let other = t.store().create_organisation("Other Ltd").await.unwrap();
    add_agent(t.store(), &other.id, "mal@other.test", "Mal").await;
    let mal = login(&t, "mal@other.test").await;
    assert_eq!(write_note(&t, &mal, &channel, "x").await.0, 404);
    let (status, body) = call_as(&t, &mal, Method::GET, &path, None).await;
    assert_eq!(status, 404, "{body}");
    let (_, notes) = call_as(&t, &ada, Method::GET, &path, None).await;
    assert_eq!(notes["notes"].as_array().unwrap().len(), 1, "{notes}");
}

#[tokio::test]
async fn no_mail_to_the_visitor_carries_a_note() {
    let smtp = SmtpServer::start();
    let (t, clock) = beckon(&smtp.url(), Duration::from_secs(120)).await;
    let (domain, mut ada_ws) = shop(&t).await;
    let ada = login(&t, "ada@shop.example.com").await;
    let (channel, persona, token) = new_chat(&t, &domain, "Eve").await;
    let (mut visitor, _) = Ws::visitor(&t, &token, None).await;
    visitor.say("v-1", "Do you ship to Norway?").await;
    drop(visitor);
    assert_eq!(write_note(&t, &ada, &channel, SECRET).await.0, 201);
    ada_ws
        .send(reply(&channel, "a-1", "Yes, in 3 to 5 days."))
        .await;
    ada_ws.recv_op("ack").await;
    assert_eq!(write_note(&t, &ada, &channel, SECRET).await.0, 201);

    // The reply the visitor has not seen, mailed with the conversation.
    clock.advance(Duration::from_secs(121));
    eventually("the visitor's reply mail", async || {
        !mails_to(&smtp, "visitor@example.com").is_empty()
    })
    .await;
    let m = &mails_to(&smtp, "visitor@example.com")[0];
    assert!(m.text().contains("Yes, in 3 to 5 days."), "{}", m.text());
    without_secret("the reply mail", &m.text());
    without_secret("the reply mail's HTML", &m.html());
    // The link in it: the continuation page and what the widget asks with it.
    let link = m
        .text()
        .lines()
        .find_map(|l| l.strip_prefix("Continue the conversation: "))
        .expect("a link")
        .to_owned();
    let link_token = link.rsplit('/').next().unwrap().to_owned();
    let page = t
        .http
        .get(format!("{}/c/{link_token}", t.url))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    without_secret("the continuation page", &page);
    let continued: Value = t
        .http
        .post(t.api("/v1/chat/public/continue"))
        .json(&json!({ "token": link_token }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(continued["channel"]["id"], channel.as_str());
    without_secret("the continuation answer", &continued.to_string());

    // The transcript the visitor asks for.
    let r = t
        .http
        .post(t.api(&format!(
            "/v1/chat/public/channel/{channel}/transcript?personaId={persona}"
        )))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 202);
    eventually("the transcript", async || {
        mails_to(&smtp, "visitor@example.com").len() == 2
    })
    .await;
    let transcript = &mails_to(&smtp, "visitor@example.com")[1];
    assert_eq!(
        transcript.subject(),
        "Your conversation with shop.example.com"
    );
    assert!(transcript.text().contains("Do you ship to Norway?"));
    assert!(transcript.text().contains("Yes, in 3 to 5 days."));
    without_secret("the transcript", &transcript.text());
    without_secret("the transcript's HTML", &transcript.html());
    // Nor did any mail to anyone carry it (Bob, away, was told of Eve's message).
    for m in smtp.received() {
        without_secret(&m.subject(), &m.text());
    }
}

#[tokio::test]
async fn no_webhook_carries_a_note() {
    let rx = crate::common::webhook_receiver::Receiver::start().await;
    let dir = tempfile::tempdir().expect("temp dir");
    let mut c = config(dir.path());
    c.allow_private_outbound = true; // the receiver is on 127.0.0.1
    let t = spawn_config(dir, c).await;
    let (domain, org) = seed(t.store()).await;
    add_owner(t.store(), &org, "owner@shop.test", "Olive").await;
    add_agent(t.store(), &org, "ada@shop.test", "Ada").await;
    let owner = login(&t, "owner@shop.test").await;
    let ada = login(&t, "ada@shop.test").await;
    let events = [
        "conversation.started",
        "message.created",
        "conversation.ended",
        "conversation.rated",
    ];
    let (status, body) = call_as(
        &t,
        &owner,
        Method::POST,
        "/v1/owner/webhooks",
        Some(json!({"url": rx.url, "events": events})),
    )
    .await;
    assert_eq!(status, 201, "{body}");

    let (channel, _, token) = new_chat(&t, &domain, "Eve").await;
    let (mut visitor, _) = Ws::visitor(&t, &token, None).await;
    visitor.say("v-1", "Do you ship to Norway?").await;
    assert_eq!(write_note(&t, &ada, &channel, SECRET).await.0, 201);
    let (status, _) = call_as(
        &t,
        &ada,
        Method::POST,
        &format!("/v1/agent/channels/{channel}/messages"),
        Some(json!({"clientId": "a-1", "text": "We do."})),
    )
    .await;
    assert_eq!(status, 201);
    call_as(
        &t,
        &ada,
        Method::POST,
        &format!("/v1/agent/channels/{channel}/end"),
        None,
    )
    .await;
    // Every delivery made (nothing left in the queue), then: the chat's events, none of the note.
    eventually("the chat's four events", async || {
        let n = rx.received().len();
        if n >= 4 {
            Ok(())
        } else {
            Err(n)
        }
    })
    .await;
    ran(&t, beckon_server::service::outbound::WEBHOOK).await;
    let got = rx.received();
    let types: Vec<&str> = got
        .iter()
        .map(|r| r.body["type"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(
        types.iter().filter(|t| **t == "message.created").count(),
        2,
        "{types:?}"
    );
    for r in &got {
        without_secret("a webhook", &String::from_utf8_lossy(&r.raw));
    }
}
