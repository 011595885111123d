//! Login, logout, me, cookies, CSRF, rate limits.

use beckon_server::service::accounts::session::hash_token;
use beckon_store::{Role, StoreError};
use reqwest::{Method, StatusCode};
use serde_json::json;

use super::*;
use crate::common::{spawn_with, test_dirs};

#[tokio::test]
async fn login_me_logout() {
    let t = spawn().await;
    let owner = org_with_owner(t.store(), "a").await;

    let r = login_raw(&t, "  OWNER@a.test ", PASSWORD).await;
    assert_eq!(r.status(), StatusCode::OK);
    let set_cookie = r.headers()["set-cookie"].to_str().unwrap().to_owned();
    for flag in ["HttpOnly", "SameSite=Lax", "Path=/", "Max-Age=2592000"] {
        assert!(set_cookie.contains(flag), "{flag} in {set_cookie}");
    }
    assert!(!set_cookie.contains("Secure"), "plain http: {set_cookie}");
    assert_eq!(r.headers()["cache-control"], "no-store");
    let cookie = session_cookie(&r).unwrap();
    assert_eq!(cookie.len(), 43, "256 random bits, base64url");
    let me = body(r).await;
    assert_eq!(me["user"]["id"], owner.id.as_str());
    assert_eq!(me["user"]["role"], "owner");
    assert_eq!(me["organisation"]["name"], "Org a");
    assert!(me["user"].get("passwordHash").is_none());
    let csrf = me["csrfToken"].as_str().unwrap().to_owned();

    // The store keeps a hash of the cookie, never the cookie.
    assert!(matches!(
        t.store().get_session(&cookie).await,
        Err(StoreError::NotFound)
    ));
    let s = t.store().get_session(&hash_token(&cookie)).await.unwrap();
    assert_eq!(s.user_id, owner.id);

    let b = Browser {
        http: t.http.clone(),
        base: t.url.clone(),
        cookie: cookie.clone(),
        csrf: csrf.clone(),
        me: me.clone(),
    };
    let r = b.get("/v1/auth/me").await;
    assert_eq!(r.status(), StatusCode::OK);
    assert!(session_cookie(&r).is_some(), "me refreshes the cookie");
    let again = body(r).await;
    assert_eq!(again["csrfToken"], csrf.as_str());
    assert_eq!(again["user"]["email"], "owner@a.test");

    // Logout needs the CSRF proof too.
    let r = t
        .http
        .post(t.api("/v1/auth/logout"))
        .header("cookie", format!("beckon_session={cookie}"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    let r = b.post("/v1/auth/logout", json!({})).await;
    assert_eq!(r.status(), StatusCode::NO_CONTENT);
    let cleared = r.headers()["set-cookie"].to_str().unwrap();
    assert!(cleared.contains("Max-Age=0"), "{cleared}");
    let r = b.get("/v1/auth/me").await;
    assert_eq!(r.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(body(r).await["error"], "not logged in");
    // Without any cookie, or with a made-up one.
    let r = t.http.get(t.api("/v1/auth/me")).send().await.unwrap();
    assert_eq!(r.status(), StatusCode::UNAUTHORIZED);
    let r = t
        .http
        .get(t.api("/v1/auth/me"))
        .header("cookie", "beckon_session=nonsense")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::UNAUTHORIZED);
    t.stop().await;
}

/// A login attempt from `addr` (as a trusted proxy reports it).
async fn login_from(t: &TestServer, addr: &str, email: &str, password: &str) -> reqwest::Response {
    t.http
        .post(t.api("/v1/auth/login"))
        .header("x-forwarded-for", addr)
        .json(&json!({"email": email, "password": password}))
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn guesses_at_one_account_from_many_addresses_slow_down_but_its_owner_gets_in() {
    let (dir, mut config) = test_dirs();
    config.trusted_proxies = vec!["127.0.0.1/32".parse().unwrap()];
    let t = spawn_with(dir, config).await;
    org_with_owner(t.store(), "a").await;
    let email = "owner@a.test";
    // The owner logged in from home before.
    let home = "192.0.2.1";
    assert_eq!(
        login_from(&t, home, email, PASSWORD).await.status(),
        StatusCode::OK
    );

    // Guesses from 50 addresses in turn (each well within its own per-address limit), until
    // the account is held for a few seconds.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    let (mut wrong, mut held) = (0, None);
    for i in 0.. {
        assert!(
            std::time::Instant::now() < deadline,
            "never held: {wrong} wrong-password answers"
        );
        let r = login_from(&t, &format!("203.0.113.{}", i % 50 + 1), email, "guess").await;
        match r.status() {
            StatusCode::UNAUTHORIZED => wrong += 1,
            StatusCode::TOO_MANY_REQUESTS => {
                let b = body(r).await;
                assert!(
                    b["error"]
                        .as_str()
                        .unwrap()
                        .contains("too many login attempts for this account"),
                    "{b}"
                );
                if b["retryAfter"].as_u64().unwrap() >= 3 {
                    held = Some(b);
                    break;
                }
            }
            other => panic!("{other}"),
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(held.is_some());
    // 5 free failures, then waits of 1 s and 2 s: only a handful of passwords were tried.
    assert!((5..=8).contains(&wrong), "{wrong} passwords tried");

    // While held, even the right password from a new address waits (nothing is checked)…
    let r = login_from(&t, "198.51.100.9", email, PASSWORD).await;
    assert_eq!(r.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(r.headers().contains_key("retry-after"));
    // … but the owner at home is not locked out, and getting in forgets the failures.
    assert_eq!(
        login_from(&t, home, email, PASSWORD).await.status(),
        StatusCode::OK
    );
    let r = login_from(&t, "198.51.100.9", email, "guess").await;
    assert_eq!(r.status(), StatusCode::UNAUTHORIZED);
    // An unknown account is held the same way (the answer tells nothing about existence).
    for i in 0..20 {
        let r = login_from(
            &t,
            &format!("203.0.113.{}", i + 100),
            "nobody@a.test",
            "guess",
        )
        .await;
        if r.status() == StatusCode::TOO_MANY_REQUESTS {
            t.stop().await;
            return;
        }
    }
    panic!("an unknown account was never held");
}

#[tokio::test]
async fn wrong_passwords_then_429() {
    let t = spawn().await;
    org_with_owner(t.store(), "a").await;
    let r = login_raw(&t, "owner@a.test", "wrong password").await;
    assert_eq!(r.status(), StatusCode::UNAUTHORIZED);
    assert!(r.headers().get("set-cookie").is_none());
    let wrong = body(r).await;
    let r = login_raw(&t, "nobody@a.test", PASSWORD).await;
    assert_eq!(r.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(
        body(r).await,
        wrong,
        "unknown e-mail and wrong password look alike"
    );
    let r = t
        .http
        .post(t.api("/v1/auth/login"))
        .body("{not json")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::BAD_REQUEST);
    // 10 attempts per address, then 429 with Retry-After.
    let mut limited = None;
    for _ in 0..12 {
        let r = login_raw(&t, "owner@a.test", "wrong password").await;
        if r.status() == StatusCode::TOO_MANY_REQUESTS {
            limited = Some(r);
            break;
        }
    }
    let r = limited.expect("rate limited");
    assert!(r.headers().contains_key("retry-after"));
    let b = body(r).await;
    assert!(b["error"]
        .as_str()
        .unwrap()
        .contains("too many login attempts"));
    assert!(b["retryAfter"].as_u64().unwrap() >= 1);
    // Even the right password waits.
    let r = login_raw(&t, "owner@a.test", PASSWORD).await;
    assert_eq!(r.status(), StatusCode::TOO_MANY_REQUESTS);
    t.stop().await;
}

#[tokio::test]
async fn cookies_are_secure_behind_https() {
    let (dir, mut config) = test_dirs();
    config.public_url = Some("https://chat.example.com".into());
    let t = spawn_with(dir, config).await;
    org_with_owner(t.store(), "a").await;
    let r = login_raw(&t, "owner@a.test", PASSWORD).await;
    assert_eq!(r.status(), StatusCode::OK);
    let c = r.headers()["set-cookie"].to_str().unwrap();
    assert!(c.contains("; Secure"), "{c}");
    // A login posted from another site is refused.
    let r = t
        .http
        .post(t.api("/v1/auth/login"))
        .header("origin", "https://evil.example")
        .json(&json!({"email": "owner@a.test", "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    t.stop().await;
}

#[tokio::test]
async fn writes_need_the_csrf_header_or_our_origin() {
    let t = spawn().await;
    org_with_owner(t.store(), "a").await;
    let b = login(&t, "owner@a.test", PASSWORD).await;
    let new_domain = |n: &str| json!({ "name": n });
    let raw = |m: Method| {
        t.http
            .request(m, t.api("/v1/owner/domains"))
            .header("cookie", format!("beckon_session={}", b.cookie))
    };

    let r = raw(Method::POST)
        .json(&new_domain("a.example"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::FORBIDDEN, "no header, no origin");
    assert!(body(r).await["error"]
        .as_str()
        .unwrap()
        .contains("X-Beckon-CSRF"));
    let r = raw(Method::POST)
        .header("x-beckon-csrf", "guess")
        .json(&new_domain("a.example"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::FORBIDDEN, "wrong header");
    let r = raw(Method::POST)
        .header("x-beckon-csrf", &b.csrf)
        .header("origin", "https://evil.example")
        .json(&new_domain("a.example"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::FORBIDDEN, "foreign origin");
    // Another session's token does not fit this one.
    let other = login(&t, "owner@a.test", PASSWORD).await;
    assert_ne!(other.csrf, b.csrf);
    let r = raw(Method::POST)
        .header("x-beckon-csrf", &other.csrf)
        .json(&new_domain("a.example"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    assert!(t
        .store()
        .list_domains(b.me["user"]["orgId"].as_str().unwrap())
        .await
        .unwrap()
        .is_empty());

    let r = raw(Method::POST)
        .header("x-beckon-csrf", &b.csrf)
        .json(&new_domain("a.example"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::CREATED, "right header");
    let origin = t.url.clone();
    let r = raw(Method::POST)
        .header("origin", origin)
        .json(&new_domain("b.example"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::CREATED, "same origin");
    // Reads need neither.
    let r = raw(Method::GET).send().await.unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    // No cookie at all: 401, not 403.
    let r = t
        .http
        .post(t.api("/v1/owner/domains"))
        .header("x-beckon-csrf", &b.csrf)
        .json(&new_domain("c.example"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::UNAUTHORIZED);
    t.stop().await;
}

#[tokio::test]
async fn changing_the_password_ends_other_sessions() {
    let t = spawn().await;
    let owner = org_with_owner(t.store(), "a").await;
    let agent = user(t.store(), &owner.org_id, "agent@a.test", Role::Agent).await;
    let here = login(&t, &agent.email, PASSWORD).await;
    let there = login(&t, &agent.email, PASSWORD).await;
    let r = here
        .post(
            "/v1/auth/password",
            json!({"currentPassword": "nope", "newPassword": "a new password"}),
        )
        .await;
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    let r = here
        .post(
            "/v1/auth/password",
            json!({"currentPassword": PASSWORD, "newPassword": "short"}),
        )
        .await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(problem_paths(&body(r).await), ["newPassword"]);
    let r = here
        .post(
            "/v1/auth/password",
            json!({"currentPassword": PASSWORD, "newPassword": "a new password"}),
        )
        .await;
    assert_eq!(r.status(), StatusCode::NO_CONTENT);
    assert_eq!(here.get("/v1/auth/me").await.status(), StatusCode::OK);
    assert_eq!(
        there.get("/v1/auth/me").await.status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        login_raw(&t, &agent.email, PASSWORD).await.status(),
        StatusCode::UNAUTHORIZED
    );
    login(&t, &agent.email, "a new password").await;
    t.stop().await;
}
