//! The public chat API of spec §7.

use std::time::Duration;

use beckon_store::{NewDomain, NewMessage, NewPersona, PersonaType};
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::common::{seed_domain, spawn, TestServer};

/// A new chat of Ann on `domain`: the create call's answer.
async fn create_chat(t: &TestServer, domain: &str) -> Value {
    t.http
        .post(t.api(&format!("/v1/chat/public/channels/domain/{domain}")))
        .json(&persona())
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap()
}

fn persona() -> Value {
    json!({"name": "Ann Visitor", "email": "ann@example.com", "ip": "", "url": "https://shop.example.com/pricing", "legalNoticeAccepted": 1700000000000u64})
}

#[tokio::test]
async fn create_get_history_token_and_end() {
    let t = spawn().await;
    let domain = seed_domain(t.store()).await;

    // Create.
    let r = t
        .http
        .post(t.api(&format!("/v1/chat/public/channels/domain/{domain}")))
        .json(&persona())
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    let created: Value = r.json().await.unwrap();
    let channel_id = created["channel"]["id"].as_str().unwrap().to_owned();
    let persona_id = created["chatClientPersona"]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(created["channel"]["domainId"], domain.as_str());
    assert_eq!(created["channel"]["status"], "open");
    assert_eq!(
        created["channel"]["properties"]["chat-legal-enabled"],
        "true"
    );
    assert!(created["channel"]["properties"]
        .get("allowMultipleButtons")
        .is_none());
    let p = &created["chatClientPersona"];
    assert_eq!(p["name"], "Ann Visitor");
    assert_eq!(p["email"], "ann@example.com");
    assert_eq!(p["url"], "https://shop.example.com/pricing");
    assert_eq!(p["legalNoticeAccepted"], 1700000000000u64);
    assert_eq!(p["ip"], "127.0.0.1", "the observed address is stored");
    assert_eq!(p["type"], "ChatClient");

    // Get, same shape.
    let got = t
        .get_json(&format!(
            "/v1/chat/public/channel/{channel_id}?personaId={persona_id}"
        ))
        .await;
    assert_eq!(got["channel"]["id"], channel_id.as_str());
    assert_eq!(got["chatClientPersona"], created["chatClientPersona"]);

    // History: empty, then with a visitor and an agent message.
    let h = t
        .get_json(&format!(
            "/v1/chat/public/channel/{channel_id}/history?personaId={persona_id}"
        ))
        .await;
    assert_eq!(h["messages"], json!([]));
    assert_eq!(h["personas"].as_array().unwrap().len(), 1);

    let store = t.store();
    let agent = store
        .create_persona(NewPersona {
            persona_type: PersonaType::ChatAgentPersona,
            name: "Bob Agent".into(),
            email: Some("bob@shop.example.com".into()),
            ip: None,
            url: None,
            legal_notice_accepted: 0,
            avatar_url: Some("https://cdn.example.com/bob.png".into()),
        })
        .await
        .unwrap();
    for (client, sender, text) in [
        ("c1", persona_id.as_str(), "Hello?"),
        ("a1", agent.id.as_str(), "Hi Ann, how can we help?"),
    ] {
        store
            .insert_message(NewMessage {
                channel_id: channel_id.clone(),
                client_id: client.into(),
                sender_persona_id: sender.into(),
                text: text.into(),
                attachments: json!([]),
            })
            .await
            .unwrap();
    }
    let h = t
        .get_json(&format!(
            "/v1/chat/public/channel/{channel_id}/history?personaId={persona_id}"
        ))
        .await;
    let msgs = h["messages"].as_array().unwrap();
    assert_eq!(msgs.len(), 2);
    assert_eq!(msgs[0]["text"], "Hello?");
    assert_eq!(msgs[0]["seq"], 1);
    assert_eq!(msgs[0]["sender"]["id"], persona_id.as_str());
    assert_eq!(msgs[1]["sender"]["type"], "ChatAgentPersona");
    assert_eq!(msgs[1]["sender"]["name"], "Bob Agent");
    assert_eq!(
        msgs[1]["sender"]["avatarUrl"],
        "https://cdn.example.com/bob.png"
    );
    assert_eq!(msgs[1]["attachments"], json!([]));
    assert!(msgs[1]["createdAt"].as_str().unwrap().ends_with('Z'));
    assert_eq!(h["personas"].as_array().unwrap().len(), 2);
    assert!(
        h["personas"][1].get("email").is_none(),
        "history shows no e-mail addresses"
    );
    // Only what came after a sequence number.
    let h = t
        .get_json(&format!(
            "/v1/chat/public/channel/{channel_id}/history?personaId={persona_id}&after=1"
        ))
        .await;
    assert_eq!(h["messages"].as_array().unwrap().len(), 1);

    // Token: signed for this channel and persona, 10 minutes.
    let tok = t
        .get_json(&format!(
            "/v1/chat/public/channel/{channel_id}/token?personaId={persona_id}"
        ))
        .await;
    let claims = t
        .server
        .state
        .tokens
        .verify(tok["token"].as_str().unwrap(), beckon_store::now_ms())
        .unwrap();
    assert_eq!(claims.channel_id, channel_id);
    assert_eq!(claims.persona_id, persona_id);
    assert_eq!(tok["expiresAt"], claims.expires_at);
    let ttl = claims.expires_at - beckon_store::now_ms();
    assert!(ttl > 9 * 60 * 1000 && ttl <= 10 * 60 * 1000, "{ttl}");

    // Ended: 410 with a JSON body on the channel and token calls …
    store
        .end_channel(&channel_id, beckon_store::now_ms(), None)
        .await
        .unwrap();
    // … but its own visitor may still read the history (the widget shows it read-only); another
    // persona may not (404, as for an open chat).
    let h = t
        .get_json(&format!(
            "/v1/chat/public/channel/{channel_id}/history?personaId={persona_id}"
        ))
        .await;
    assert_eq!(h["status"], "ended");
    assert_eq!(h["messages"].as_array().unwrap().len(), 2, "{h}");
    let r = t
        .http
        .get(t.api(&format!(
            "/v1/chat/public/channel/{channel_id}/history?personaId=someone-else"
        )))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
    for path in [
        format!("/v1/chat/public/channel/{channel_id}?personaId={persona_id}"),
        format!("/v1/chat/public/channel/{channel_id}/token?personaId={persona_id}"),
    ] {
        let r = t.http.get(t.api(&path)).send().await.unwrap();
        assert_eq!(r.status(), StatusCode::GONE, "{path}");
        let body: Value = r.json().await.unwrap();
        assert!(body["error"].as_str().unwrap().contains("ended"), "{body}");
    }
    t.stop().await;
}

#[tokio::test]
async fn unknown_channels_and_wrong_personas_are_404_json() {
    let t = spawn().await;
    let domain = seed_domain(t.store()).await;
    let created = create_chat(&t, &domain).await;
    let channel_id = created["channel"]["id"].as_str().unwrap();
    for path in [
        "/v1/chat/public/channel/nope?personaId=x".to_owned(),
        format!("/v1/chat/public/channel/{channel_id}?personaId=someone-else"),
        "/v1/chat/public/channel/nope/history?personaId=x".to_owned(),
        format!("/v1/chat/public/channel/{channel_id}/history?personaId=someone-else"),
        format!("/v1/chat/public/channel/{channel_id}/token?personaId=someone-else"),
        "/v1/chat/public/channels/available/nope".to_owned(),
    ] {
        let r = t.http.get(t.api(&path)).send().await.unwrap();
        assert_eq!(r.status(), StatusCode::NOT_FOUND, "{path}");
        assert!(r.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("application/json"));
        let body: Value = r.json().await.unwrap();
        assert!(body["error"].is_string(), "{path}: {body}");
    }
    // personaId is required where the spec sends it.
    let r = t
        .http
        .get(t.api(&format!("/v1/chat/public/channel/{channel_id}")))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::BAD_REQUEST);
    let body: Value = r.json().await.unwrap();
    assert!(body["error"].as_str().unwrap().contains("personaId"));
    // Unknown domain on create.
    let r = t
        .http
        .post(t.api("/v1/chat/public/channels/domain/nope"))
        .json(&persona())
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
    assert_eq!(
        r.json::<Value>().await.unwrap(),
        json!({"error": "unknown domain"})
    );
    t.stop().await;
}

#[tokio::test]
async fn an_invalid_persona_is_400_listing_the_fields() {
    let t = spawn().await;
    let domain = seed_domain(t.store()).await;
    let url = t.api(&format!("/v1/chat/public/channels/domain/{domain}"));
    let r = t
        .http
        .post(&url)
        .json(&json!({"name": "", "email": "not-an-address", "legalNoticeAccepted": "yes"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::BAD_REQUEST);
    let body: Value = r.json().await.unwrap();
    let error = body["error"].as_str().unwrap();
    assert!(error.starts_with("invalid persona"), "{error}");
    let fields = body["fields"].as_object().unwrap();
    assert_eq!(fields["name"], "is required");
    assert_eq!(fields["email"], "is not a valid e-mail address");
    assert!(fields.contains_key("legalNoticeAccepted"));
    // Not JSON at all.
    let r = t.http.post(&url).body("{oops").send().await.unwrap();
    assert_eq!(r.status(), StatusCode::BAD_REQUEST);
    assert!(r.json::<Value>().await.unwrap()["error"].is_string());
    // Nothing was stored.
    assert!(t
        .store()
        .list_channels(&domain, None, 10)
        .await
        .unwrap()
        .is_empty());
    t.stop().await;
}

#[tokio::test]
async fn availability_follows_agent_presence() {
    let t = spawn().await;
    let domain = seed_domain(t.store()).await;
    let get = |id: String| {
        let url = t.api(&format!("/v1/chat/public/channels/available/{id}"));
        let http = t.http.clone();
        async move {
            let r = http.get(url).send().await.unwrap();
            assert_eq!(r.status(), StatusCode::OK);
            r.json::<Value>().await.unwrap()
        }
    };
    // repliesByEmail: this server has no --smtp-url (the chat then promises no e-mail).
    assert_eq!(
        get(domain.clone()).await,
        json!({"agentAvailable": false, "repliesByEmail": false})
    );
    let presence = &t.server.state.presence;
    presence
        .agent_online(&domain, "agent-1", Duration::from_secs(30))
        .await;
    assert_eq!(
        get(domain.clone()).await,
        json!({"agentAvailable": true, "repliesByEmail": false})
    );
    // A channel id stands for its domain.
    let created = create_chat(&t, &domain).await;
    let channel = created["channel"]["id"].as_str().unwrap().to_owned();
    assert_eq!(
        get(channel).await,
        json!({"agentAvailable": true, "repliesByEmail": false})
    );
    presence.agent_offline(&domain, "agent-1").await;
    assert_eq!(
        get(domain).await,
        json!({"agentAvailable": false, "repliesByEmail": false})
    );
    t.stop().await;
}

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

/// A page URL is shown to agents as a link: only http(s) is taken (a `javascript:` URL would
/// run in the console when clicked).
#[tokio::test]
async fn a_page_url_that_is_not_http_is_refused() {
    let t = spawn().await;
    let domain = seed_domain(t.store()).await;
    let create = t.api(&format!("/v1/chat/public/channels/domain/{domain}"));
    for url in [
        "javascript:alert(document.cookie)",
        " JavaScript:alert(1)",
        "data:text/html,hi",
        "shop.example.com/pricing",
    ] {
        let mut p = persona();
        p["url"] = json!(url);
        let r = t.http.post(&create).json(&p).send().await.unwrap();
        assert_eq!(r.status(), StatusCode::BAD_REQUEST, "{url}");
        let body: Value = r.json().await.unwrap();
        assert_eq!(
            body["fields"]["url"], "must be the page's http:// or https:// URL",
            "{body}"
        );
    }
    assert!(t
        .store()
        .list_channels(&domain, None, 10)
        .await
        .unwrap()
        .is_empty());
    let r = t.http.post(&create).json(&persona()).send().await.unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    t.stop().await;
}

/// The visitor's persona id is its credential (crates/server/src/api/http/chat.rs): the channel id
/// alone shows nothing of the chat, not the visitor's persona id, messages or contact details.
#[tokio::test]
async fn the_channel_id_alone_reveals_nothing_the_persona_id_is_the_credential() {
    let t = spawn().await;
    let domain = seed_domain(t.store()).await;
    let created = create_chat(&t, &domain).await;
    let channel = created["channel"]["id"].as_str().unwrap();
    let persona_id = created["chatClientPersona"]["id"].as_str().unwrap();
    // Both ids are random UUIDs (122 random bits): not guessable, not counters.
    for id in [channel, persona_id] {
        let u = uuid::Uuid::parse_str(id).unwrap_or_else(|_| panic!("{id} is a UUID"));
        assert_eq!(u.get_version_num(), 4, "{id}");
    }
    t.store()
        .insert_message(NewMessage {
            channel_id: channel.into(),
            client_id: "c1".into(),
            sender_persona_id: persona_id.into(),
            text: "my order number is 1234".into(),
            attachments: json!([]),
        })
        .await
        .unwrap();

    // Knowing only the channel id (from a log, a console URL, a shoulder): no history, no
    // persona id, no e-mail, no token.
    for (path, status) in [
        (
            format!("/v1/chat/public/channel/{channel}/history"),
            StatusCode::BAD_REQUEST,
        ),
        (
            format!("/v1/chat/public/channel/{channel}/history?after=0"),
            StatusCode::BAD_REQUEST,
        ),
        (
            format!("/v1/chat/public/channel/{channel}/history?personaId="),
            StatusCode::BAD_REQUEST,
        ),
        (
            format!(
                "/v1/chat/public/channel/{channel}/history?personaId={}",
                uuid::Uuid::new_v4()
            ),
            StatusCode::NOT_FOUND,
        ),
        (
            format!("/v1/chat/public/channel/{channel}"),
            StatusCode::BAD_REQUEST,
        ),
        (
            format!("/v1/chat/public/channel/{channel}/token"),
            StatusCode::BAD_REQUEST,
        ),
    ] {
        let r = t.http.get(t.api(&path)).send().await.unwrap();
        assert_eq!(r.status(), status, "{path}");
        let text = r.text().await.unwrap();
        for secret in [persona_id, "ann@example.com", "my order number"] {
            assert!(!text.contains(secret), "{path} answered {text}");
        }
    }
    // The visitor itself, with its persona id, reads its history.
    let h = t
        .get_json(&format!(
            "/v1/chat/public/channel/{channel}/history?personaId={persona_id}"
        ))
        .await;
    assert_eq!(h["messages"][0]["text"], "my order number is 1234");
    t.stop().await;
}
