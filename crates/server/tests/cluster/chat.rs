//! Chats across instances: a visitor and an agent on different instances, a visitor whose
//! instance dies resuming on another, a Redis restart mid-conversation.

use node::Cluster;
use realtime_support::*;
use serde_json::{json, Value};
use std::time::Duration;

use super::{agent_on, recv_for};
use crate::common::{node, realtime as realtime_support, redis_server};

#[tokio::test]
#[cfg_attr(
    not(all(beckon_test_postgres, beckon_test_redis)),
    ignore = "needs DATABASE_URL_TEST and REDIS_URL_TEST"
)]
async fn a_visitor_on_one_instance_and_an_agent_on_another_chat_both_ways() {
    let c = Cluster::new().await;
    let (a, b) = (c.node("a"), c.node("b"));
    let (domain, mut agent, _) = agent_on(&c, &b).await;

    // The visitor opens the chat on A; the agent on B hears of it.
    let (channel, persona, token) = new_chat(&a, &domain, "Ann Visitor").await;
    let (mut visitor, ready) = Ws::visitor(&a, &token, None).await;
    assert_eq!(
        ready["agentsOnline"], true,
        "A sees the agent connected to B"
    );
    // Visitor → agent: the chat reaches the agent on B with its first message.
    let ack = visitor.say("v-1", "Hello from A").await;
    assert_eq!(ack["seq"], 1);
    let [nc, got, enter] = &agent
        .recv_each(&["new-channel", "chat-message", "presence"])
        .await[..]
    else {
        unreachable!()
    };
    assert_eq!(nc["channel"]["id"], channel.as_str());
    assert_eq!(got["message"]["text"], "Hello from A");
    assert_eq!(got["seq"], 1);
    assert_eq!(enter["action"], "enter");
    visitor
        .send(json!({"op": "presence", "typing": true, "type": "typing-update"}))
        .await;
    let typing = recv_for(&mut agent, "presence", &channel).await;
    assert_eq!(typing["typing"], true);

    // Agent → visitor, with typing first.
    agent
        .send(json!({"op": "presence", "channelId": channel, "typing": true, "type": "typing-update"}))
        .await;
    let typing = visitor.recv_op("presence").await;
    assert_eq!(typing["typing"], true);
    assert_eq!(typing["name"], "Ada");
    agent.send(reply(&channel, "a-1", "Hi Ann, from B")).await;
    assert_eq!(agent.recv_op("ack").await["seq"], 2);
    let m = loop {
        let m = visitor.recv_op("chat-message").await;
        if m["seq"] == 2 {
            break m;
        }
    };
    assert_eq!(m["message"]["text"], "Hi Ann, from B");

    // The visitor reads it on A; the agent on B gets the read receipt.
    visitor
        .send(json!({"op": "client-action", "action": "message-ack", "data": m["message"]["id"]}))
        .await;
    let read = recv_for(&mut agent, "channel-update", &channel).await;
    assert_eq!(read["update"], "read");
    assert_eq!(read["seq"], 2);
    assert_eq!(c.store().read_marker(&channel, &persona).await.unwrap(), 2);

    drop(visitor);
    let leave = recv_for(&mut agent, "presence", &channel).await;
    assert_eq!(leave["action"], "leave");
    drop((a, b));
    c.finish().await;
}

#[tokio::test]
#[cfg_attr(
    not(all(beckon_test_postgres, beckon_test_redis)),
    ignore = "needs DATABASE_URL_TEST and REDIS_URL_TEST"
)]
async fn a_visitor_whose_instance_dies_resumes_on_another_with_nothing_lost_or_twice() {
    let c = Cluster::new().await;
    let (mut a, b) = (c.node("a"), c.node("b"));
    let (domain, mut agent, _) = agent_on(&c, &b).await;
    let (channel, persona, token) = new_chat(&a, &domain, "Ann").await;
    let (mut visitor, _) = Ws::visitor(&a, &token, None).await;
    visitor.say("v-1", "one").await;
    let seen = visitor.recv_op("chat-message").await["seq"]
        .as_i64()
        .unwrap();
    assert_eq!(seen, 1);
    // The visitor sends, and A dies before its answer can be trusted to have arrived.
    visitor
        .send(json!({"op": "chat-message", "clientId": "v-2", "message": "two", "attachments": [], "type": "client-message"}))
        .await;
    a.kill();
    // The agent keeps writing meanwhile (on B).
    for (id, text) in [("a-1", "three"), ("a-2", "four")] {
        agent.send(reply(&channel, id, text)).await;
        agent.recv_op("ack").await;
    }
    // The widget reconnects (the load balancer sends it to B) from what it has, and sends
    // again what was not acknowledged.
    let (mut visitor, _) = Ws::visitor(&b, &token, Some(seen)).await;
    visitor
        .send(json!({"op": "chat-message", "clientId": "v-2", "message": "two", "attachments": [], "type": "client-message"}))
        .await;
    let mut texts = Vec::new();
    let mut seqs = Vec::new();
    while texts.len() < 3 {
        let f = visitor.recv().await;
        if f["op"] == "chat-message" {
            seqs.push(f["seq"].as_i64().unwrap());
            texts.push(f["message"]["text"].as_str().unwrap().to_owned());
        }
    }
    // Whether "two" was stored before A died or not, it is there once, in order.
    assert_eq!(seqs, vec![2, 3, 4], "{texts:?}");
    let mut sorted = texts.clone();
    sorted.sort();
    assert_eq!(sorted, vec!["four", "three", "two"]);
    let h = Endpoint::get_json(
        &b,
        &format!("/v1/chat/public/channel/{channel}/history?personaId={persona}"),
    )
    .await;
    let all: Vec<&str> = h["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap())
        .collect();
    assert_eq!(all.len(), 4, "{all:?}");
    assert_eq!(all.iter().filter(|t| **t == "two").count(), 1);
    drop(b);
    c.finish().await;
}

#[tokio::test]
#[cfg_attr(
    not(all(beckon_test_postgres, beckon_test_redis)),
    ignore = "needs DATABASE_URL_TEST and REDIS_URL_TEST"
)]
async fn redis_restarted_mid_conversation_every_client_catches_up() {
    let mut redis = redis_server::RedisServer::start();
    let c = Cluster::with_redis(redis.url()).await;
    let (a, b) = (c.node("a"), c.node("b"));
    let (domain, mut agent, cookie) = agent_on(&c, &b).await;
    let (channel, _, token) = new_chat(&a, &domain, "Ann").await;
    let (mut visitor, _) = Ws::visitor(&a, &token, None).await;
    visitor.say("v-1", "before").await;
    recv_for(&mut agent, "chat-message", &channel).await;

    // Redis goes away; both sides write (stored; the live events are lost).
    redis.stop();
    visitor.say("v-2", "during, from the visitor").await;
    agent
        .send(reply(&channel, "a-1", "during, from the agent"))
        .await;
    agent.recv_op("ack").await;
    redis.restart();

    // The visitor's instance resubscribes and catches it up from the store.
    let mut got = Vec::new();
    while !got.contains(&"during, from the agent".to_owned()) {
        let f = visitor.recv_op("chat-message").await;
        got.push(f["message"]["text"].as_str().unwrap().to_owned());
    }
    // The agent's socket is told to reconnect and reload (1013), and then has everything.
    match agent.ended(Duration::from_secs(10)).await {
        Ended::Closed(code, _) => assert_eq!(code, 1013),
        other => panic!("agent socket {other:?}"),
    }
    let (mut agent, _) = Ws::agent(&b, &cookie).await;
    let msgs = b
        .client()
        .get(Endpoint::api(
            &b,
            &format!("/v1/agent/channels/{channel}/messages"),
        ))
        .header("cookie", &cookie)
        .send()
        .await
        .unwrap()
        .json::<Value>()
        .await
        .unwrap();
    let texts: Vec<&str> = msgs["messages"]
        .as_array()
        .expect("messages")
        .iter()
        .map(|m| m["text"].as_str().unwrap())
        .collect();
    assert_eq!(
        texts,
        vec![
            "before",
            "during, from the visitor",
            "during, from the agent"
        ]
    );
    // And live events flow again, both ways.
    visitor.say("v-3", "after").await;
    assert_eq!(
        recv_for(&mut agent, "chat-message", &channel).await["message"]["text"],
        "after"
    );
    drop((a, b));
    c.finish().await;
}
