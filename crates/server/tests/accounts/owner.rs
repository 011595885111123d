//! The owner API: domains, config draft and publish, statistics, agents, isolation.

use beckon_store::{ItemStatsCount, ItemStatsKey, PersonaType, Role, StatsCount, StatsKey};
use reqwest::StatusCode;
use serde_json::{json, Value};

use super::*;

/// A valid config for `domain` with one WhatsApp button whose id is `button`.
fn config(domain: &Value, button: &str) -> Value {
    json!({
        "userId": "u1",
        "domains": [{"id": domain["id"], "name": domain["name"], "type": "PRO",
                     "properties": {"allowMultipleButtons": true}}],
        "buttons": [{"id": button, "active": true, "domainId": domain["id"], "type": "SINGLE",
                     "actions": ["wa"], "options": {"placement": "BOTTOM_RIGHT"}}],
        "actions": [{"id": "wa", "actionType": "WHATSAPP", "actionValue": "+31612345678",
                     "labelText": "WhatsApp us"}],
        "conditions": [],
        "options": {}
    })
}

#[tokio::test]
async fn domains_crud_and_the_draft_follows() {
    let t = spawn().await;
    org_with_owner(t.store(), "a").await;
    let b = login(&t, "owner@a.test", PASSWORD).await;

    let r = b
        .post(
            "/v1/owner/domains",
            json!({"name": "https://shop.example.com/", "type": "GOLD", "timezone": "Amsterdam",
                   "aliases": "shop.example.net"}),
        )
        .await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let v = body(r).await;
    assert_eq!(
        problem_paths(&v),
        ["name", "aliases", "type", "timezone"],
        "{v}"
    );

    let r = b
        .post(
            "/v1/owner/domains",
            json!({"name": "shop.example.com", "aliases": ["shop.example.net"],
                   "timezone": "Europe/Amsterdam", "properties": {"chat-legal-enabled": "true"}}),
        )
        .await;
    assert_eq!(r.status(), StatusCode::CREATED);
    let d = body(r).await;
    let id = d["id"].as_str().unwrap().to_owned();
    assert_eq!(d["type"], "FREE");
    assert_eq!(d["config"]["publishedVersion"], Value::Null);
    assert!(d["embed"]["snippet"]
        .as_str()
        .unwrap()
        .contains(&format!("/d/{id}.js")));
    // The console says when a publication reaches visitors: on the next page view by default.
    assert_eq!(d["embed"]["maxAgeSeconds"], 0);

    // A new domain has an empty, valid draft holding itself.
    let draft = body(b.get(&format!("/v1/owner/domains/{id}/config")).await).await;
    assert_eq!(draft["domains"][0]["id"], id.as_str());
    assert_eq!(draft["domains"][0]["timezone"], "Europe/Amsterdam");
    assert!(beckon_model::validate_value(&draft).is_ok());

    let r = b
        .put(
            &format!("/v1/owner/domains/{id}"),
            json!({"aliases": ["www.shop.example.com"], "type": "PRO"}),
        )
        .await;
    assert_eq!(r.status(), StatusCode::OK);
    let d2 = body(r).await;
    assert_eq!(d2["aliases"], json!(["www.shop.example.com"]));
    assert_eq!(d2["timezone"], "Europe/Amsterdam", "missing fields stay");
    let draft = body(b.get(&format!("/v1/owner/domains/{id}/config")).await).await;
    assert_eq!(
        draft["domains"][0]["aliases"],
        json!(["www.shop.example.com"])
    );
    assert_eq!(draft["domains"][0]["type"], "PRO");

    let list = body(b.get("/v1/owner/domains").await).await;
    assert_eq!(list["domains"].as_array().unwrap().len(), 1);
    assert_eq!(
        b.delete(&format!("/v1/owner/domains/{id}")).await.status(),
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        b.get(&format!("/v1/owner/domains/{id}")).await.status(),
        StatusCode::NOT_FOUND
    );
    t.stop().await;
}

#[tokio::test]
async fn a_config_with_many_problems_lists_every_one() {
    let t = spawn().await;
    org_with_owner(t.store(), "a").await;
    let b = login(&t, "owner@a.test", PASSWORD).await;
    let d = body(
        b.post("/v1/owner/domains", json!({"name": "shop.example.com"}))
            .await,
    )
    .await;
    let id = d["id"].as_str().unwrap();
    let mut c = config(&d, "b1");
    c.as_object_mut().unwrap().remove("userId");
    c["domains"][0]["timezone"] = json!("Amsterdam");
    c["domains"]
        .as_array_mut()
        .unwrap()
        .push(json!({"id": "elsewhere", "name": "x.example"}));
    c["buttons"][0]["type"] = json!("FULLBAR");
    c["buttons"][0]["actions"] = json!(["wa", "zz"]);
    c["actions"][0]["actionType"] = json!("PIGEON");

    let r = b.put(&format!("/v1/owner/domains/{id}/config"), c).await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let v = body(r).await;
    assert_eq!(
        problem_paths(&v),
        [
            "userId",
            "domains[0].timezone",
            "domains[1].id",
            "buttons[0].type",
            "buttons[0].actions[1]",
            "actions[0].actionType",
        ],
        "{v:#}"
    );
    assert!(v["error"].as_str().unwrap().contains("6 problem"));
    let foreign = &v["problems"][2]["message"];
    assert!(foreign.as_str().unwrap().contains(id), "{foreign}");

    // Not JSON at all: one problem saying where.
    let r = b
        .req(
            reqwest::Method::PUT,
            &format!("/v1/owner/domains/{id}/config"),
        )
        .body("{\"userId\": ")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let v = body(r).await;
    assert_eq!(problem_paths(&v), [""]);
    assert!(v["problems"][0]["message"]
        .as_str()
        .unwrap()
        .contains("line 1"));
    // Nothing was saved.
    let draft = body(b.get(&format!("/v1/owner/domains/{id}/config")).await).await;
    assert_eq!(draft["buttons"], json!([]));
    t.stop().await;
}

#[tokio::test]
async fn publishing_changes_the_hosted_embed() {
    let t = spawn().await;
    org_with_owner(t.store(), "a").await;
    let b = login(&t, "owner@a.test", PASSWORD).await;
    let d = body(
        b.post("/v1/owner/domains", json!({"name": "shop.example.com"}))
            .await,
    )
    .await;
    let id = d["id"].as_str().unwrap();
    let embed = format!("{}/d/{id}.js", t.url);
    assert_eq!(
        t.http.get(&embed).send().await.unwrap().status(),
        StatusCode::NOT_FOUND
    );

    let r = b
        .put(
            &format!("/v1/owner/domains/{id}/config"),
            config(&d, "first-button"),
        )
        .await;
    assert_eq!(r.status(), StatusCode::OK, "{}", r.text().await.unwrap());
    let r = b
        .post(&format!("/v1/owner/domains/{id}/publish"), json!({}))
        .await;
    assert_eq!(r.status(), StatusCode::OK);
    let p1 = body(r).await;
    assert_eq!(p1["version"], 1);
    let r = t.http.get(&embed).send().await.unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    let etag1 = r.headers()["etag"].to_str().unwrap().to_owned();
    let text = r.text().await.unwrap();
    assert!(text.contains("first-button") && text.contains("WhatsApp us"));

    // A saved draft changes nothing visitors see…
    let r = b
        .put(
            &format!("/v1/owner/domains/{id}/config"),
            config(&d, "second-button"),
        )
        .await;
    assert_eq!(r.status(), StatusCode::OK);
    let dom = body(b.get(&format!("/v1/owner/domains/{id}")).await).await;
    assert_eq!(dom["config"]["unpublishedChanges"], true);
    let r = t.http.get(&embed).send().await.unwrap();
    assert_eq!(r.headers()["etag"].to_str().unwrap(), etag1);
    // …until it is published.
    let p2 = body(
        b.post(&format!("/v1/owner/domains/{id}/publish"), json!({}))
            .await,
    )
    .await;
    assert_eq!(p2["version"], 2);
    assert_ne!(p2["etag"], p1["etag"]);
    let r = t
        .http
        .get(&embed)
        .header("if-none-match", &etag1)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK, "the old ETag no longer matches");
    let etag2 = r.headers()["etag"].to_str().unwrap().to_owned();
    assert_ne!(etag1, etag2);
    let text = r.text().await.unwrap();
    assert!(text.contains("second-button") && !text.contains("first-button"));
    let published = body(
        b.get(&format!("/v1/owner/domains/{id}/config/published"))
            .await,
    )
    .await;
    assert_eq!(published["buttons"][0]["id"], "second-button");
    let dom = body(b.get(&format!("/v1/owner/domains/{id}")).await).await;
    assert_eq!(dom["config"]["unpublishedChanges"], false);
    assert_eq!(dom["config"]["publishedVersion"], 2);
    t.stop().await;
}

#[tokio::test]
async fn the_config_domain_entry_is_written_back() {
    let t = spawn().await;
    org_with_owner(t.store(), "a").await;
    let b = login(&t, "owner@a.test", PASSWORD).await;
    let d = body(
        b.post("/v1/owner/domains", json!({"name": "shop.example.com"}))
            .await,
    )
    .await;
    let id = d["id"].as_str().unwrap();
    let mut c = config(&d, "b1");
    c["domains"][0]["aliases"] = json!(["shop.example.org"]);
    c["domains"][0]["timezone"] = json!("Asia/Tokyo");
    assert_eq!(
        b.put(&format!("/v1/owner/domains/{id}/config"), c)
            .await
            .status(),
        StatusCode::OK
    );
    let dom = body(b.get(&format!("/v1/owner/domains/{id}")).await).await;
    assert_eq!(dom["aliases"], json!(["shop.example.org"]));
    assert_eq!(dom["timezone"], "Asia/Tokyo");
    assert_eq!(dom["type"], "PRO");
    t.stop().await;
}

/// A domain is a host (docs/configuration.md, "Which domain a page belongs to"): a name or alias with a port
/// is refused with the reason, on create, on update and in a config, and nothing changes.
#[tokio::test]
async fn a_domain_name_with_a_port_is_refused() {
    let t = spawn().await;
    org_with_owner(t.store(), "a").await;
    let b = login(&t, "owner@a.test", PASSWORD).await;
    let r = b
        .post(
            "/v1/owner/domains",
            json!({"name": "shop.example.com:8443", "aliases": ["localhost:8080", "[::1]"]}),
        )
        .await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let v = body(r).await;
    assert_eq!(problem_paths(&v), ["name", "aliases[0]"], "{v}");
    assert!(v["problems"][0]["message"]
        .as_str()
        .unwrap()
        .contains("has a port"));
    let list = body(b.get("/v1/owner/domains").await).await;
    assert_eq!(list["domains"], json!([]), "nothing was created");

    let d = body(
        b.post(
            "/v1/owner/domains",
            json!({"name": "shop.example.com", "aliases": ["[::1]"]}),
        )
        .await,
    )
    .await;
    let id = d["id"].as_str().unwrap();
    let r = b
        .put(
            &format!("/v1/owner/domains/{id}"),
            json!({"name": "shop.example.com:443"}),
        )
        .await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let mut c = config(&d, "b1");
    c["domains"][0]["aliases"] = json!(["shop.example.org:8080"]);
    let r = b.put(&format!("/v1/owner/domains/{id}/config"), c).await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(problem_paths(&body(r).await), ["domains[0].aliases[0]"]);
    let dom = body(b.get(&format!("/v1/owner/domains/{id}")).await).await;
    assert_eq!(dom["name"], "shop.example.com");
    assert_eq!(dom["aliases"], json!(["[::1]"]));
    t.stop().await;
}

#[tokio::test]
async fn statistics_per_day_and_event() {
    let t = spawn().await;
    let owner = org_with_owner(t.store(), "a").await;
    let id = domain(t.store(), &owner.org_id, "shop.example.com").await;
    let count = |day: &str, ev: &str, n| StatsCount {
        key: StatsKey {
            domain_id: id.clone(),
            day: day.into(),
            event_name: ev.into(),
        },
        count: n,
    };
    t.store()
        .add_stats(&[
            count("2026-01-01", "pageview", 5),
            count("2026-01-01", "click", 2),
            count("2026-01-02", "pageview", 3),
            count("2026-02-01", "pageview", 100),
        ])
        .await
        .unwrap();
    let b = login(&t, "owner@a.test", PASSWORD).await;
    let v = body(
        b.get(&format!(
            "/v1/owner/domains/{id}/stats?from=2026-01-01&to=2026-01-31"
        ))
        .await,
    )
    .await;
    assert_eq!(
        v["counts"],
        json!([
            {"day": "2026-01-01", "event": "click", "count": 2},
            {"day": "2026-01-01", "event": "pageview", "count": 5},
            {"day": "2026-01-02", "event": "pageview", "count": 3},
        ])
    );
    assert_eq!(v["totals"], json!({"click": 2, "pageview": 8}));
    assert_eq!(v["items"], json!([]));
    let item = |day: &str, ev: &str, button: &str, action: &str, n| ItemStatsCount {
        key: ItemStatsKey {
            domain_id: id.clone(),
            day: day.into(),
            event_name: ev.into(),
            button_id: button.into(),
            action_id: action.into(),
        },
        count: n,
    };
    t.store()
        .add_item_stats(&[
            item("2026-01-03", "view", "b1", "", 4),
            item("2026-01-03", "click", "b1", "a1", 1),
            item("2026-03-01", "view", "b1", "", 50),
        ])
        .await
        .unwrap();
    let v = body(
        b.get(&format!(
            "/v1/owner/domains/{id}/stats?from=2026-01-01&to=2026-01-31"
        ))
        .await,
    )
    .await;
    assert_eq!(
        v["items"],
        json!([
            {"day": "2026-01-03", "event": "click", "buttonId": "b1", "actionId": "a1", "count": 1},
            {"day": "2026-01-03", "event": "view", "buttonId": "b1", "actionId": null, "count": 4},
        ])
    );
    let r = b
        .get(&format!(
            "/v1/owner/domains/{id}/stats?from=2026-02-01&to=2026-01-01"
        ))
        .await;
    assert_eq!(r.status(), StatusCode::BAD_REQUEST);
    let r = b
        .get(&format!("/v1/owner/domains/{id}/stats?from=January"))
        .await;
    assert_eq!(r.status(), StatusCode::BAD_REQUEST);
    let v = body(b.get(&format!("/v1/owner/domains/{id}/stats")).await).await;
    assert!(
        v["counts"].as_array().unwrap().is_empty(),
        "the last 30 days"
    );
    t.stop().await;
}

#[tokio::test]
async fn owners_manage_their_agents() {
    let t = spawn().await;
    let owner = org_with_owner(t.store(), "a").await;
    let b = login(&t, "owner@a.test", PASSWORD).await;

    let r = b
        .post(
            "/v1/owner/agents",
            json!({"email": "nope", "name": "", "password": "short", "role": "boss"}),
        )
        .await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(problem_paths(&body(r).await), ["role"]);
    let r = b
        .post(
            "/v1/owner/agents",
            json!({"email": "nope", "name": "", "password": "short"}),
        )
        .await;
    assert_eq!(problem_paths(&body(r).await), ["email", "name", "password"]);

    let r = b
        .post(
            "/v1/owner/agents",
            json!({"email": "Ann@A.test", "name": "Ann", "password": "ann's password"}),
        )
        .await;
    assert_eq!(r.status(), StatusCode::CREATED);
    let ann = body(r).await;
    assert_eq!(ann["email"], "ann@a.test");
    assert_eq!(ann["role"], "agent");
    let ann_id = ann["id"].as_str().unwrap().to_owned();
    let persona = t
        .store()
        .get_persona(ann["personaId"].as_str().unwrap())
        .await
        .unwrap();
    assert_eq!(persona.name, "Ann");
    assert_eq!(persona.persona_type, PersonaType::ChatAgentPersona);
    let r = b
        .post(
            "/v1/owner/agents",
            json!({"email": "ann@a.test", "name": "Ann 2", "password": "ann's password"}),
        )
        .await;
    assert_eq!(r.status(), StatusCode::CONFLICT);

    let list = body(b.get("/v1/owner/agents").await).await;
    let emails: Vec<&str> = list["agents"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["email"].as_str().unwrap())
        .collect();
    assert_eq!(emails, ["owner@a.test", "ann@a.test"]);
    // No --smtp-url: the list says nothing is mailed (the console says where it would help).
    assert_eq!(
        list["notifications"],
        json!({"email": false, "delaySeconds": 120})
    );

    // Reset: her session ends, the new password works.
    let ann_session = login(&t, "ann@a.test", "ann's password").await;
    let r = b
        .post(
            &format!("/v1/owner/agents/{ann_id}/password"),
            json!({"password": "a fresh password"}),
        )
        .await;
    assert_eq!(r.status(), StatusCode::NO_CONTENT);
    assert_eq!(
        ann_session.get("/v1/auth/me").await.status(),
        StatusCode::UNAUTHORIZED
    );
    let ann_session = login(&t, "ann@a.test", "a fresh password").await;

    assert_eq!(
        b.delete(&format!("/v1/owner/agents/{}", owner.id))
            .await
            .status(),
        StatusCode::CONFLICT,
        "not yourself"
    );
    assert_eq!(
        b.delete(&format!("/v1/owner/agents/{ann_id}"))
            .await
            .status(),
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        ann_session.get("/v1/auth/me").await.status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        login_raw(&t, "ann@a.test", "a fresh password")
            .await
            .status(),
        StatusCode::UNAUTHORIZED
    );
    t.stop().await;
}

#[tokio::test]
async fn organisations_are_isolated_and_agents_are_not_owners() {
    let t = spawn().await;
    let a = org_with_owner(t.store(), "a").await;
    let bo = org_with_owner(t.store(), "b").await;
    let b_domain = domain(t.store(), &bo.org_id, "b.example").await;
    let b_agent = user(t.store(), &bo.org_id, "agent@b.test", Role::Agent).await;
    let a_agent = user(t.store(), &a.org_id, "agent@a.test", Role::Agent).await;
    let owner_a = login(&t, "owner@a.test", PASSWORD).await;

    let list = body(owner_a.get("/v1/owner/domains").await).await;
    assert_eq!(list["domains"], json!([]));
    for path in [
        format!("/v1/owner/domains/{b_domain}"),
        format!("/v1/owner/domains/{b_domain}/config"),
        format!("/v1/owner/domains/{b_domain}/stats"),
    ] {
        let r = owner_a.get(&path).await;
        assert_eq!(r.status(), StatusCode::NOT_FOUND, "{path}");
    }
    let r = owner_a
        .put(
            &format!("/v1/owner/domains/{b_domain}"),
            json!({"name": "mine.example"}),
        )
        .await;
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
    let r = owner_a
        .post(&format!("/v1/owner/domains/{b_domain}/publish"), json!({}))
        .await;
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
    let r = owner_a
        .delete(&format!("/v1/owner/domains/{b_domain}"))
        .await;
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
    let r = owner_a
        .delete(&format!("/v1/owner/agents/{}", b_agent.id))
        .await;
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
    let r = owner_a
        .post(
            &format!("/v1/owner/agents/{}/password", b_agent.id),
            json!({"password": "taken over!"}),
        )
        .await;
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
    assert_eq!(
        t.store().get_domain(&b_domain).await.unwrap().name,
        "b.example"
    );
    login(&t, "agent@b.test", PASSWORD).await;

    // An agent may not use owner routes at all.
    let agent = login(&t, &a_agent.email, PASSWORD).await;
    for r in [
        agent.get("/v1/owner/domains").await,
        agent
            .post("/v1/owner/domains", json!({"name": "x.example"}))
            .await,
        agent.get("/v1/owner/agents").await,
    ] {
        assert_eq!(r.status(), StatusCode::FORBIDDEN);
        assert_eq!(body(r).await["error"], "this needs an owner account");
    }
    t.stop().await;
}
