//! Agents never hold a visitor's identity: the visitor's persona id is their credential for the
//! public chat API (`?personaId=`, the realtime token), so everything the organisation's agents
//! receive names the visitor by a public id instead, and that id opens nothing.

use serde_json::{json, Value};

use crate::common::eventually;
use crate::common::realtime::*;

/// Every frame the agent's socket got before the answer to a ping sent now.
async fn frames_so_far(agent: &mut Ws) -> Vec<Value> {
    agent.send(json!({"op": "ping"})).await;
    let mut out = Vec::new();
    loop {
        let f = agent.recv().await;
        if f["op"] == "pong" {
            return out;
        }
        out.push(f);
    }
}

#[tokio::test]
async fn agents_get_a_public_id_that_opens_nothing() {
    let t = spawn().await;
    let (domain, mut agent) = shop_with_agent(&t).await;
    let (channel, persona, token) = new_chat(&t, &domain, "Vera").await;
    let session = login(&t, "agent@shop.test").await;
    let get = async |path: String| {
        call_as(&t, &session, reqwest::Method::GET, &path, None)
            .await
            .1
    };

    // The visitor connects, types, writes, and reads the agent's reply.
    let (mut visitor, _) = Ws::visitor(&t, &token, None).await;
    visitor
        .send(json!({"op": "presence", "typing": true, "type": "typing-update"}))
        .await;
    visitor.say("v1", "Is the blue one in stock?").await;
    let (status, reply) = call_as(
        &t,
        &session,
        reqwest::Method::POST,
        &format!("/v1/agent/channels/{channel}/messages"),
        Some(json!({"clientId": "a1", "text": "It is."})),
    )
    .await;
    assert_eq!(status, 201, "{reply}");
    let m = loop {
        let m = visitor.recv_op("chat-message").await;
        if m["message"]["text"] == "It is." {
            break m;
        }
    };
    visitor
        .send(json!({"op": "client-action", "action": "message-ack", "data": m["message"]["id"], "seq": m["seq"]}))
        .await;

    // What the agent's socket got: the new chat, typing, the message, the read marker.
    let mut seen: Vec<Value> = Vec::new();
    let public = eventually(
        "the agent has seen the visitor read the reply",
        async || {
            seen.extend(frames_so_far(&mut agent).await);
            let read = seen
                .iter()
                .find(|f| f["op"] == "channel-update" && f["update"] == "read" && f["seq"] == 2)?;
            read["personaId"].as_str().map(str::to_owned)
        },
    )
    .await;
    assert!(public.starts_with("v-"), "a public id: {public}");
    let message = seen
        .iter()
        .find(|f| f["op"] == "chat-message" && f["message"]["text"] == "Is the blue one in stock?")
        .expect("the visitor's message reached the agent");
    assert_eq!(message["message"]["sender"]["id"], public.as_str());
    assert_eq!(message["message"]["sender"]["type"], "ChatClient");
    let typing = seen
        .iter()
        .find(|f| f["op"] == "presence" && f["persona"]["type"] == "ChatClient")
        .expect("the visitor's presence reached the agent");
    assert_eq!(typing["persona"]["id"], public.as_str());

    // The public id is no credential: no token, no chat, no history of the visitor's.
    for path in [
        format!("/v1/chat/public/channel/{channel}/token?personaId={public}"),
        format!("/v1/chat/public/channel/{channel}/history?personaId={public}"),
        format!("/v1/chat/public/channel/{channel}?personaId={public}"),
    ] {
        let r = t.client().get(t.api(&path)).send().await.unwrap();
        assert!(
            r.status() == 403 || r.status() == 404,
            "{path} answered {}",
            r.status()
        );
    }
    // An agent's socket cannot write as the visitor either.
    agent
        .send(
            json!({"op": "chat-message", "channelId": channel, "clientId": "a2",
            "message": "as whom?", "personaId": public}),
        )
        .await;
    seen.extend(frames_so_far(&mut agent).await);
    let as_visitor = history(&t, &channel)
        .await
        .into_iter()
        .filter(|m| m["text"] == "as whom?" && m["sender"]["type"] != "ChatAgentPersona")
        .count();
    assert_eq!(as_visitor, 0, "the agent wrote as the visitor");

    // The visitor ends the chat; the agent is told who ended it by the public id.
    visitor
        .send(json!({"op": "client-action", "action": "end-chat"}))
        .await;
    visitor.recv_op("channel-ended").await;
    seen.push(agent.recv_op("channel-ended").await);
    let list = get("/v1/agent/channels?filter=all".into()).await;
    let detail = get(format!("/v1/agent/channels/{channel}")).await;
    let messages = get(format!("/v1/agent/channels/{channel}/messages")).await;
    assert_eq!(detail["visitor"]["id"], public.as_str(), "{detail}");
    assert_eq!(detail["endedBy"]["personaId"], public.as_str(), "{detail}");
    assert_eq!(messages["messages"][0]["sender"]["id"], public.as_str());

    // The persona id appears nowhere in what the agent received.
    for (what, v) in [
        ("socket frames", Value::Array(seen)),
        ("the chat list", list),
        ("the chat", detail),
        ("the history", messages),
    ] {
        assert!(
            !v.to_string().contains(&persona),
            "{what} carry the visitor's persona id: {v}"
        );
    }
}
