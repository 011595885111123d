//! What the hub refuses: tokens for another chat, an ended chat, malformed and oversized
//! frames, other organisations' chats and cross-site agents, messages over the length limit.

use crate::common::realtime as support;
use serde_json::{json, Value};
use support::*;
use tokio_tungstenite::tungstenite::Message;

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
