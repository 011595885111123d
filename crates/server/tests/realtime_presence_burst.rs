//! An agent console and a burst of visitors: every visitor's presence (enter, typing, leave)
//! goes to the agents of its domain. An agent whose connection cannot take them as fast as
//! they come must stay connected and, once it reads again, see each visitor's latest presence.

use crate::common::realtime as support;

use std::collections::HashMap;
use std::time::Duration;

use beckon_store::{now_ms, NewMessage, NewPersona, PersonaType};
use futures_util::future::join_all;
use serde_json::Value;
use support::*;
use tokio_tungstenite::tungstenite::client::IntoClientRequest as _;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::MaybeTlsStream;

/// More presence than the agent's send queue, its socket and its domain's event ring hold
/// together: each visitor's presence frame carries its name, long here (2 KB), so that the
/// burst (10 MB) is more than the loopback socket's buffers take.
const VISITORS: usize = 1500;
const NAME_PAD: usize = 2000;

/// An agent whose socket takes little before the server's writes wait: a console that is slow
/// to read (a busy tab, a slow network).
async fn slow_agent(t: &T, cookie: &str) -> Ws {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(2048).unwrap();
    let stream = socket.connect(t.server.addr).await.unwrap();
    let mut req = t.ws_url().into_client_request().unwrap();
    req.headers_mut()
        .insert("cookie", HeaderValue::from_str(cookie).unwrap());
    let (s, _) = tokio_tungstenite::client_async(req, MaybeTlsStream::Plain(stream))
        .await
        .expect("WebSocket connects");
    let mut ws = Ws { s };
    let ready = ws.recv_op("ready").await;
    assert_eq!(ready["role"], "agent");
    ws
}

/// `n` chats of `domain`, each with a token for its visitor and a first message (agents hear
/// about a chat from its first message on): (channel id, token).
async fn chats(t: &T, domain: &str, n: usize) -> Vec<(String, String)> {
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let (channel, persona) = t
            .store()
            .create_channel(
                domain,
                NewPersona {
                    persona_type: PersonaType::ChatClient,
                    name: format!("Visitor {i} {}", "x".repeat(NAME_PAD)),
                    email: None,
                    ip: None,
                    url: None,
                    legal_notice_accepted: 0,
                    avatar_url: None,
                },
            )
            .await
            .unwrap();
        t.store()
            .insert_message(NewMessage {
                channel_id: channel.id.clone(),
                client_id: "hello".into(),
                sender_persona_id: persona.id.clone(),
                text: "hello".into(),
                attachments: serde_json::json!([]),
            })
            .await
            .unwrap();
        let (token, _) = t
            .server
            .state
            .tokens
            .issue(&channel.id, &persona.id, now_ms());
        out.push((channel.id, token));
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_agent_behind_a_burst_of_visitors_stays_connected_and_sees_their_latest_presence() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut c = config(dir.path());
    c.realtime.send_queue = 4;
    // Typing stays on for the whole test; the agent, which reads nothing during the burst, is
    // neither timed out nor cut off for it however long a busy machine makes the burst.
    c.realtime.typing_ttl = Duration::from_secs(600);
    c.realtime.idle_timeout = Duration::from_secs(600);
    c.realtime.write_timeout = Duration::from_secs(600);
    // Every visitor connects from 127.0.0.1, all at once.
    c.connections.per_address = 10 * VISITORS;
    c.realtime.max_unauthenticated_per_address = VISITORS;
    let t = spawn_config(dir, c).await;
    let (domain, org) = seed(t.store()).await;
    add_agent(t.store(), &org, "agent@shop.test", "Ada").await;
    let (cookie, _) = login(&t, "agent@shop.test").await;
    let mut agent = slow_agent(&t, &cookie).await;
    let chats = chats(&t, &domain, VISITORS).await;

    // The burst, while the agent reads nothing: every visitor comes (enter), every third
    // starts typing, every third leaves again.
    let mut visitors = join_all(chats.iter().map(|(_, token)| async {
        let (ws, _) = Ws::visitor(&t, token, None).await;
        ws
    }))
    .await;
    for (i, v) in visitors.iter_mut().enumerate() {
        if i % 3 == 1 {
            v.send(serde_json::json!({"op": "presence", "typing": true}))
                .await;
        }
    }
    let mut left = Vec::new();
    for (i, v) in visitors.iter_mut().enumerate() {
        if i % 3 == 2 {
            v.s.close(None).await.unwrap();
            left.push(i);
        }
    }
    // Now the agent reads (it read nothing during the burst): frames until each visitor's latest
    // presence is what the visitor last did, and never an error or a close.
    let expected = |i: usize, f: &Value| match i % 3 {
        0 => f["action"] != "leave" && f["typing"] == false,
        1 => f["typing"] == true,
        _ => f["action"] == "leave",
    };
    let mut latest: HashMap<String, Value> = HashMap::new();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(300);
    loop {
        let settled = chats
            .iter()
            .enumerate()
            .all(|(i, (channel, _))| latest.get(channel).is_some_and(|f| expected(i, f)));
        if settled {
            break;
        }
        let remaining = deadline.saturating_duration_since(tokio::time::Instant::now());
        let Some(f) = agent.try_recv(remaining).await else {
            let missing: Vec<usize> = (0..chats.len())
                .filter(|&i| !latest.get(&chats[i].0).is_some_and(|f| expected(i, f)))
                .collect();
            panic!("visitors without their latest presence: {missing:?}");
        };
        assert_ne!(f["op"], "error", "{f}");
        if f["op"] == "presence" && f["persona"]["type"] == "ChatClient" {
            latest.insert(f["channelId"].as_str().unwrap().to_owned(), f);
        }
    }

    // Still connected and live: a new visitor's presence comes straight away.
    let late = self::chats(&t, &domain, 1).await;
    let (_late_visitor, _) = Ws::visitor(&t, &late[0].1, None).await;
    let f = agent.recv_op("presence").await;
    assert_eq!(f["channelId"], late[0].0.as_str());
    assert_eq!(f["action"], "enter");
    drop(visitors);
    t.stop().await;
}
