//! Operations with Redis (`--redis-url`): `/readyz` checks Redis too and follows it going away
//! and coming back; `/metrics` counts the Redis broker's publications, receptions and
//! reconnections under `broker="redis"`. Ignored, with the reason, without DATABASE_URL_TEST
//! and REDIS_URL_TEST (build.rs).

use std::time::Duration;

use node::{Cluster, Node};
use realtime_support::*;

use crate::common::{eventually_within, node, realtime as realtime_support, redis_server};

async fn get(node: &Node, path: &str) -> (u16, String) {
    let r = node
        .client()
        .get(format!("{}{path}", node.base_url()))
        .send()
        .await
        .unwrap();
    (r.status().as_u16(), r.text().await.unwrap())
}

/// The value of one Prometheus series, 0 when absent.
fn sample(text: &str, series: &str) -> f64 {
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .find_map(|l| {
            let (name, value) = l.rsplit_once(' ')?;
            (name == series).then(|| value.parse().unwrap())
        })
        .unwrap_or(0.0)
}

/// Polls `path` until its answer satisfies `ok` (at most 15 s).
async fn until(node: &Node, path: &str, what: &str, ok: impl Fn(u16, &str) -> bool) -> String {
    eventually_within(what, Duration::from_secs(15), async || {
        let (status, body) = get(node, path).await;
        if ok(status, &body) {
            Ok(body)
        } else {
            Err(format!("{status}:\n{body}"))
        }
    })
    .await
}

#[tokio::test]
#[cfg_attr(
    not(all(beckon_test_postgres, beckon_test_redis)),
    ignore = "needs DATABASE_URL_TEST and REDIS_URL_TEST"
)]
async fn readyz_follows_redis_and_metrics_count_the_redis_broker() {
    let mut redis = redis_server::RedisServer::start();
    let c = Cluster::with_redis(redis.url()).await;
    let a = c.node("a");
    assert_eq!(
        get(&a, "/readyz").await,
        (200, "ready\nstore: ok\nredis: ok\n".into())
    );

    let (domain, _) = seed(c.store()).await;
    let (_, _, token) = new_chat(&a, &domain, "Ann").await;
    let (mut visitor, _) = Ws::visitor(&a, &token, None).await;
    visitor.say("v-1", "hello").await;
    // Its own message comes back through Redis.
    visitor.recv_op("chat-message").await;
    let m = until(&a, "/metrics", "the message counted", |_, m| {
        sample(m, r#"beckon_broker_received_total{broker="redis"}"#) >= 1.0
    })
    .await;
    assert!(sample(&m, r#"beckon_broker_published_total{broker="redis"}"#) >= 2.0);
    assert_eq!(
        sample(&m, r#"beckon_broker_published_total{broker="local"}"#),
        0.0
    );
    assert!(sample(&m, "beckon_messages_in_total") >= 1.0);

    // Redis goes away: not ready (the reason stays in the log), and back.
    redis.stop();
    let body = until(&a, "/readyz", "not ready without Redis", |s, _| s == 503).await;
    assert_eq!(
        body,
        "not ready\nstore: ok\nredis: unreachable (the server log has the reason)\n"
    );
    redis.restart();
    until(&a, "/readyz", "ready again", |s, _| s == 200).await;
    until(&a, "/metrics", "the reconnection counted", |_, m| {
        sample(m, r#"beckon_broker_reconnects_total{broker="redis"}"#) >= 1.0
    })
    .await;

    drop(visitor);
    drop(a);
    c.finish().await;
}
