//! Realtime sockets before authentication: the auth deadline is absolute, and frames that are
//! too large or not UTF-8 close with 1009 / 1007 (after an `error` frame), as docs/realtime.md
//! says, instead of dropping the TCP connection.

use crate::common::realtime as realtime_support;

use std::time::Duration;

use bytes::Bytes;
use futures_util::{SinkExt as _, StreamExt as _};
use realtime_support::*;
use tokio_tungstenite::tungstenite::protocol::frame::coding::{Data, OpCode};
use tokio_tungstenite::tungstenite::protocol::frame::Frame;
use tokio_tungstenite::tungstenite::Message;

/// A text frame whose bytes are not UTF-8 (the client library would refuse to build one).
fn not_utf8_text() -> Message {
    Message::Frame(Frame::message(
        Bytes::from_static(b"{\"op\":\"auth\",\"token\":\"\xff\xfe\"}"),
        OpCode::Data(Data::Text),
        true,
    ))
}

#[tokio::test]
async fn pings_and_pongs_do_not_extend_the_auth_deadline() {
    let t = spawn_with(|c| c.auth_timeout = Duration::from_millis(1500)).await;
    let mut ws = Ws::connect(&t, "", None).await;
    // Ping (and so draw pongs) more often than the deadline, until the server closes.
    let give_up = tokio::time::Instant::now() + Duration::from_secs(15);
    let mut beat = tokio::time::interval(Duration::from_millis(200));
    let mut error = None;
    let ended = loop {
        tokio::select! {
            _ = beat.tick() => {
                let _ = ws.s.send(Message::Ping(Bytes::from_static(b"hi"))).await;
                let _ = ws.s.send(Message::Pong(Bytes::from_static(b"hi"))).await;
            }
            m = ws.s.next() => match m {
                Some(Ok(Message::Text(t))) => error = Some(t.to_string()),
                Some(Ok(Message::Close(Some(f)))) => break Some((u16::from(f.code), f.reason.to_string())),
                Some(Ok(_)) => {}
                _ => break None,
            },
            _ = tokio::time::sleep_until(give_up) => panic!("pings kept an unauthenticated socket open"),
        }
    };
    assert_eq!(
        ended,
        Some((1008, "authentication timed out".to_owned())),
        "{error:?}"
    );
    assert!(
        error.as_deref().unwrap_or("").contains("401"),
        "an error frame 401 first: {error:?}"
    );
}

#[tokio::test]
async fn a_frame_over_16_kib_before_auth_closes_with_1009() {
    let t = spawn().await;
    let mut ws = Ws::connect(&t, "", None).await;
    ws.send_raw(Message::text(format!(
        "{{\"op\":\"auth\",\"token\":\"{}\"}}",
        "x".repeat(20_000)
    )))
    .await;
    let e = ws.recv_op("error").await;
    assert_eq!(e["code"], 413, "{e}");
    assert_eq!(
        ws.ended(WAIT).await,
        Ended::Closed(1009, "frame larger than 16 KiB".into())
    );
}

#[tokio::test]
async fn invalid_utf8_closes_with_1007_before_and_after_auth() {
    let t = spawn().await;
    let mut ws = Ws::connect(&t, "", None).await;
    ws.send_raw(not_utf8_text()).await;
    let e = ws.recv_op("error").await;
    assert_eq!(e["code"], 400, "{e}");
    assert!(e["error"].as_str().unwrap().contains("UTF-8"), "{e}");
    assert_eq!(
        ws.ended(WAIT).await,
        Ended::Closed(1007, "frame is not valid UTF-8".into())
    );

    let (domain, _) = seed(t.store()).await;
    let (_, _, token) = new_chat(&t, &domain, "Ann").await;
    let (mut v, _) = Ws::visitor(&t, &token, None).await;
    v.send_raw(not_utf8_text()).await;
    assert_eq!(v.recv_op("error").await["code"], 400);
    assert_eq!(
        v.ended(WAIT).await,
        Ended::Closed(1007, "frame is not valid UTF-8".into())
    );
}
