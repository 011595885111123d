//! The chat API across origins: CORS for the domain's own pages, the host rule, the new-chat
//! rate limit per address.

use std::time::Duration;

use beckon_store::NewDomain;
use reqwest::StatusCode;
use serde_json::{json, Value};

use super::chat::persona;
use crate::common::{seed_domain, spawn};

#[tokio::test]
async fn cors_allows_the_domains_own_origins_only() {
    let t = spawn().await;
    let domain = seed_domain(t.store()).await;
    let create = t.api(&format!("/v1/chat/public/channels/domain/{domain}"));

    // Preflight from the domain, an alias, and www.
    for origin in [
        "https://shop.example.com",
        "https://www.shop.example.com",
        "http://shop.example.net:8080",
    ] {
        let r = t
            .http
            .request(reqwest::Method::OPTIONS, &create)
            .header("Origin", origin)
            .header("Access-Control-Request-Method", "POST")
            .header("Access-Control-Request-Headers", "content-type")
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), StatusCode::NO_CONTENT, "{origin}");
        assert_eq!(r.headers()["access-control-allow-origin"], origin);
        let methods = r.headers()["access-control-allow-methods"]
            .to_str()
            .unwrap();
        assert!(methods.contains("POST"));
        assert!(r.headers()["access-control-allow-headers"]
            .to_str()
            .unwrap()
            .contains("content-type"));
    }
    // Another site: refused, with a JSON reason.
    let r = t
        .http
        .request(reqwest::Method::OPTIONS, &create)
        .header("Origin", "https://evil.example.org")
        .header("Access-Control-Request-Method", "POST")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    assert!(r.headers().get("access-control-allow-origin").is_none());
    let r = t
        .http
        .post(&create)
        .header("Origin", "https://evil.example.org")
        .json(&persona())
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    assert!(r.json::<Value>().await.unwrap()["error"]
        .as_str()
        .unwrap()
        .contains("evil.example.org"));

    // The real request from the domain carries the header; so do the channel calls.
    let r = t
        .http
        .post(&create)
        .header("Origin", "https://shop.example.com")
        .json(&persona())
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(
        r.headers()["access-control-allow-origin"],
        "https://shop.example.com"
    );
    assert!(r.headers()["vary"].to_str().unwrap().contains("Origin"));
    let created: Value = r.json().await.unwrap();
    let channel = created["channel"]["id"].as_str().unwrap();
    let persona = created["chatClientPersona"]["id"].as_str().unwrap();
    let history = t.api(&format!(
        "/v1/chat/public/channel/{channel}/history?personaId={persona}"
    ));
    let r = t
        .http
        .get(&history)
        .header("Origin", "https://shop.example.net")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(
        r.headers()["access-control-allow-origin"],
        "https://shop.example.net"
    );
    let r = t
        .http
        .get(&history)
        .header("Origin", "https://other.example.com")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    // A 404 stays readable by the widget on any page.
    let r = t
        .http
        .get(t.api("/v1/chat/public/channel/gone?personaId=p"))
        .header("Origin", "https://anywhere.example")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
    assert_eq!(
        r.headers()["access-control-allow-origin"],
        "https://anywhere.example"
    );
    t.stop().await;
}

#[tokio::test]
async fn new_chats_are_rate_limited_per_address_with_a_429() {
    let (dir, mut config) = crate::common::test_dirs();
    config.new_chat_rate = beckon_server::infra::ratelimit::Rate {
        burst: 2,
        every: Duration::from_secs(60),
    };
    let t = crate::common::spawn_with(dir, config).await;
    let domain = seed_domain(t.store()).await;
    let url = t.api(&format!("/v1/chat/public/channels/domain/{domain}"));
    for _ in 0..2 {
        let r = t.http.post(&url).json(&persona()).send().await.unwrap();
        assert_eq!(r.status(), StatusCode::OK);
    }
    let r = t.http.post(&url).json(&persona()).send().await.unwrap();
    assert_eq!(r.status(), StatusCode::TOO_MANY_REQUESTS);
    let retry: u64 = r.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=60).contains(&retry), "{retry}");
    let body: Value = r.json().await.unwrap();
    assert!(body["error"]
        .as_str()
        .unwrap()
        .contains("too many new chats"));
    assert_eq!(body["retryAfter"], retry);
    assert_eq!(
        t.store()
            .list_channels(&domain, None, 10)
            .await
            .unwrap()
            .len(),
        2
    );
    t.stop().await;
}

/// The host rule (docs/configuration.md): a port is ignored on both sides, so a domain stored with a port in
/// its name (as the owner API once accepted) answers its pages' chat calls, as the widget shows
/// its buttons there.
#[tokio::test]
async fn a_domain_named_with_a_port_answers_its_pages_on_any_port() {
    let t = spawn().await;
    let org = t.store().create_organisation("Shop Ltd").await.unwrap();
    let domain = t
        .store()
        .create_domain(NewDomain {
            id: None,
            org_id: org.id,
            name: "shop.example.com:8443".into(),
            aliases: vec!["[::1]".into()],
            domain_type: "PRO".into(),
            properties: json!({}),
            timezone: None,
        })
        .await
        .unwrap()
        .id;
    let create = t.api(&format!("/v1/chat/public/channels/domain/{domain}"));
    for (origin, allowed) in [
        ("https://shop.example.com:8443", true),
        ("https://shop.example.com", true),
        ("https://www.shop.example.com", true),
        ("http://[::1]:8080", true),
        ("https://shop.example.com.evil.test", false),
        ("null", false),
    ] {
        let r = t
            .http
            .post(&create)
            .header("Origin", origin)
            .json(&persona())
            .send()
            .await
            .unwrap();
        let status = if allowed {
            StatusCode::OK
        } else {
            StatusCode::FORBIDDEN
        };
        assert_eq!(r.status(), status, "{origin}");
        if allowed {
            assert_eq!(r.headers()["access-control-allow-origin"], origin);
        }
    }
    t.stop().await;
}
