//! One behaviour suite for every `Broker` and every `Presence`: each behaviour runs against the
//! in-process implementation (`name::local`) and against Redis (`name::redis`, ignored without
//! `REDIS_URL_TEST`, build.rs; each test with its own key prefix, so tests running side by side on one Redis do not meet). A pair of
//! brokers (or presences) stands for two instances: the in-process one is the same object
//! twice, the Redis ones are two connections.
//!
//! Redis-only behaviours (one Redis subscription per topic whatever the subscribers, resync
//! after the subscription connection is lost) follow, the latter on a `redis-server` of its own.

use std::sync::Arc;
use std::time::Duration;

use beckon_server::engine::cluster::{RedisBroker, RedisPresence};
use beckon_server::engine::hub::broker::{Broker, LocalBroker, Subscription};
use beckon_server::engine::presence::{LocalPresence, Presence};
use bytes::Bytes;
use futures_util::StreamExt as _;

use crate::common::{eventually_within, redis_server};

const WAIT: Duration = Duration::from_secs(5);

/// Tests that call it are ignored without the variable (build.rs).
fn redis_url() -> String {
    std::env::var("REDIS_URL_TEST").expect("REDIS_URL_TEST")
}

fn prefix() -> String {
    format!("beckon-test-{}:", uuid::Uuid::new_v4().simple())
}

async fn redis_brokers(url: &str, prefix: &str) -> (Arc<RedisBroker>, Arc<RedisBroker>) {
    let client = redis::Client::open(url).unwrap();
    let a = RedisBroker::connect(&client, prefix, 64, 2)
        .await
        .expect("Redis at REDIS_URL_TEST");
    let b = RedisBroker::connect(&client, prefix, 64, 2).await.unwrap();
    (Arc::new(a), Arc::new(b))
}

/// Each behaviour as two tests: `name::local` on the in-process broker, `name::redis` on two
/// Redis brokers.
macro_rules! brokers {
    ($($name:ident),* $(,)?) => {$(
        mod $name {
            use super::*;
            #[tokio::test]
            async fn local() {
                let local: Arc<dyn Broker> = Arc::new(LocalBroker::new(64));
                broker_behaviours::$name(local.clone(), local).await;
            }
            #[tokio::test]
            #[cfg_attr(not(beckon_test_redis), ignore = "needs REDIS_URL_TEST")]
            async fn redis() {
                let (a, b) = redis_brokers(&redis_url(), &prefix()).await;
                broker_behaviours::$name(a, b).await;
            }
        }
    )*};
}

/// Each behaviour as `name::local` and `name::redis` (two instances' presences).
macro_rules! presences {
    ($($name:ident),* $(,)?) => {$(
        mod $name {
            use super::*;
            #[tokio::test]
            async fn local() {
                let local: Arc<dyn Presence> = Arc::new(LocalPresence::new());
                presence_behaviours::$name(local.clone(), local).await;
            }
            #[tokio::test]
            #[cfg_attr(not(beckon_test_redis), ignore = "needs REDIS_URL_TEST")]
            async fn redis() {
                let client = redis::Client::open(redis_url()).unwrap();
                let p = prefix();
                let a = RedisPresence::connect(&client, &p, "instance-a").await.unwrap();
                let b = RedisPresence::connect(&client, &p, "instance-b").await.unwrap();
                presence_behaviours::$name(Arc::new(a), Arc::new(b)).await;
            }
        }
    )*};
}

async fn next(s: &mut Subscription) -> Result<Bytes, beckon_server::engine::hub::broker::Lagged> {
    tokio::time::timeout(WAIT, s.next())
        .await
        .expect("an event in time")
        .expect("the subscription lives")
}

/// Nothing arrives on `s` while a marker published after it does on `marker`.
async fn nothing_before_marker(s: &mut Subscription, b: &dyn Broker, topic: &str) {
    b.publish(topic, Bytes::from_static(b"marker"))
        .await
        .unwrap();
    assert_eq!(next(s).await, Ok(Bytes::from_static(b"marker")));
}

brokers!(
    events_reach_every_subscriber_of_their_topic_only,
    events_of_one_publisher_arrive_in_order,
);

mod broker_behaviours {
    use super::*;

    pub async fn events_reach_every_subscriber_of_their_topic_only(
        a: Arc<dyn Broker>,
        b: Arc<dyn Broker>,
    ) {
        b.publish("t", Bytes::from_static(b"before anyone listens"))
            .await
            .unwrap();
        let mut s1 = a.subscribe("t").await.unwrap();
        let mut s2 = a.subscribe("t").await.unwrap();
        let mut s3 = b.subscribe("t").await.unwrap();
        let mut other = a.subscribe("u").await.unwrap();
        b.publish("t", Bytes::from_static(b"x")).await.unwrap();
        for s in [&mut s1, &mut s2, &mut s3] {
            assert_eq!(next(s).await, Ok(Bytes::from_static(b"x")));
        }
        // "u" heard nothing of "t": its first event is its own marker.
        nothing_before_marker(&mut other, b.as_ref(), "u").await;
    }

    pub async fn events_of_one_publisher_arrive_in_order(a: Arc<dyn Broker>, b: Arc<dyn Broker>) {
        let mut s = a.subscribe("dom:order").await.unwrap();
        // More than a chat topic's ring: the subscriber reads as they come.
        let reader = tokio::spawn(async move {
            let mut got = Vec::new();
            while got.len() < 50 {
                got.push(next(&mut s).await.expect("no lag"));
            }
            got
        });
        for i in 0..50u8 {
            b.publish("dom:order", Bytes::from(vec![b'e', i]))
                .await
                .unwrap();
            tokio::task::yield_now().await;
        }
        let got = reader.await.unwrap();
        let want: Vec<Bytes> = (0..50u8).map(|i| Bytes::from(vec![b'e', i])).collect();
        assert_eq!(got, want);
    }
}

presences!(
    a_lease_makes_the_domain_available_everywhere_until_it_ends,
    going_away_ends_the_agents_leases_everywhere,
    each_agents_own_lease_says_whether_she_is_online,
);

mod presence_behaviours {
    use super::*;

    async fn until(p: &dyn Presence, domain: &str, want: bool) {
        let what = format!("agents_online({domain}) becomes {want}");
        eventually_within(&what, WAIT, async || p.agents_online(domain).await == want).await;
    }

    pub async fn a_lease_makes_the_domain_available_everywhere_until_it_ends(
        a: Arc<dyn Presence>,
        b: Arc<dyn Presence>,
    ) {
        assert!(!a.agents_online("d").await);
        a.agent_online("d", "ada", Duration::from_millis(400)).await;
        assert!(a.agents_online("d").await);
        assert!(
            b.agents_online("d").await,
            "the other instance sees the lease"
        );
        assert!(!b.agents_online("other").await);
        // Not renewed: it ends by itself (an instance that died renews nothing).
        until(b.as_ref(), "d", false).await;
        assert!(!a.agents_online("d").await);
    }

    pub async fn each_agents_own_lease_says_whether_she_is_online(
        a: Arc<dyn Presence>,
        b: Arc<dyn Presence>,
    ) {
        let minute = Duration::from_secs(60);
        a.agent_online("d", "ada", minute).await;
        assert!(a.agent_is_online("d", "ada").await);
        assert!(
            b.agent_is_online("d", "ada").await,
            "seen from the other instance"
        );
        // Not another agent whose id she starts with, nor another domain.
        assert!(!b.agent_is_online("d", "ad").await);
        assert!(!b.agent_is_online("d", "bob").await);
        assert!(!b.agent_is_online("other", "ada").await);
        b.agent_offline("d", "ada").await;
        assert!(!a.agent_is_online("d", "ada").await);
    }

    pub async fn going_away_ends_the_agents_leases_everywhere(
        a: Arc<dyn Presence>,
        b: Arc<dyn Presence>,
    ) {
        let minute = Duration::from_secs(60);
        a.agent_online("d", "ada", minute).await;
        b.agent_online("d", "ada", minute).await;
        b.agent_online("d", "bob", minute).await;
        a.agent_offline("d", "ada").await;
        assert!(b.agents_online("d").await, "bob is still online");
        b.agent_offline("d", "bob").await;
        assert!(!a.agents_online("d").await, "ada's lease on b went too");
        assert!(!b.agents_online("d").await);
    }
}

// ---------- Redis only ----------

#[tokio::test]
#[cfg_attr(not(beckon_test_redis), ignore = "needs REDIS_URL_TEST")]
async fn redis_an_agent_on_two_instances_is_there_until_its_last_socket_anywhere_closes() {
    let url = redis_url();
    let client = redis::Client::open(url).unwrap();
    let p = prefix();
    let a = RedisPresence::connect(&client, &p, "a").await.unwrap();
    let b = RedisPresence::connect(&client, &p, "b").await.unwrap();
    let minute = Duration::from_secs(60);
    assert_eq!(a.agent_elsewhere("d", "ada").await, None);
    a.agent_connected("d", "ada", true, minute).await;
    assert_eq!(
        b.agent_elsewhere("d", "ada").await,
        Some(true),
        "online on a"
    );
    assert_eq!(
        a.agent_elsewhere("d", "ada").await,
        None,
        "a is not elsewhere"
    );
    b.agent_connected("d", "ada", true, minute).await;

    // Away (chosen on a): every lease goes; b's socket, following, renews no lease.
    a.agent_offline("d", "ada").await;
    b.agent_connected("d", "ada", false, minute).await;
    assert!(!a.agents_online("d").await);
    assert_eq!(
        b.agent_elsewhere("d", "ada").await,
        Some(false),
        "away on a"
    );

    // Online again: the last socket on a closing leaves her on b.
    a.agent_connected("d", "ada", true, minute).await;
    b.agent_connected("d", "ada", true, minute).await;
    assert!(a.agent_disconnected("d", "ada").await, "still on b");
    assert!(a.agents_online("d").await, "b's lease holds");
    assert!(!b.agent_disconnected("d", "ada").await, "nowhere now");
    assert!(!a.agents_online("d").await);
    assert_eq!(a.agent_elsewhere("d", "ada").await, None);
}

#[tokio::test]
#[cfg_attr(not(beckon_test_redis), ignore = "needs REDIS_URL_TEST")]
async fn redis_a_connection_record_ends_with_its_lease() {
    let url = redis_url();
    let client = redis::Client::open(url).unwrap();
    let p = prefix();
    let a = RedisPresence::connect(&client, &p, "a").await.unwrap();
    let b = RedisPresence::connect(&client, &p, "b").await.unwrap();
    // a's instance dies: it renews nothing, and b no longer finds her once the lease ends.
    a.agent_connected("d", "ada", true, Duration::from_millis(300))
        .await;
    assert_eq!(b.agent_elsewhere("d", "ada").await, Some(true));
    eventually_within("the record ends", WAIT, async || {
        b.agent_elsewhere("d", "ada").await.is_none()
    })
    .await;
    assert!(!b.agents_online("d").await);
}

#[tokio::test]
#[cfg_attr(not(beckon_test_redis), ignore = "needs REDIS_URL_TEST")]
async fn redis_one_subscription_per_topic_per_instance_whatever_the_sockets() {
    let url = redis_url();
    let p = prefix();
    let (a, b) = redis_brokers(&url, &p).await;
    let client = redis::Client::open(url.as_str()).unwrap();
    let mut admin = client.get_multiplexed_async_connection().await.unwrap();
    let numsub = |name: String| {
        let mut admin = admin.clone();
        async move {
            let r: Vec<(String, i64)> = redis::cmd("PUBSUB")
                .arg("NUMSUB")
                .arg(name)
                .query_async(&mut admin)
                .await
                .unwrap();
            r[0].1
        }
    };
    let mut subs = Vec::new();
    for _ in 0..100 {
        subs.push(a.subscribe("dom:busy").await.unwrap());
    }
    subs.push(b.subscribe("dom:busy").await.unwrap());
    assert_eq!(numsub(format!("{p}dom:busy")).await, 2, "one per instance");
    assert_eq!(
        a.counters()
            .subscriptions
            .load(std::sync::atomic::Ordering::Relaxed),
        1
    );
    b.publish("dom:busy", Bytes::from_static(b"x"))
        .await
        .unwrap();
    for s in &mut subs {
        assert_eq!(next(s).await, Ok(Bytes::from_static(b"x")));
    }
    subs.clear();
    // The last local subscriber gone, the instance unsubscribes (asynchronously).
    eventually_within("the instance unsubscribes", WAIT, async || {
        numsub(format!("{p}dom:busy")).await == 0
    })
    .await;
    let _ = &mut admin;
}

#[tokio::test]
#[cfg_attr(not(beckon_test_redis), ignore = "needs REDIS_URL_TEST")]
async fn redis_restarted_every_subscriber_is_told_to_catch_up_and_hears_again() {
    let mut server = redis_server::RedisServer::start();
    let p = prefix();
    let (a, b) = redis_brokers(&server.url(), &p).await;
    let mut s = a.subscribe("ch:c1").await.unwrap();
    let mut d = a.subscribe("dom:d1").await.unwrap();
    b.publish("ch:c1", Bytes::from_static(b"before"))
        .await
        .unwrap();
    assert_eq!(next(&mut s).await, Ok(Bytes::from_static(b"before")));
    server.restart();
    // Told they may have missed something, once resubscribed.
    assert_eq!(
        next(&mut s).await,
        Err(beckon_server::engine::hub::broker::Lagged(0))
    );
    assert_eq!(
        next(&mut d).await,
        Err(beckon_server::engine::hub::broker::Lagged(0))
    );
    assert_eq!(
        a.counters()
            .reconnects
            .load(std::sync::atomic::Ordering::Relaxed),
        1
    );
    // The publishing connection reconnects by itself too (a publish may fail meanwhile: the
    // store has the event, and the subscribers were told to catch up).
    eventually_within("publishing recovers", WAIT, async || {
        b.publish("ch:c1", Bytes::from_static(b"after")).await
    })
    .await;
    assert_eq!(next(&mut s).await, Ok(Bytes::from_static(b"after")));
}
