//! Instances and their configuration: a publication served fresh everywhere; Redis refused
//! with SQLite or without a shared secret.

use node::{Cluster, Node};
use realtime_support::*;
use serde_json::json;

use crate::common::{node, realtime as realtime_support};

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
