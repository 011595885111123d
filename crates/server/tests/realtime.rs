//! The realtime hub over real WebSockets: the real server on 127.0.0.1:0, SQLite in a temp dir,
//! agents logged in over HTTP.

use crate::common::realtime as support;

use std::sync::Arc;
use std::time::Duration;

use serde_json::{json, Value};
use support::*;
use tokio_tungstenite::tungstenite::Message;

fn seqs(frames: &[Value]) -> Vec<i64> {
    frames.iter().map(|f| f["seq"].as_i64().unwrap()).collect()
}

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
async fn resume_delivers_what_was_missed_exactly_once_then_live_messages() {
    let t = spawn().await;
    let (domain, mut agent) = shop_with_agent(&t).await;
    let (channel, _, token) = new_chat(&t, &domain, "Ann").await;

    let (mut visitor, _) = Ws::visitor(&t, &token, None).await;
    visitor.say("v-1", "first").await;
    let last = visitor.recv_op("chat-message").await["seq"]
        .as_i64()
        .unwrap();
    assert_eq!(last, 1);
    drop(visitor);

    // Sent while the visitor is away.
    for i in 0..3 {
        agent
            .send(reply(
                &channel,
                &format!("away-{i}"),
                &format!("while away {i}"),
            ))
            .await;
        agent.recv_op("ack").await;
    }

    // Back, with the last seq it has.
    let (mut visitor, ready) = Ws::visitor(&t, &token, Some(last)).await;
    assert_eq!(ready["lastSeq"], 4);
    let missed = visitor.recv_ops("chat-message", 3).await;
    assert_eq!(seqs(&missed), vec![2, 3, 4]);
    visitor.nothing_more("chat-message").await;
    assert_eq!(missed[0]["message"]["text"], "while away 0");

    // Then live, no duplicate.
    agent.send(reply(&channel, "live", "live one")).await;
    let live = visitor.recv_ops("chat-message", 1).await;
    assert_eq!(seqs(&live), vec![5]);
    visitor.nothing_more("chat-message").await;

    // A `resume` frame on an open connection replays from there.
    visitor.send(json!({"op": "resume", "lastSeq": 3})).await;
    let replay = visitor.recv_ops("chat-message", 2).await;
    assert_eq!(seqs(&replay), vec![4, 5]);
    visitor.nothing_more("chat-message").await;
}

#[tokio::test]
async fn resume_while_messages_keep_coming_has_no_gap_and_no_duplicate() {
    let t = spawn_with(|c| {
        c.message_rate_conn.burst = 1000;
        c.message_rate_ip.burst = 1000;
    })
    .await;
    let (domain, org) = seed(t.store()).await;
    add_agent(t.store(), &org, "agent@shop.test", "Ada").await;
    add_agent(t.store(), &org, "bob@shop.test", "Bob").await;
    let (ca, _) = login(&t, "agent@shop.test").await;
    let (cb, _) = login(&t, "bob@shop.test").await;
    let (channel, persona, token) = new_chat(&t, &domain, "Ann").await;
    greet(&t, &channel, &persona).await;

    // Two agents write at once (published out of order now and then), 60 messages in three
    // rounds of ten each. The visitor resumes from 0 once the first 20 are acknowledged, while
    // the second round is being written; the third is written after it resumed. So the resume
    // always falls in the middle of the stream, never before or after it.
    const ROUND: usize = 10;
    let first_round_acked = Arc::new(tokio::sync::Barrier::new(3));
    let (next_round, round) = tokio::sync::watch::channel(0usize);
    let writer = |cookie: String, name: &'static str| {
        let t_url = t.ws_url();
        let channel = channel.clone();
        let first_round_acked = first_round_acked.clone();
        let mut round = round.clone();
        tokio::spawn(async move {
            use futures_util::{SinkExt as _, StreamExt as _};
            use tokio_tungstenite::tungstenite::client::IntoClientRequest as _;
            let mut req = t_url.into_client_request().unwrap();
            req.headers_mut().insert("cookie", cookie.parse().unwrap());
            let (mut s, _) = tokio_tungstenite::connect_async(req).await.unwrap();
            for r in 0..3 {
                round.wait_for(|now| *now >= r).await.unwrap();
                for i in r * ROUND..(r + 1) * ROUND {
                    let f = reply(&channel, &format!("{name}-{i}"), &format!("{name} {i}"));
                    s.send(Message::text(f.to_string())).await.unwrap();
                }
                let mut acks = 0;
                while acks < ROUND {
                    match tokio::time::timeout(WAIT, s.next()).await {
                        Ok(Some(Ok(Message::Text(t)))) => {
                            assert!(!t.contains("\"op\":\"error\""), "{t}");
                            if t.contains("\"op\":\"ack\"") {
                                acks += 1;
                            }
                        }
                        Ok(Some(Ok(_))) => {}
                        other => panic!("{name}: {acks} acks in round {r}, then {other:?}"),
                    }
                }
                if r == 0 {
                    first_round_acked.wait().await;
                }
            }
        })
    };
    let a = writer(ca, "ada");
    let b = writer(cb, "bob");
    first_round_acked.wait().await;
    next_round.send(1).unwrap();
    let (mut visitor, ready) = Ws::visitor(&t, &token, Some(1)).await;
    next_round.send(2).unwrap();
    let resumed_at = ready["lastSeq"].as_i64().unwrap();
    assert!(
        (2 * ROUND as i64 + 1..4 * ROUND as i64 + 2).contains(&resumed_at),
        "resumed mid-stream, at {resumed_at}"
    );
    a.await.unwrap();
    b.await.unwrap();
    let got = visitor.recv_ops("chat-message", 60).await;
    assert_eq!(seqs(&got), (2..=61).collect::<Vec<i64>>());
    visitor.nothing_more("chat-message").await;
}

#[tokio::test]
async fn history_survives_a_restart_and_resume_works_after_it() {
    let dir = tempfile::tempdir().unwrap();
    let c = config(dir.path());
    let t = spawn_config(dir, c.clone()).await;
    let (domain, _) = seed(t.store()).await;
    let (channel, persona, token) = new_chat(&t, &domain, "Ann").await;
    let (mut visitor, _) = Ws::visitor(&t, &token, None).await;
    visitor.say("v-1", "before the restart").await;
    visitor.say("v-2", "still before").await;

    // Shutdown closes the socket with 1001.
    let shutdown = tokio::spawn(async move {
        let T { server, dir, .. } = t;
        server.shutdown().await.unwrap();
        dir
    });
    assert_eq!(
        visitor.ended(WAIT).await,
        Ended::Closed(1001, "the server is shutting down".into())
    );
    let dir = shutdown.await.unwrap();

    let t = spawn_config(dir, c).await;
    let h = history(&t, &channel).await;
    assert_eq!(h.len(), 2);
    let token2 = token_for(&t, &channel, &persona).await;
    // The old token still verifies (same secret), and resume replays everything after 1.
    for tok in [&token, &token2] {
        let (mut v, ready) = Ws::visitor(&t, tok, Some(1)).await;
        assert_eq!(ready["lastSeq"], 2);
        let got = v.recv_ops("chat-message", 1).await;
        assert_eq!(seqs(&got), vec![2]);
        v.nothing_more("chat-message").await;
        assert_eq!(got[0]["message"]["text"], "still before");
    }
    let (mut v, _) = Ws::visitor(&t, &token2, None).await;
    let ack = v.say("v-3", "after the restart").await;
    assert_eq!(ack["seq"], 3);
    // The re-send of a message from before the restart is still recognised.
    let again = v.say("v-1", "before the restart").await;
    assert_eq!(
        (again["seq"].clone(), again["duplicate"].clone()),
        (json!(1), json!(true))
    );
}

async fn token_for(t: &T, channel: &str, persona: &str) -> String {
    token(t, channel, persona).await
}

#[tokio::test]
async fn a_token_for_one_chat_is_refused_on_another() {
    let t = spawn().await;
    let (domain, _) = seed(t.store()).await;
    let (_, _, token_a) = new_chat(&t, &domain, "Ann").await;
    let (channel_b, persona_b, _) = new_chat(&t, &domain, "Bea").await;

    // In the first frame.
    let mut ws = Ws::connect(&t, "", None).await;
    ws.send(json!({"op": "auth", "token": token_a, "channelId": channel_b}))
        .await;
    let e = ws.recv_op("error").await;
    assert_eq!(e["code"], 403);
    assert_eq!(e["error"], "this token is for another chat");
    assert!(matches!(ws.ended(WAIT).await, Ended::Closed(1008, _)));

    // In the query.
    let mut ws = Ws::connect(
        &t,
        &format!("?token={token_a}&channelId={channel_b}&personaId={persona_b}"),
        None,
    )
    .await;
    assert_eq!(ws.recv_op("error").await["code"], 403);
    assert!(matches!(ws.ended(WAIT).await, Ended::Closed(1008, _)));

    // A forged or missing token.
    let mut ws = Ws::connect(&t, "?token=v1.abc.def", None).await;
    assert_eq!(ws.recv_op("error").await["code"], 401);
    let mut ws = Ws::connect(&t, "", None).await;
    ws.send(json!({"op": "chat-message", "clientId": "x", "message": "hi"}))
        .await;
    let e = ws.recv_op("error").await;
    assert_eq!(e["code"], 401);
    assert!(matches!(ws.ended(WAIT).await, Ended::Closed(1008, _)));

    // Nothing was written anywhere.
    assert!(history(&t, &channel_b).await.is_empty());
}

#[tokio::test]
async fn an_ended_chat_answers_410_and_refuses_messages() {
    let t = spawn().await;
    let (domain, mut agent) = shop_with_agent(&t).await;
    let (channel, persona, token) = new_chat(&t, &domain, "Ann").await;
    let (mut visitor, _) = Ws::visitor(&t, &token, None).await;
    visitor.say("v-1", "bye").await;

    visitor
        .send(json!({"op": "client-action", "action": "end-chat"}))
        .await;
    assert_eq!(
        visitor.recv_op("channel-ended").await["channelId"],
        channel.as_str()
    );
    assert_eq!(
        agent.recv_op("channel-ended").await["channelId"],
        channel.as_str()
    );
    let r = t
        .http
        .get(t.api(&format!(
            "/v1/chat/public/channel/{channel}?personaId={persona}"
        )))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 410);

    visitor
        .send(json!({"op": "chat-message", "clientId": "v-2", "message": "one more"}))
        .await;
    let e = visitor.recv_op("error").await;
    assert_eq!(e["code"], 410);
    assert_eq!(e["clientId"], "v-2");
    agent.send(reply(&channel, "a-late", "too late")).await;
    assert_eq!(agent.recv_op("error").await["code"], 410);
    assert_eq!(t.store().get_channel(&channel).await.unwrap().last_seq, 1);

    // A new connection with a token issued before the end.
    let mut ws = Ws::connect(&t, "", None).await;
    ws.send(json!({"op": "auth", "token": token})).await;
    assert_eq!(ws.recv_op("error").await["code"], 410);
    assert!(matches!(ws.ended(WAIT).await, Ended::Closed(1008, _)));
}

#[tokio::test]
async fn malformed_and_oversized_frames_get_errors_and_change_nothing() {
    let t = spawn_with(|c| c.max_bad_frames = 6).await;
    let (domain, _) = seed(t.store()).await;
    let (channel, _, token) = new_chat(&t, &domain, "Ann").await;
    let (mut v, _) = Ws::visitor(&t, &token, None).await;

    let cases: Vec<(Message, &str)> = vec![
        (Message::text("not json"), "not valid JSON"),
        (Message::text("{\"message\":\"hi\"}"), "\"op\""),
        (Message::text("{\"op\":\"shout\"}"), "unknown op \"shout\""),
        (
            Message::text("{\"op\":\"chat-message\",\"message\":\"hi\"}"),
            "clientId",
        ),
        (Message::binary(vec![1u8, 2, 3]), "binary frames"),
    ];
    for (m, want) in cases {
        v.send_raw(m).await;
        let e = v.recv_op("error").await;
        assert_eq!(e["code"], 400, "{e}");
        assert!(
            e["error"].as_str().unwrap().contains(want),
            "{e} lacks {want}"
        );
    }
    // Too long a message: refused, the connection stays.
    let long = "x".repeat(5000);
    v.send(json!({"op": "chat-message", "clientId": "long", "message": long}))
        .await;
    let e = v.recv_op("error").await;
    assert_eq!(
        (e["code"].clone(), e["clientId"].clone()),
        (json!(413), json!("long"))
    );
    // Still usable.
    assert_eq!(v.say("ok", "fine").await["seq"], 1);

    // A frame over 16 KiB: an error, then close 1009.
    v.send(json!({"op": "chat-message", "clientId": "huge", "message": "y".repeat(20_000)}))
        .await;
    let e = v.recv_op("error").await;
    assert_eq!(e["code"], 413);
    assert_eq!(
        v.ended(WAIT).await,
        Ended::Closed(1009, "frame larger than 16 KiB".into())
    );
    assert_eq!(history(&t, &channel).await.len(), 1, "only the good one");

    // Too many malformed frames close the connection.
    let (mut v, _) = Ws::visitor(&t, &token, None).await;
    for _ in 0..7 {
        v.send_raw(Message::text("{")).await;
    }
    assert_eq!(
        v.ended(WAIT).await,
        Ended::Closed(1008, "too many malformed frames".into())
    );
}

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

#[tokio::test]
async fn availability_follows_agent_connections_and_status() {
    let t = spawn_with(|c| {
        c.lease_ttl = Duration::from_millis(600);
        c.heartbeat = Duration::from_millis(200);
    })
    .await;
    let (domain, org) = seed(t.store()).await;
    add_agent(t.store(), &org, "agent@shop.test", "Ada").await;
    let (cookie, _) = login(&t, "agent@shop.test").await;
    let (_, _, token) = new_chat(&t, &domain, "Ann").await;
    let (mut visitor, ready) = Ws::visitor(&t, &token, None).await;
    assert_eq!(ready["agentsOnline"], false);
    assert!(!available(&t, &domain).await);

    let (mut agent, _) = Ws::agent(&t, &cookie).await;
    let enter = visitor.recv_op("presence").await;
    assert_eq!(enter["action"], "enter");
    assert_eq!(enter["domainId"], domain.as_str());
    assert_eq!(enter["status"], "online");
    assert!(available(&t, &domain).await);
    // Leases are renewed by the heartbeat while the socket lives: after 4 beats of 200 ms the
    // first lease (TTL 600 ms) would have ended.
    agent.pings(4).await;
    assert!(available(&t, &domain).await, "renewed by the heartbeat");

    agent
        .send(json!({"op": "presence", "status": "away"}))
        .await;
    let away = visitor.recv_op("presence").await;
    assert_eq!(
        (away["action"].clone(), away["status"].clone()),
        (json!("update"), json!("away"))
    );
    assert!(!available(&t, &domain).await);
    agent.pings(4).await; // beats that would have renewed it
    assert!(!available(&t, &domain).await, "away is not renewed");

    agent
        .send(json!({"op": "presence", "status": "online"}))
        .await;
    assert_eq!(visitor.recv_op("presence").await["status"], "online");
    assert!(available(&t, &domain).await);

    drop(agent);
    let leave = visitor.recv_op("presence").await;
    assert_eq!(leave["action"], "leave");
    assert!(!available(&t, &domain).await);
}

#[tokio::test]
async fn agents_are_refused_other_organisations_chats_and_cross_site_origins() {
    let t = spawn().await;
    let (_, org) = seed(t.store()).await;
    let (other_domain, _) = seed(t.store()).await;
    add_agent(t.store(), &org, "agent@shop.test", "Ada").await;
    let (cookie, _) = login(&t, "agent@shop.test").await;
    let (other_channel, _, _) = new_chat(&t, &other_domain, "Eve").await;

    let (mut agent, _) = Ws::agent(&t, &cookie).await;
    agent.send(reply(&other_channel, "x", "hello?")).await;
    let e = agent.recv_op("error").await;
    assert_eq!(e["code"], 404);
    assert!(history(&t, &other_channel).await.is_empty());

    // The cookie from another site's page.
    use tokio_tungstenite::tungstenite::client::IntoClientRequest as _;
    let mut req = t.ws_url().into_client_request().unwrap();
    req.headers_mut().insert("cookie", cookie.parse().unwrap());
    req.headers_mut()
        .insert("origin", "https://evil.example".parse().unwrap());
    let err = tokio_tungstenite::connect_async(req).await.unwrap_err();
    assert!(err.to_string().contains("403"), "{err}");
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

/// Posts with the session cookie and its CSRF token; the status.
async fn post_as(t: &T, (cookie, csrf): &(String, String), path: &str, body: Value) -> u16 {
    t.http
        .post(t.api(path))
        .header("cookie", cookie)
        .header("x-beckon-csrf", csrf)
        .json(&body)
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

const SESSION_ENDED: u16 = 4001;

#[tokio::test]
async fn ending_a_login_closes_its_sockets_at_once() {
    let t = spawn().await;
    let (domain, org) = seed(t.store()).await;
    add_agent(t.store(), &org, "agent@shop.test", "Ada").await;
    beckon_server::service::accounts::users::create_with_hash(
        t.store(),
        &org,
        "owner@shop.test",
        "Olga",
        beckon_store::Role::Owner,
        beckon_server::service::accounts::password::hash_blocking(PASSWORD),
    )
    .await
    .unwrap();
    let owner = login(&t, "owner@shop.test").await;
    let agent_id = t
        .store()
        .get_user_by_email("agent@shop.test")
        .await
        .unwrap()
        .id;
    // Three logins of the same agent (three browsers), a socket each.
    let (a, b, c) = (
        login(&t, "agent@shop.test").await,
        login(&t, "agent@shop.test").await,
        login(&t, "agent@shop.test").await,
    );
    let (mut ws_a, _) = Ws::agent(&t, &a.0).await;
    let (mut ws_b, _) = Ws::agent(&t, &b.0).await;
    let (mut ws_c, _) = Ws::agent(&t, &c.0).await;
    let ended = |reason: &str| Ended::Closed(SESSION_ENDED, reason.to_owned());
    let reason = "your login ended; log in again";

    // Logging out ends that login's socket only.
    assert_eq!(post_as(&t, &a, "/v1/auth/logout", json!({})).await, 204);
    assert_eq!(ws_a.ended(WAIT).await, ended(reason));
    let (channel, _, token) = new_chat(&t, &domain, "Ann").await;
    let (mut visitor, _) = Ws::visitor(&t, &token, None).await;
    visitor.say("v-1", "Hello").await;
    assert_eq!(ws_b.recv_op("new-channel").await["channel"]["id"], channel);
    assert_eq!(ws_c.recv_op("new-channel").await["channel"]["id"], channel);

    // Changing the password in C ends B, not C.
    let change = json!({"currentPassword": PASSWORD, "newPassword": "a new password, quite long"});
    assert_eq!(post_as(&t, &c, "/v1/auth/password", change).await, 204);
    assert_eq!(ws_b.ended(WAIT).await, ended(reason));
    ws_c.send(reply(&channel, "c-1", "still here")).await;
    assert_eq!(ws_c.recv_op("ack").await["clientId"], "c-1");

    // The owner resets the password: C ends; nothing it sends afterwards is stored.
    let reset = json!({"password": "the owner's choice of password"});
    let path = format!("/v1/owner/agents/{agent_id}/password");
    assert_eq!(post_as(&t, &owner, &path, reset).await, 204);
    assert_eq!(ws_c.ended(WAIT).await, ended(reason));
    let stored = t.store().messages_after(&channel, 0, 100).await.unwrap();
    assert_eq!(stored.len(), 2, "{stored:?}");

    // The owner removes the agent: its new login's socket ends too.
    let d = t
        .http
        .post(t.api("/v1/auth/login"))
        .json(&json!({"email": "agent@shop.test", "password": "the owner's choice of password"}))
        .send()
        .await
        .unwrap();
    assert_eq!(d.status(), 200);
    let cookie = d
        .headers()
        .get_all("set-cookie")
        .iter()
        .find_map(|v| v.to_str().ok().filter(|v| v.starts_with("beckon_session=")))
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_owned();
    let (mut ws_d, _) = Ws::agent(&t, &cookie).await;
    let removed = t
        .http
        .delete(t.api(&format!("/v1/owner/agents/{agent_id}")))
        .header("cookie", &owner.0)
        .header("x-beckon-csrf", &owner.1)
        .send()
        .await
        .unwrap();
    assert_eq!(removed.status(), 204);
    assert_eq!(ws_d.ended(WAIT).await, ended(reason));
}

#[tokio::test]
async fn a_socket_whose_session_expires_closes() {
    let t = spawn_with(|c| {
        c.heartbeat = Duration::from_millis(100);
        c.session_check = Duration::from_millis(100);
    })
    .await;
    let (_, org) = seed(t.store()).await;
    add_agent(t.store(), &org, "agent@shop.test", "Ada").await;
    let (cookie, _) = login(&t, "agent@shop.test").await;
    let (mut ws, _) = Ws::agent(&t, &cookie).await;
    // The session's expiry passes (as 30 days without use would).
    let token = cookie.strip_prefix("beckon_session=").unwrap();
    let id = beckon_server::service::accounts::session::hash_token(token);
    let now = beckon_store::now_ms();
    t.store().touch_session(&id, now, now - 1).await.unwrap();
    assert_eq!(
        ws.ended(WAIT).await,
        Ended::Closed(SESSION_ENDED, "your login ended; log in again".into())
    );
}

/// One message length limit, the same over HTTP and over the socket, for agents and visitors
/// (docs/realtime.md, Limits): 4000 characters pass everywhere, 4001 pass nowhere.
#[tokio::test]
async fn one_message_length_limit_over_http_and_the_socket() {
    let t = spawn().await;
    let (domain, org) = seed(t.store()).await;
    add_agent(t.store(), &org, "agent@shop.test", "Ada").await;
    let (cookie, csrf) = login(&t, "agent@shop.test").await;
    let (mut agent, _) = Ws::agent(&t, &cookie).await;
    let (channel, persona, token) = new_chat(&t, &domain, "Ann").await;
    greet(&t, &channel, &persona).await;
    let (mut visitor, _) = Ws::visitor(&t, &token, None).await;
    let longest = "é".repeat(4000);
    let too_long = "é".repeat(4001);

    let http_reply = |client_id: &'static str, text: String| {
        t.http
            .post(t.api(&format!("/v1/agent/channels/{channel}/messages")))
            .header("cookie", &cookie)
            .header("x-beckon-csrf", &csrf)
            .json(&json!({"clientId": client_id, "text": text}))
            .send()
    };
    let r = http_reply("http-long", too_long.clone()).await.unwrap();
    assert_eq!(r.status(), 422);
    let problem: Value = r.json().await.unwrap();
    assert!(problem.to_string().contains("4000 characters"), "{problem}");
    let r = http_reply("http-ok", format!("  {longest}  "))
        .await
        .unwrap();
    assert_eq!(r.status(), 201, "{:?}", r.text().await);

    // The agent's socket: the same text is refused, the longest one is taken.
    agent.send(reply(&channel, "ws-long", &too_long)).await;
    let e = agent.recv_op("error").await;
    assert_eq!(e["code"], 413, "{e}");
    assert!(e["error"].as_str().unwrap().contains("4000"), "{e}");
    agent.send(reply(&channel, "ws-ok", &longest)).await;
    let ack = agent.recv_op("ack").await;
    assert_eq!(ack["clientId"], "ws-ok");

    // The visitor's socket: the same limit.
    visitor
        .send(json!({"op": "chat-message", "clientId": "v-long", "message": too_long}))
        .await;
    assert_eq!(visitor.recv_op("error").await["code"], 413);
    visitor.say("v-ok", &longest).await;

    let texts: Vec<usize> = history(&t, &channel)
        .await
        .iter()
        .map(|m| m["text"].as_str().unwrap().chars().count())
        .collect();
    assert_eq!(
        texts,
        vec![5, 4000, 4000, 4000],
        "only the three that fit are stored"
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
