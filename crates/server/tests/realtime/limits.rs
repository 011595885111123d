//! Rates and slow consumers: message and frame rates per connection and per address, a socket
//! that does not keep up.

use crate::common::realtime as support;
use serde_json::json;
use std::time::Duration;
use support::*;
use tokio_tungstenite::tungstenite::Message;

#[tokio::test]
async fn message_rates_are_limited_per_connection_and_per_address() {
    let t = spawn_with(|c| {
        c.message_rate_conn.burst = 3;
        c.message_rate_conn.every = Duration::from_secs(3600);
        c.message_rate_ip.burst = 5;
        c.message_rate_ip.every = Duration::from_secs(3600);
    })
    .await;
    let (domain, _) = seed(t.store()).await;
    let (channel, _, token) = new_chat(&t, &domain, "Ann").await;
    let (mut v, _) = Ws::visitor(&t, &token, None).await;
    for i in 0..3 {
        v.say(&format!("m{i}"), "hi").await;
    }
    v.send(json!({"op": "chat-message", "clientId": "m3", "message": "hi"}))
        .await;
    let e = v.recv_op("error").await;
    assert_eq!(e["code"], 429);
    assert_eq!(e["clientId"], "m3");
    assert!(e["error"].as_str().unwrap().contains("too many messages"));

    // Another chat from the same address: 2 more, then the address is out.
    let (_, _, token2) = new_chat(&t, &domain, "Bea").await;
    let (mut v2, _) = Ws::visitor(&t, &token2, None).await;
    v2.say("b0", "hi").await;
    v2.say("b1", "hi").await;
    v2.send(json!({"op": "chat-message", "clientId": "b2", "message": "hi"}))
        .await;
    assert_eq!(v2.recv_op("error").await["code"], 429);
    assert_eq!(history(&t, &channel).await.len(), 3);
}

#[tokio::test]
async fn frames_beyond_the_connection_rate_are_answered_429_and_the_socket_stays() {
    let t = spawn_with(|c| {
        c.frame_rate_conn.burst = 3;
        c.frame_rate_conn.every = Duration::from_secs(3600);
    })
    .await;
    let (domain, _) = seed(t.store()).await;
    let (_, _, token) = new_chat(&t, &domain, "Ann").await;
    let (mut v, _) = Ws::visitor(&t, &token, None).await;
    for _ in 0..3 {
        v.send(json!({"op": "ping"})).await;
        v.recv_op("pong").await;
    }
    v.send(json!({"op": "ping"})).await;
    let e = v.recv_op("error").await;
    assert_eq!(e["code"], 429);
    let text = e["error"].as_str().unwrap();
    assert!(text.starts_with("too many frames; try again in "), "{text}");
    // Still open: a refused frame is not a malformed one.
    v.send(json!({"op": "ping"})).await;
    assert_eq!(v.recv_op("error").await["code"], 429);
}

#[tokio::test]
async fn a_slow_consumer_is_disconnected_while_others_keep_receiving() {
    let t = spawn_with(|c| {
        c.send_queue = 8;
        c.write_timeout = Duration::from_secs(2);
        c.message_rate_conn.burst = 10_000;
        c.message_rate_ip.burst = 10_000;
        c.frame_rate_conn.burst = 10_000;
    })
    .await;
    let (domain, org) = seed(t.store()).await;
    add_agent(t.store(), &org, "slow@shop.test", "Slow").await;
    add_agent(t.store(), &org, "fast@shop.test", "Fast").await;
    let (slow_cookie, _) = login(&t, "slow@shop.test").await;
    let (fast_cookie, _) = login(&t, "fast@shop.test").await;

    // The slow agent: a tiny receive buffer, and it never reads.
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let tcp = socket.connect(t.server.addr).await.unwrap();
    let mut req = {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest as _;
        t.ws_url().into_client_request().unwrap()
    };
    req.headers_mut()
        .insert("cookie", slow_cookie.parse().unwrap());
    let (slow, _) =
        tokio_tungstenite::client_async(req, tokio_tungstenite::MaybeTlsStream::Plain(tcp))
            .await
            .unwrap();
    let mut slow = Ws { s: slow };
    slow.recv_op("ready").await;
    let (mut fast, _) = Ws::agent(&t, &fast_cookie).await;
    assert_eq!(t.server.state.realtime.local_agents(), 2);

    let (_, _, token) = new_chat(&t, &domain, "Ann").await;
    let (visitor, _) = Ws::visitor(&t, &token, None).await;
    // ~12 KB per message: a few MB in all, more than the kernel buffers between the server
    // and a client that does not read.
    let text = "€".repeat(4000);
    let n = 600;
    let fast_reader = tokio::spawn(async move {
        let mut got = 0;
        while got < n {
            match fast.try_recv(Duration::from_secs(10)).await {
                Some(f) if f["op"] == "chat-message" => got += 1,
                Some(_) => {}
                None => break,
            }
        }
        (got, fast)
    });
    let (mut vtx, mut vrx) = futures_util::StreamExt::split(visitor.s);
    let visitor_reader = tokio::spawn(async move {
        let mut acks = 0;
        while acks < n {
            match tokio::time::timeout(
                Duration::from_secs(10),
                futures_util::StreamExt::next(&mut vrx),
            )
            .await
            {
                Ok(Some(Ok(Message::Text(t)))) if t.contains("\"op\":\"ack\"") => acks += 1,
                Ok(Some(Ok(_))) => {}
                _ => break,
            }
        }
        acks
    });
    for i in 0..n {
        let f = json!({"op": "chat-message", "clientId": format!("c{i}"), "message": text});
        futures_util::SinkExt::send(&mut vtx, Message::text(f.to_string()))
            .await
            .unwrap();
    }
    assert_eq!(
        visitor_reader.await.unwrap(),
        n,
        "every message acknowledged"
    );
    let (got, _fast) = fast_reader.await.unwrap();
    assert_eq!(got, n, "the fast agent got every message");

    // The slow agent, which does not read, is cut off once its writes time out.
    eventually("the slow agent is cut off", async || {
        t.server.state.realtime.local_agents() == 1
    })
    .await;
    // Once it reads, it finds the end.
    let end = slow.ended(Duration::from_secs(10)).await;
    assert!(
        matches!(&end, Ended::Dropped) || matches!(&end, Ended::Closed(1013, _)),
        "{end:?}"
    );
}
