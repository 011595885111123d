//! Agents' sockets: availability follows their connections and status; an ended or expired
//! login closes them.

use crate::common::realtime as support;
use serde_json::{json, Value};
use std::time::Duration;
use support::*;

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
