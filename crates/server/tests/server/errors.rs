//! JSON errors under /api, body limits, restart on the same data directory.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::common::{seed_domain, spawn, spawn_with, test_dirs};

#[tokio::test]
async fn unknown_api_routes_and_methods_are_json() {
    let t = spawn().await;
    let r = t.http.get(t.api("/v1/nothing/here")).send().await.unwrap();
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
    assert_eq!(
        r.json::<Value>().await.unwrap(),
        json!({"error": "no such API route: /api/v1/nothing/here"})
    );
    let r = t.http.delete(t.api("/v1/stats")).send().await.unwrap();
    assert_eq!(r.status(), StatusCode::METHOD_NOT_ALLOWED);
    assert!(r.json::<Value>().await.unwrap()["error"].is_string());
    t.stop().await;
}

#[tokio::test]
async fn bodies_over_64_kib_are_413_json() {
    let t = spawn().await;
    let domain = seed_domain(t.store()).await;
    let big = json!({"name": "Ann", "email": "ann@example.com", "url": "x".repeat(70 * 1024)});
    let r = t
        .http
        .post(t.api(&format!("/v1/chat/public/channels/domain/{domain}")))
        .json(&big)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::PAYLOAD_TOO_LARGE);
    assert!(r.json::<Value>().await.unwrap()["error"]
        .as_str()
        .unwrap()
        .contains("64 KiB"));
    t.stop().await;
}

#[tokio::test]
async fn a_restart_on_the_same_data_keeps_channels_and_the_token_key() {
    let (dir, mut config) = test_dirs();
    config.secret = None; // use {data-dir}/secret
    let t = spawn_with(dir, config.clone()).await;
    let domain = seed_domain(t.store()).await;
    let created: Value = t
        .http
        .post(t.api(&format!("/v1/chat/public/channels/domain/{domain}")))
        .json(&json!({"name": "Ann", "email": "ann@example.com"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let channel = created["channel"]["id"].as_str().unwrap().to_owned();
    let persona = created["chatClientPersona"]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let tok = t
        .get_json(&format!(
            "/v1/chat/public/channel/{channel}/token?personaId={persona}"
        ))
        .await;
    assert!(t.dir.path().join("data/secret").is_file());
    assert!(t.dir.path().join("data/beckon.db").is_file());
    let dir = {
        let crate::common::TestServer { server, dir, .. } = t;
        server.shutdown().await.unwrap();
        dir
    };
    let t = spawn_with(dir, config).await;
    let r = t
        .http
        .get(t.api(&format!(
            "/v1/chat/public/channel/{channel}?personaId={persona}"
        )))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    assert!(t
        .server
        .state
        .tokens
        .verify(tok["token"].as_str().unwrap(), beckon_store::now_ms())
        .is_ok());
    t.stop().await;
}
