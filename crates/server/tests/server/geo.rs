//! `GET /api/v1/geo` with a generated MaxMind database, and the trusted-proxy rule.

use reqwest::StatusCode;
use serde_json::{json, Value};

use super::mmdb::country_db;
use crate::common::{spawn_with, test_dirs, TestServer};

async fn geo_server(trusted: &[&str]) -> TestServer {
    let (dir, mut config) = test_dirs();
    let db = dir.path().join("country.mmdb");
    std::fs::write(
        &db,
        country_db(&[
            ("81.2.69.0/24", "GB"),
            ("203.0.113.0/24", "NL"),
            ("2001:db8::/32", "DE"),
        ]),
    )
    .unwrap();
    config.geoip_db = Some(db);
    config.trusted_proxies = trusted.iter().map(|s| s.parse().unwrap()).collect();
    spawn_with(dir, config).await
}

async fn geo(t: &TestServer, query: &str, xff: Option<&str>) -> Value {
    let mut req = t.http.get(t.api(&format!("/v1/geo{query}")));
    if let Some(x) = xff {
        req = req.header("X-Forwarded-For", x);
    }
    let r = req.send().await.unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    r.json().await.unwrap()
}

#[tokio::test]
async fn looks_up_the_given_or_the_client_address() {
    let t = geo_server(&[]).await;
    assert_eq!(
        geo(&t, "?ip=81.2.69.160", None).await,
        json!({"ip": "81.2.69.160", "country_code": "GB"})
    );
    assert_eq!(
        geo(&t, "?ip=2001:db8::7", None).await,
        json!({"ip": "2001:db8::7", "country_code": "DE"})
    );
    assert_eq!(
        geo(&t, "?ip=::ffff:203.0.113.5", None).await,
        json!({"ip": "203.0.113.5", "country_code": "NL"})
    );
    assert_eq!(
        geo(&t, "?ip=1.1.1.1", None).await,
        json!({"ip": "1.1.1.1", "country_code": null})
    );
    // No ip: the peer. X-Forwarded-For from an untrusted peer is ignored.
    assert_eq!(
        geo(&t, "", Some("81.2.69.1")).await,
        json!({"ip": "127.0.0.1", "country_code": null})
    );
    let r = t.http.get(t.api("/v1/geo?ip=banana")).send().await.unwrap();
    assert_eq!(r.status(), StatusCode::BAD_REQUEST);
    assert!(r.json::<Value>().await.unwrap()["error"]
        .as_str()
        .unwrap()
        .contains("banana"));
    t.stop().await;
}

#[tokio::test]
async fn forwarded_for_counts_behind_a_trusted_proxy() {
    let t = geo_server(&["127.0.0.0/8"]).await;
    assert_eq!(
        geo(&t, "", Some("81.2.69.1")).await,
        json!({"ip": "81.2.69.1", "country_code": "GB"})
    );
    // A client-written entry on the left is not believed; the proxy's view on the right is.
    assert_eq!(
        geo(&t, "", Some("81.2.69.1, 203.0.113.9")).await,
        json!({"ip": "203.0.113.9", "country_code": "NL"})
    );
    assert_eq!(
        geo(&t, "", None).await,
        json!({"ip": "127.0.0.1", "country_code": null})
    );
    t.stop().await;
}

#[tokio::test]
async fn without_a_database_the_country_is_null() {
    let t = crate::common::spawn().await;
    assert_eq!(
        geo(&t, "?ip=81.2.69.160", None).await,
        json!({"ip": "81.2.69.160", "country_code": null})
    );
    t.stop().await;
}
