//! Sign-up (`--allow-signup`): off by default; when on, a new owner with an organisation of
//! their own, logged in at once.

use reqwest::StatusCode;
use serde_json::{json, Value};

use super::*;
use crate::common::{spawn_with, test_dirs};

#[tokio::test]
async fn sign_up_is_off_unless_the_operator_allows_it() {
    let t = spawn().await;
    assert_eq!(
        t.get_json("/v1/auth/signup").await,
        json!({"enabled": false})
    );
    let r = t
        .http
        .post(t.api("/v1/auth/signup"))
        .json(&json!({"email": "ann@shop.test", "name": "Ann", "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
    assert_eq!(t.store().count_users().await.unwrap(), 0);
    t.stop().await;
}

#[tokio::test]
async fn a_sign_up_makes_an_owner_with_an_organisation_and_logs_in() {
    let (dir, mut config) = test_dirs();
    config.allow_signup = true;
    let t = spawn_with(dir, config).await;
    assert_eq!(
        t.get_json("/v1/auth/signup").await,
        json!({"enabled": true})
    );
    let signup = |body: Value| t.http.post(t.api("/v1/auth/signup")).json(&body).send();

    // Every problem at once, and nothing made.
    let r = signup(json!({"email": "not an e-mail", "name": "", "password": "short"}))
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let e: Value = r.json().await.unwrap();
    assert!(e["problems"].as_array().unwrap().len() >= 3, "{e}");
    assert!(t.store().list_organisations().await.unwrap().is_empty());

    let r = signup(json!({"email": " Ann@Shop.test ", "name": "Ann", "password": PASSWORD, "organisation": "Ann's Bakery"}))
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::CREATED);
    let cookie = session_cookie(&r).expect("logged in");
    let me: Value = r.json().await.unwrap();
    assert_eq!(me["user"]["role"], "owner");
    assert_eq!(me["user"]["email"], "ann@shop.test");
    assert_eq!(me["organisation"]["name"], "Ann's Bakery");
    // The session works, and the owner API answers (an empty console: no domains yet).
    let r = t
        .http
        .get(t.api("/v1/owner/domains"))
        .header("cookie", format!("beckon_session={cookie}"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(r.json::<Value>().await.unwrap()["domains"], json!([]));
    // The same password logs in.
    let b = login(&t, "ann@shop.test", PASSWORD).await;
    assert_eq!(b.me["organisation"]["name"], "Ann's Bakery");

    // One account per e-mail; another sign-up gets an organisation of its own.
    let r = signup(json!({"email": "ann@shop.test", "name": "Ann", "password": PASSWORD}))
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::CONFLICT);
    let r = signup(json!({"email": "bob@shop.test", "name": "Bob", "password": PASSWORD}))
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::CREATED);
    let bob: Value = r.json().await.unwrap();
    assert_eq!(bob["organisation"]["name"], "Bob's organisation");
    assert_ne!(bob["organisation"]["id"], me["organisation"]["id"]);

    // Another site cannot sign someone up.
    let r = t
        .http
        .post(t.api("/v1/auth/signup"))
        .header("origin", "https://evil.example")
        .json(&json!({"email": "eve@shop.test", "name": "Eve", "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    t.stop().await;
}
