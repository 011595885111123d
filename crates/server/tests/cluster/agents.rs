//! Agents across instances: availability agrees everywhere, `away` and a last socket hold
//! across instances, logging out closes every socket, a new domain reaches a socket elsewhere.

use node::{Cluster, Node, LEASE};
use realtime_support::*;
use serde_json::json;
use std::time::{Duration, Instant};

use super::{agent_on, recv_for};
use crate::common::{eventually_within, node, realtime as realtime_support};

#[tokio::test]
#[cfg_attr(
    not(all(beckon_test_postgres, beckon_test_redis)),
    ignore = "needs DATABASE_URL_TEST and REDIS_URL_TEST"
)]
async fn availability_agrees_everywhere_and_a_killed_instances_agent_goes_offline() {
    let c = Cluster::new().await;
    let (a, b, mut k) = (c.node("a"), c.node("b"), c.node("k"));
    let (domain, agent, _) = agent_on(&c, &k).await;
    for n in [&a, &b, &k] {
        assert!(
            available(n, &domain).await,
            "{} sees the agent online",
            n.name
        );
    }
    k.kill();
    let killed = Instant::now();
    for n in [&a, &b] {
        eventually_within(
            "the agent of the killed instance goes offline",
            LEASE * 3,
            async || !available(n, &domain).await,
        )
        .await;
    }
    let took = killed.elapsed();
    assert!(
        took <= LEASE + Duration::from_secs(1),
        "offline after {took:?}, lease {LEASE:?}"
    );
    drop(agent);
    drop((a, b));
    c.finish().await;
}

/// Realtime connections open on `node` now (its `/metrics`).
async fn open_connections(node: &Node) -> f64 {
    let r = node
        .client()
        .get(format!("{}/metrics", node.url))
        .send()
        .await
        .unwrap();
    let text = r.text().await.unwrap();
    text.lines()
        .find_map(|l| l.strip_prefix("beckon_realtime_connections "))
        .map_or(0.0, |v| v.trim().parse().unwrap())
}

#[tokio::test]
#[cfg_attr(
    not(all(beckon_test_postgres, beckon_test_redis)),
    ignore = "needs DATABASE_URL_TEST and REDIS_URL_TEST"
)]
async fn away_chosen_on_one_instance_holds_for_the_agents_sockets_on_every_instance() {
    let c = Cluster::new().await;
    let (a, b) = (c.node("a"), c.node("b"));
    let (domain, mut on_a, cookie) = agent_on(&c, &a).await;
    let (mut on_b, _) = Ws::agent(&b, &cookie).await;
    for n in [&a, &b] {
        assert!(available(n, &domain).await, "{} sees Ada online", n.name);
    }

    on_a.send(json!({"op": "presence", "status": "away"})).await;
    for n in [&a, &b] {
        eventually_within("Ada is away everywhere", LEASE * 3, async || {
            !available(n, &domain).await
        })
        .await;
    }
    // Her socket on B beats (and renews what it holds) after each ping: still away.
    on_b.pings(2).await;
    for n in [&a, &b] {
        assert!(
            !available(n, &domain).await,
            "{}: Ada's socket on B took her lease back although she chose away on A",
            n.name
        );
    }
    // A new socket on B starts with what she chose on A.
    let (mut on_b2, ready) = Ws::agent(&b, &cookie).await;
    assert_eq!(ready["status"], "away", "{ready}");
    on_b2.pings(2).await;
    assert!(
        !available(&a, &domain).await,
        "the new socket took no lease"
    );

    // Online again, from B: available everywhere, and A's socket holds it too.
    on_b.send(json!({"op": "presence", "status": "online"}))
        .await;
    for n in [&a, &b] {
        eventually_within("Ada is online everywhere", LEASE * 3, async || {
            available(n, &domain).await
        })
        .await;
    }
    drop((on_b, on_b2));
    on_a.pings(2).await;
    assert!(
        available(&b, &domain).await,
        "A's socket renews her lease once she is online again"
    );
    drop(on_a);
    drop((a, b));
    c.finish().await;
}

#[tokio::test]
#[cfg_attr(
    not(all(beckon_test_postgres, beckon_test_redis)),
    ignore = "needs DATABASE_URL_TEST and REDIS_URL_TEST"
)]
async fn an_agents_last_socket_on_one_instance_closing_is_no_leave_while_she_is_on_another() {
    let c = Cluster::new().await;
    let (a, b) = (c.node("a"), c.node("b"));
    let (domain, mut on_a, cookie) = agent_on(&c, &a).await;
    let (mut on_b, _) = Ws::agent(&b, &cookie).await;
    let (channel, _, token) = new_chat(&b, &domain, "Ann Visitor").await;
    let (mut visitor, ready) = Ws::visitor(&b, &token, None).await;
    assert_eq!(ready["agentsOnline"], true);
    // Agents know a chat from its first message on.
    visitor.say("v-1", "Hello").await;

    // Ada closes her console on A; A has finished with the socket once it no longer counts it.
    on_a.s.close(None).await.unwrap();
    drop(on_a);
    eventually_within(
        "A closed Ada's socket",
        Duration::from_secs(15),
        async || open_connections(&a).await == 0.0,
    )
    .await;
    assert!(available(&a, &domain).await, "Ada is still online on B");
    // Something after it, from B: Ada writes to the visitor.
    on_b.send(reply(&channel, "from-b", "Still here")).await;
    loop {
        let f = visitor.recv().await;
        assert!(
            !(f["op"] == "presence" && f["action"] == "leave"),
            "the visitor was told Ada left although she is on B: {f}"
        );
        // (The visitor's own first message comes back first.)
        if f["op"] == "chat-message" && f["message"]["text"] == "Still here" {
            break;
        }
    }

    // Her last socket anywhere closing is a leave.
    on_b.s.close(None).await.unwrap();
    drop(on_b);
    loop {
        let f = visitor.recv_op("presence").await;
        if f["action"] == "leave" {
            break;
        }
    }
    eventually_within("Ada is offline everywhere", LEASE * 3, async || {
        !available(&a, &domain).await
    })
    .await;
    drop((a, b));
    c.finish().await;
}

#[tokio::test]
#[cfg_attr(
    not(all(beckon_test_postgres, beckon_test_redis)),
    ignore = "needs DATABASE_URL_TEST and REDIS_URL_TEST"
)]
async fn logging_out_on_one_instance_closes_the_agents_sockets_on_all() {
    let c = Cluster::new().await;
    let (a, b, d) = (c.node("a"), c.node("b"), c.node("c"));
    let (_, mut on_b, cookie) = agent_on(&c, &b).await;
    let (mut on_c, _) = Ws::agent(&d, &cookie).await;
    let r = a
        .client()
        .post(Endpoint::api(&a, "/v1/auth/logout"))
        .header("cookie", &cookie)
        .header("origin", &a.url)
        .send()
        .await
        .unwrap();
    assert!(r.status().is_success(), "logout: {}", r.status());
    for ws in [&mut on_b, &mut on_c] {
        match ws.ended(Duration::from_secs(5)).await {
            Ended::Closed(code, _) => assert_eq!(code, 4001),
            other => panic!("{other:?}"),
        }
    }
    drop((a, b, d));
    c.finish().await;
}

#[tokio::test]
#[cfg_attr(
    not(all(beckon_test_postgres, beckon_test_redis)),
    ignore = "needs DATABASE_URL_TEST and REDIS_URL_TEST"
)]
async fn a_domain_added_on_one_instance_reaches_an_agents_socket_open_on_another() {
    let c = Cluster::new().await;
    let (a, b) = (c.node("a"), c.node("b"));
    let (shop, mut agent, _) = agent_on(&c, &b).await;
    let org = c.store().get_domain(&shop).await.unwrap().org_id;
    add_owner(c.store(), &org, "owner@shop.test", "Olga").await;
    let owner = login(&a, "owner@shop.test").await;

    // The owner adds a domain on A; Ada's socket on B listens to it and holds a lease there.
    let body = json!({"name": "other.example"});
    let (status, d) = call_as(
        &a,
        &owner,
        reqwest::Method::POST,
        "/v1/owner/domains",
        Some(body),
    )
    .await;
    assert_eq!(status, 201, "{d}");
    let other = d["id"].as_str().unwrap().to_owned();
    let changed = agent.recv_op("org-changed").await;
    assert_eq!(changed["domains"], json!([shop, other]), "{changed}");
    for n in [&a, &b] {
        assert!(
            available(n, &other).await,
            "{} sees Ada available there",
            n.name
        );
    }

    // A visitor of the new domain on A: sees Ada online; she gets the chat on B.
    let (channel, _, token) = new_chat(&a, &other, "Nia").await;
    let (mut visitor, ready) = Ws::visitor(&a, &token, None).await;
    assert_eq!(ready["agentsOnline"], true);
    visitor.say("v-1", "Hello from the new shop").await;
    assert_eq!(
        agent.recv_op("new-channel").await["channel"]["id"],
        channel.as_str()
    );
    let got = recv_for(&mut agent, "chat-message", &channel).await;
    assert_eq!(got["message"]["text"], "Hello from the new shop");

    // Deleted on A: B's socket lets it go, and its lease with it.
    let path = format!("/v1/owner/domains/{other}");
    let (status, _) = call_as(&a, &owner, reqwest::Method::DELETE, &path, None).await;
    assert_eq!(status, 204);
    let changed = agent.recv_op("org-changed").await;
    assert_eq!(changed["domains"], json!([shop]), "{changed}");
    drop(visitor);
    drop((a, b));
    c.finish().await;
}
