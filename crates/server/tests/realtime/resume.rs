//! Resume: a reconnecting visitor gets exactly what it missed, then live messages, also while
//! messages keep coming and after a restart.

use crate::common::realtime as support;
use serde_json::{json, Value};
use std::sync::Arc;
use support::*;
use tokio_tungstenite::tungstenite::Message;

fn seqs(frames: &[Value]) -> Vec<i64> {
    frames.iter().map(|f| f["seq"].as_i64().unwrap()).collect()
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
