//! A conversation over real sockets: messages, typing, acks, re-sends, an agent's HTTP reply,
//! a new chat reaching agents with its first message, the app-level ping.

use crate::common::realtime as support;
use serde_json::{json, Value};
use std::time::Duration;
use support::*;

#[tokio::test]
async fn a_whole_conversation() {
    let t = spawn().await;
    let (domain, org) = seed(t.store()).await;
    add_agent(t.store(), &org, "agent@shop.test", "Ada Agent").await;
    let (cookie, _) = login(&t, "agent@shop.test").await;
    assert!(!available(&t, &domain).await);

    let (mut agent, ready) = Ws::agent(&t, &cookie).await;
    assert_eq!(ready["domains"], json!([domain]));
    assert!(available(&t, &domain).await, "an agent is connected");

    let (channel, persona, token) = new_chat(&t, &domain, "Ann Visitor").await;
    let (mut visitor, ready) = Ws::visitor(&t, &token, None).await;
    assert_eq!(ready["channelId"], channel.as_str());
    assert_eq!(ready["personaId"], persona.as_str());
    assert_eq!(ready["lastSeq"], 0);
    assert_eq!(ready["agentsOnline"], true);

    // Visitor → agent: the agent learns of the chat with its first message.
    let ack = visitor.say("v-1", "  Hello, is anyone there?  ").await;
    assert_eq!(ack["seq"], 1);
    assert_eq!(ack["duplicate"], false);
    let own = visitor.recv_op("chat-message").await;
    assert_eq!(own["seq"], 1);
    assert_eq!(own["message"]["id"], ack["id"]);
    let [new_channel, got, enter] = &agent
        .recv_each(&["new-channel", "chat-message", "presence"])
        .await[..]
    else {
        unreachable!()
    };
    assert_eq!(new_channel["channel"]["id"], channel.as_str());
    assert_eq!(new_channel["visitor"]["name"], "Ann Visitor");
    assert_eq!(got["channelId"], channel.as_str());
    assert_eq!(got["seq"], 1);
    assert_eq!(got["message"]["text"], "Hello, is anyone there?");
    assert_eq!(got["message"]["clientId"], "v-1");
    assert_eq!(got["message"]["sender"]["type"], "ChatClient");

    // The agent sees the visitor, who is there.
    assert_eq!(enter["action"], "enter");
    assert_eq!(enter["channelId"], channel.as_str());
    assert_eq!(enter["name"], "Ann Visitor");
    assert_eq!(enter["status"], "online");

    // The agent types; the visitor sees it.
    agent
        .send(json!({"op": "presence", "channelId": channel, "typing": true, "type": "typing-update"}))
        .await;
    let typing = visitor.recv_op("presence").await;
    assert_eq!(typing["action"], "update");
    assert_eq!(typing["typing"], true);
    assert_eq!(typing["persona"]["type"], "ChatAgentPersona");
    assert_eq!(typing["name"], "Ada Agent");

    // Agent → visitor.
    agent
        .send(reply(&channel, "a-1", "Hi Ann, how can I help?"))
        .await;
    let ack = agent.recv_op("ack").await;
    assert_eq!(ack["seq"], 2);
    let m = visitor.recv_op("chat-message").await;
    assert_eq!(m["seq"], 2);
    assert_eq!(m["message"]["text"], "Hi Ann, how can I help?");
    assert_eq!(m["message"]["sender"]["name"], "Ada Agent");
    assert_eq!(m["message"]["sender"]["type"], "ChatAgentPersona");

    // The visitor acknowledges it; the agent learns it was read.
    visitor
        .send(json!({"op": "client-action", "action": "message-ack", "data": m["message"]["id"]}))
        .await;
    let read = agent.recv_op("channel-update").await;
    assert_eq!(read["update"], "read");
    assert_eq!(read["seq"], 2);
    assert_eq!(t.store().read_marker(&channel, &persona).await.unwrap(), 2);

    // Both are in the history.
    let h = history(&t, &channel).await;
    assert_eq!(h.len(), 2);
    assert_eq!(h[0]["text"], "Hello, is anyone there?");
    assert_eq!(h[1]["text"], "Hi Ann, how can I help?");

    // The visitor leaves; the agent sees it.
    drop(visitor);
    let leave = agent.recv_op("presence").await;
    assert_eq!(leave["action"], "leave");
    assert_eq!(leave["channelId"], channel.as_str());
}

#[tokio::test]
async fn typing_expires_on_its_own() {
    let t = spawn_with(|c| c.typing_ttl = Duration::from_millis(300)).await;
    let (domain, mut agent) = shop_with_agent(&t).await;
    let (channel, persona, token) = new_chat(&t, &domain, "Ann").await;
    greet(&t, &channel, &persona).await;
    let (mut visitor, _) = Ws::visitor(&t, &token, None).await;
    assert_eq!(agent.recv_op("presence").await["action"], "enter");
    visitor
        .send(json!({"op": "presence", "typing": true, "type": "typing-update"}))
        .await;
    let on = agent.recv_op("presence").await;
    assert_eq!(
        (on["action"].clone(), on["typing"].clone()),
        (json!("update"), json!(true))
    );
    let off = agent.recv_op("presence").await;
    assert_eq!(off["typing"], false, "typing ended by itself");
}

#[tokio::test]
async fn a_resent_message_is_acknowledged_again_and_stored_and_delivered_once() {
    let t = spawn().await;
    let (domain, mut agent) = shop_with_agent(&t).await;
    let (channel, _, token) = new_chat(&t, &domain, "Ann").await;
    let (mut visitor, _) = Ws::visitor(&t, &token, None).await;

    let first = visitor.say("same-id", "only once").await;
    let again = visitor.say("same-id", "only once").await;
    assert_eq!(again["id"], first["id"]);
    assert_eq!(again["seq"], first["seq"]);
    assert_eq!(again["duplicate"], true);

    // A re-send on a new connection (the ack was lost with the old one) too.
    drop(visitor);
    let (mut visitor, _) = Ws::visitor(&t, &token, None).await;
    let third = visitor.say("same-id", "only once").await;
    assert_eq!(third["id"], first["id"]);

    agent.recv_op("chat-message").await;
    agent.nothing_more("chat-message").await;
    assert_eq!(history(&t, &channel).await.len(), 1);
}

#[tokio::test]
async fn an_http_reply_reaches_the_visitor_socket() {
    let t = spawn().await;
    let (domain, org) = seed(t.store()).await;
    add_agent(t.store(), &org, "agent@shop.test", "Ada").await;
    let (cookie, csrf) = login(&t, "agent@shop.test").await;
    let (channel, persona, token) = new_chat(&t, &domain, "Ann").await;
    greet(&t, &channel, &persona).await;
    let (mut visitor, _) = Ws::visitor(&t, &token, None).await;
    let r = t
        .http
        .post(t.api(&format!("/v1/agent/channels/{channel}/messages")))
        .header("cookie", &cookie)
        .header("x-beckon-csrf", &csrf)
        .json(&json!({"clientId": "http-1", "text": "Hello from the console"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 201, "{:?}", r.text().await);
    let m = visitor.recv_op("chat-message").await;
    assert_eq!(m["seq"], 2);
    assert_eq!(m["message"]["text"], "Hello from the console");
    assert_eq!(m["message"]["sender"]["name"], "Ada");

    // Ended over HTTP: the visitor is told.
    let r = t
        .http
        .post(t.api(&format!("/v1/agent/channels/{channel}/end")))
        .header("cookie", &cookie)
        .header("x-beckon-csrf", &csrf)
        .send()
        .await
        .unwrap();
    assert!(r.status().is_success());
    visitor.recv_op("channel-ended").await;
}

#[tokio::test]
async fn app_level_ping_and_plain_http_get() {
    let t = spawn().await;
    let (domain, _) = seed(t.store()).await;
    let (_, _, token) = new_chat(&t, &domain, "Ann").await;
    let (mut v, _) = Ws::visitor(&t, &token, None).await;
    v.send(json!({"op": "ping"})).await;
    assert_eq!(v.recv_op("pong").await["op"], "pong");

    let r = t
        .http
        .get(t.ws_url().replace("ws://", "http://"))
        .send()
        .await
        .unwrap();
    assert!(r.status().is_client_error());
    let body: Value = r.json().await.unwrap();
    assert!(
        body["error"].as_str().unwrap().contains("WebSocket"),
        "{body}"
    );
}

#[tokio::test]
async fn agents_see_a_new_chat_with_its_first_message_not_before() {
    let t = spawn().await;
    let (domain, mut agent) = shop_with_agent(&t).await;

    // Created over HTTP and connected, the visitor on a page: nothing reaches the agents yet.
    let (channel, persona, token) = new_chat(&t, &domain, "Ann Visitor").await;
    let (mut visitor, _) = Ws::visitor(&t, &token, None).await;
    visitor
        .send(json!({"op": "presence", "typing": true}))
        .await;
    visitor
        .send(json!({"op": "page", "url": "https://shop.example.com/chairs"}))
        .await;
    agent.nothing_more("presence").await;
    agent.nothing_more("new-channel").await;
    agent.nothing_more("visitor-page").await;
    // The first message: the chat, its message and the visitor's presence.
    visitor.say("v-1", "Hello").await;
    let [f, m, p] = &agent
        .recv_each(&["new-channel", "chat-message", "presence"])
        .await[..]
    else {
        unreachable!()
    };
    assert_eq!(f["channel"]["id"], channel.as_str());
    assert_eq!(f["channel"]["domainId"], domain.as_str());
    assert_eq!(f["channel"]["status"], "open");
    assert_eq!(f["channel"]["lastSeq"], 1);
    assert_eq!(
        f["visitor"]["id"],
        beckon_server::wire::chat::public_visitor_id(&persona).as_str(),
        "the visitor by its public id"
    );
    assert_eq!(f["visitor"]["name"], "Ann Visitor");
    assert!(f["visitor"].get("email").is_none(), "public persona only");
    assert_eq!(m["message"]["text"], "Hello");
    assert_eq!(
        (p["action"].as_str(), p["channelId"].as_str()),
        (Some("enter"), Some(channel.as_str()))
    );
}

#[tokio::test]
async fn a_client_id_taken_by_another_sender_is_an_error_on_the_socket_and_over_http() {
    let t = spawn().await;
    let (domain, org) = seed(t.store()).await;
    add_agent(t.store(), &org, "agent@shop.test", "Ada").await;
    let session = login(&t, "agent@shop.test").await;
    let (channel, _, token) = new_chat(&t, &domain, "Ann").await;
    let (mut visitor, _) = Ws::visitor(&t, &token, None).await;
    let (mut agent, _) = Ws::agent(&t, &session.0).await;
    visitor.say("shared-1", "from Ann").await;

    // The agent reuses the visitor's clientId: an error naming it, on the socket …
    agent.send(reply(&channel, "shared-1", "from Ada")).await;
    let e = agent.recv_op("error").await;
    assert_eq!(
        (e["code"].clone(), e["clientId"].clone()),
        (json!(409), json!("shared-1")),
        "{e}"
    );
    assert!(
        e["error"]
            .as_str()
            .unwrap()
            .contains("already used by someone else"),
        "{e}"
    );
    // … and the same over HTTP.
    let r = t
        .http
        .post(t.api(&format!("/v1/agent/channels/{channel}/messages")))
        .header("cookie", &session.0)
        .header("x-beckon-csrf", &session.1)
        .json(&json!({"clientId": "shared-1", "text": "from Ada"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 409);
    let body: Value = r.json().await.unwrap();
    assert_eq!(body["error"], e["error"], "the same answer on both paths");

    // The other way round: the agent's clientId, reused by the visitor.
    agent.send(reply(&channel, "ada-1", "from Ada")).await;
    assert_eq!(agent.recv_op("ack").await["clientId"], "ada-1");
    visitor
        .send(json!({"op": "chat-message", "clientId": "ada-1", "message": "from Ann", "attachments": []}))
        .await;
    let e = visitor.recv_op("error").await;
    assert_eq!(
        (e["code"].clone(), e["clientId"].clone()),
        (json!(409), json!("ada-1")),
        "{e}"
    );

    // Each sender's own re-send is still acknowledged as the message it was.
    assert_eq!(visitor.say("shared-1", "from Ann").await["duplicate"], true);
    let stored = t.store().messages_after(&channel, 0, 100).await.unwrap();
    let texts: Vec<_> = stored.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(texts, ["from Ann", "from Ada"]);
}
