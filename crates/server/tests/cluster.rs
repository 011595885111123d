//! Several `beckon serve` processes on one PostgreSQL database and one Redis (`--redis-url`):
//! visitors and agents on different instances chat, availability agrees everywhere, a killed
//! instance's agents go offline, a killed instance's visitor resumes on another, a Redis
//! restart loses nothing, logins end everywhere, a publication shows on every instance, and the
//! outbound queue sends each mail, push and webhook once (a webhook delivery survives a restart).
//! Ignored, with the reason, without DATABASE_URL_TEST and REDIS_URL_TEST (build.rs).

use std::time::{Duration, Instant};

use node::{Cluster, Node, LEASE};
use realtime_support::*;
use serde_json::{json, Value};

use crate::common::{eventually_within, node, realtime as realtime_support, redis_server};

/// The shop, its agent Ada logged in on `on` with her socket open: (domain, agent socket, cookie).
async fn agent_on(c: &Cluster, on: &Node) -> (String, Ws, String) {
    let (domain, org) = seed(c.store()).await;
    add_agent(c.store(), &org, "agent@shop.test", "Ada").await;
    let (cookie, _) = login(on, "agent@shop.test").await;
    let (ws, _) = Ws::agent(on, &cookie).await;
    (domain, ws, cookie)
}

/// The next frame of `op` about `channel` (agents hear every chat of the domain).
async fn recv_for(ws: &mut Ws, op: &str, channel: &str) -> Value {
    loop {
        let f = ws.recv_op(op).await;
        if f["channelId"] == channel {
            return f;
        }
    }
}

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

#[tokio::test]
#[cfg_attr(
    not(all(beckon_test_postgres, beckon_test_redis)),
    ignore = "needs DATABASE_URL_TEST and REDIS_URL_TEST"
)]
async fn a_publication_is_served_fresh_by_every_instance() {
    let c = Cluster::new().await;
    let (a, b) = (c.node("a"), c.node("b"));
    let (domain, _) = seed(c.store()).await;
    let embed = |n: &Node| {
        let url = format!("{}/d/{domain}.js", n.url);
        let http = n.client().clone();
        async move {
            let r = http
                .get(url)
                .header("accept-encoding", "br")
                .send()
                .await
                .unwrap();
            assert_eq!(r.status(), 200);
            r.bytes().await.unwrap()
        }
    };
    let config = |title: &str| {
        json!({
            "userId": "u1",
            "domains": [{"id": domain, "name": "shop.example.com", "type": "PRO", "properties": {}}],
            "buttons": [], "actions": [], "conditions": [],
            "options": {"debugMode": false, "title": title}
        })
        .to_string()
    };
    let text = |n: &Node| {
        let url = format!("{}/d/{domain}.js", n.url);
        let http = n.client().clone();
        async move { http.get(url).send().await.unwrap().text().await.unwrap() }
    };
    c.store()
        .publish_config(&domain, &config("first"))
        .await
        .unwrap();
    let mut before = Vec::new();
    for n in [&a, &b] {
        // Compressed once per version and kept: the kept bytes must not outlive a publication.
        before.push(embed(n).await);
        assert!(text(n).await.contains("\"first\""), "{}", n.name);
    }
    c.store()
        .publish_config(&domain, &config("second"))
        .await
        .unwrap();
    for (n, old) in [&a, &b].into_iter().zip(before) {
        assert_ne!(
            embed(n).await,
            old,
            "{} serves the new publication at once",
            n.name
        );
        let now = text(n).await;
        assert!(
            now.contains("\"second\"") && !now.contains("\"first\""),
            "{}: {now}",
            n.name
        );
    }
    drop((a, b));
    c.finish().await;
}

#[tokio::test]
async fn serve_refuses_redis_with_sqlite_or_without_a_shared_secret() {
    let dir = tempfile::tempdir().unwrap();
    let run = |envs: &[(&str, &str)]| {
        let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_beckon"));
        cmd.args([
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--redis-url",
            "redis://127.0.0.1:1",
        ])
        .arg("--data-dir")
        .arg(dir.path())
        .env_remove("DATABASE_URL")
        .env_remove("BECKON_SECRET");
        for (k, v) in envs {
            cmd.env(k, v);
        }
        let out = cmd.output().unwrap();
        assert!(!out.status.success());
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    let sqlite = run(&[("BECKON_SECRET", "s")]);
    assert!(
        sqlite.contains("SQLite is one machine's database"),
        "{sqlite}"
    );
    let no_secret = run(&[("DATABASE_URL", "postgres://nobody@127.0.0.1:1/x")]);
    assert!(no_secret.contains("BECKON_SECRET"), "{no_secret}");
}

#[tokio::test]
#[cfg_attr(
    not(all(beckon_test_postgres, beckon_test_redis)),
    ignore = "needs DATABASE_URL_TEST and REDIS_URL_TEST"
)]
async fn two_instances_through_one_queue_send_each_mail_and_each_push_once() {
    let smtp = crate::common::smtp::SmtpServer::start();
    let push = crate::common::push_service::PushService::start().await;
    let c = Cluster::new().await;
    let mail = [
        ("BECKON_SMTP_URL", smtp.url()),
        ("BECKON_MAIL_FROM", "Beckon <beckon@shop.test>".to_owned()),
        ("BECKON_NOTIFY_DELAY_SECONDS", "0".to_owned()),
        ("BECKON_ALLOW_PRIVATE_OUTBOUND", "true".to_owned()),
    ];
    let env: Vec<(&str, &str)> = mail.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let (a, b) = (c.node_with("a", &env), c.node_with("b", &env));
    let (domain, org) = seed(c.store()).await;
    for (email, name) in [
        ("ada@shop.test", "Ada"),
        ("bob@shop.test", "Bob"),
        ("cy@shop.test", "Cy"),
    ] {
        add_agent(c.store(), &org, email, name).await;
        // Each agent's browser subscribes, through either instance.
        let on = if name == "Bob" { &b } else { &a };
        let session = login(on, email).await;
        let browser = push.subscribe();
        let body = serde_json::json!({"endpoint": browser.endpoint, "keys": {"p256dh": browser.p256dh, "auth": browser.auth}});
        let (status, _) = call_as(
            on,
            &session,
            reqwest::Method::POST,
            "/v1/agent/push-subscriptions",
            Some(body),
        )
        .await;
        assert_eq!(status, 204);
    }
    // Six visitors, half on each instance, each writes once while no agent is online: both
    // workers poll the same queue, and every agent gets one mail and one push per chat, never
    // two, signed with the one key both instances read from the store.
    const CHATS: usize = 6;
    for i in 0..CHATS {
        let on = if i % 2 == 0 { &a } else { &b };
        let (_, _, token) = new_chat(on, &domain, &format!("Visitor {i}")).await;
        let (mut v, _) = Ws::visitor(on, &token, None).await;
        v.say("v-1", &format!("Hello from visitor {i}")).await;
    }
    let expected = CHATS * 3;
    eventually_within("every mail sent", Duration::from_secs(60), async || {
        smtp.received().len() >= expected
    })
    .await;
    // The queue is empty: nothing more is on its way.
    eventually_within("the queue drained", Duration::from_secs(60), async || {
        let store = c.store();
        store
            .jobs_of_kind(beckon_server::service::outbound::MAIL)
            .await
            .unwrap()
            .is_empty()
            && store
                .jobs_of_kind(beckon_server::service::outbound::NOTIFY_AGENTS)
                .await
                .unwrap()
                .is_empty()
    })
    .await;
    let mut sent: Vec<(String, String)> = smtp
        .received()
        .iter()
        .map(|m| (m.to.join(","), m.subject()))
        .collect();
    assert_eq!(sent.len(), expected, "{sent:?}");
    sent.sort();
    sent.dedup();
    assert_eq!(sent.len(), expected, "a mail was sent twice");

    eventually_within(
        "every push delivered",
        Duration::from_secs(60),
        async || push.delivered().len() >= expected,
    )
    .await;
    eventually_within(
        "the push queue drained",
        Duration::from_secs(60),
        async || {
            let store = c.store();
            store
                .jobs_of_kind(beckon_server::service::outbound::PUSH)
                .await
                .unwrap()
                .is_empty()
                && store
                    .jobs_of_kind(beckon_server::service::outbound::NOTIFY_PUSH)
                    .await
                    .unwrap()
                    .is_empty()
        },
    )
    .await;
    assert!(push.refused().is_empty(), "{:?}", push.refused());
    let delivered = push.delivered();
    let mut pushed: Vec<(String, String)> = delivered
        .iter()
        .map(|d| (d.endpoint.clone(), d.payload["tag"].to_string()))
        .collect();
    assert_eq!(pushed.len(), expected, "{pushed:?}");
    pushed.sort();
    pushed.dedup();
    assert_eq!(pushed.len(), expected, "a push was sent twice");
    let keys: std::collections::HashSet<&str> =
        delivered.iter().map(|d| d.vapid_key.as_str()).collect();
    assert_eq!(keys.len(), 1, "both instances sign with one key");
    drop((a, b));
    c.finish().await;
}

#[tokio::test]
#[cfg_attr(
    not(all(beckon_test_postgres, beckon_test_redis)),
    ignore = "needs DATABASE_URL_TEST and REDIS_URL_TEST"
)]
async fn two_instances_deliver_each_webhook_event_once_and_a_restart_loses_none() {
    use crate::common::webhook_receiver::{signed_with, Receiver, Reply};
    let rx = Receiver::start().await;
    let c = Cluster::new().await;
    let env = [("BECKON_ALLOW_PRIVATE_OUTBOUND", "true")];
    let (mut a, mut b) = (c.node_with("a", &env), c.node_with("b", &env));
    let (domain, org) = seed(c.store()).await;
    add_owner(c.store(), &org, "owner@shop.test", "Olive").await;
    let owner = login(&a, "owner@shop.test").await;
    let (status, hook) = call_as(
        &a,
        &owner,
        reqwest::Method::POST,
        "/v1/owner/webhooks",
        Some(json!({"url": rx.url, "events": ["conversation.started", "message.created"]})),
    )
    .await;
    assert_eq!(status, 201, "{hook}");
    let secret = hook["secret"].as_str().unwrap().to_owned();

    // Six chats, half through each instance, each with a message: 12 events, each delivered
    // once although both workers claim from the one queue.
    const CHATS: usize = 6;
    for i in 0..CHATS {
        let on = if i % 2 == 0 { &a } else { &b };
        let (_, _, token) = new_chat(on, &domain, &format!("Visitor {i}")).await;
        let (mut v, _) = Ws::visitor(on, &token, None).await;
        v.say("v-1", &format!("Hello from visitor {i}")).await;
    }
    eventually_within(
        "every event delivered",
        Duration::from_secs(60),
        async || rx.received().len() >= CHATS * 2,
    )
    .await;
    eventually_within("the queue drained", Duration::from_secs(60), async || {
        c.store()
            .jobs_of_kind(beckon_server::service::outbound::WEBHOOK)
            .await
            .unwrap()
            .is_empty()
    })
    .await;
    let got = rx.received();
    let mut ids: Vec<&str> = got.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(ids.len(), CHATS * 2);
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), CHATS * 2, "an event was delivered twice");
    assert!(got.iter().all(|r| signed_with(&secret, r)));

    // An event the endpoint refuses at first; then every instance stops. The delivery waits in
    // the store's queue: a new instance sends it again, with the same webhook-id.
    rx.answer(&[Reply::Status(500)]);
    let (_, _, token) = new_chat(&a, &domain, "Late").await;
    // A chat starts with its first message.
    let (mut late, _) = Ws::visitor(&a, &token, None).await;
    late.say("v-1", "Anyone there?").await;
    let hook_id = hook["webhook"]["id"].as_str().unwrap().to_owned();
    let refused = eventually_within(
        "the first attempt refused",
        Duration::from_secs(60),
        async || {
            let log = c.store().webhook_deliveries(&hook_id, 10).await.unwrap();
            log.into_iter()
                .find(|d| d.attempts == 1 && d.response_code == Some(500))
        },
    )
    .await;
    drop((token, late));
    a.kill();
    b.kill();
    let _c = c.node_with("c", &env);
    // Its bound: a retry a killed instance had claimed waits out that claim's lease (120 s).
    eventually_within(
        "sent again after the restart",
        Duration::from_secs(150),
        async || rx.received().iter().filter(|r| r.id == refused.id).count() == 2,
    )
    .await;
    assert!(rx
        .received()
        .iter()
        .filter(|r| r.id == refused.id)
        .all(|r| signed_with(&secret, r)));
    c.finish().await;
}
