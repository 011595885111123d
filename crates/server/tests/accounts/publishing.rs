//! Safe publishing (every version kept with who and when; view one; restore one as the draft)
//! and the installation check (which pages loaded the embed), over HTTP.

use reqwest::StatusCode;
use serde_json::{json, Value};

use super::*;
use crate::common::eventually;

fn config(domain: &Value, label: &str) -> Value {
    json!({
        "userId": "u1",
        "domains": [{"id": domain["id"], "name": domain["name"], "aliases": domain["aliases"], "type": "PRO",
                     "properties": {"allowMultipleButtons": true}}],
        "buttons": [{"id": "b1", "active": true, "domainId": domain["id"], "type": "SINGLE",
                     "actions": ["wa"], "options": {"placement": "BOTTOM_RIGHT"}}],
        "actions": [{"id": "wa", "actionType": "WHATSAPP", "actionValue": "+31612345678",
                     "labelText": label}],
        "conditions": [],
        "options": {}
    })
}

async fn save_and_publish(b: &Browser, d: &Value, label: &str) -> Value {
    let id = d["id"].as_str().unwrap();
    let r = b
        .put(&format!("/v1/owner/domains/{id}/config"), config(d, label))
        .await;
    assert_eq!(r.status(), StatusCode::OK, "{}", r.text().await.unwrap());
    let r = b
        .post(&format!("/v1/owner/domains/{id}/publish"), json!({}))
        .await;
    assert_eq!(r.status(), StatusCode::OK);
    body(r).await
}

#[tokio::test]
async fn every_publication_is_kept_and_any_can_be_restored() {
    let t = spawn().await;
    org_with_owner(t.store(), "a").await;
    let b = login(&t, "owner@a.test", PASSWORD).await;
    let d = body(
        b.post("/v1/owner/domains", json!({"name": "shop.example.com"}))
            .await,
    )
    .await;
    let id = d["id"].as_str().unwrap();
    let history = format!("/v1/owner/domains/{id}/versions");

    let empty = body(b.get(&history).await).await;
    assert_eq!(empty, json!({"versions": []}));

    let p1 = save_and_publish(&b, &d, "First label").await;
    save_and_publish(&b, &d, "Second label").await;
    let p3 = save_and_publish(&b, &d, "Third label").await;

    let list = body(b.get(&history).await).await;
    let versions = list["versions"].as_array().unwrap();
    assert_eq!(
        versions
            .iter()
            .map(|v| v["version"].as_i64().unwrap())
            .collect::<Vec<_>>(),
        [3, 2, 1]
    );
    assert_eq!(versions[0]["current"], true);
    assert_eq!(versions[1]["current"], false);
    assert_eq!(versions[0]["publishedAt"], p3["publishedAt"]);
    assert_eq!(versions[2]["etag"], p1["etag"]);
    assert_eq!(
        versions[0]["publishedBy"],
        json!({"id": b.user_id(), "name": "owner"})
    );
    let one = body(b.get(&format!("{history}?limit=1")).await).await;
    assert_eq!(one["versions"].as_array().unwrap().len(), 1);
    for bad in ["0", "1001", "x"] {
        let r = b.get(&format!("{history}?limit={bad}")).await;
        assert_eq!(r.status(), StatusCode::BAD_REQUEST, "limit={bad}");
    }

    // One version with its config, for the preview.
    let v1 = body(b.get(&format!("{history}/1")).await).await;
    assert_eq!(v1["version"], 1);
    assert_eq!(v1["current"], false);
    assert_eq!(v1["config"]["actions"][0]["labelText"], "First label");
    for missing in ["4", "0", "abc"] {
        let r = b.get(&format!("{history}/{missing}")).await;
        assert_eq!(r.status(), StatusCode::NOT_FOUND, "version {missing}");
    }

    // Restoring makes it the draft; the embed keeps serving version 3 until a publication.
    let r = b.post(&format!("{history}/1/restore"), json!({})).await;
    assert_eq!(r.status(), StatusCode::OK);
    let restored = body(r).await;
    assert_eq!(restored["restoredFrom"], 1);
    assert_eq!(restored["config"]["actions"][0]["labelText"], "First label");
    let draft = body(b.get(&format!("/v1/owner/domains/{id}/config")).await).await;
    assert_eq!(draft["actions"][0]["labelText"], "First label");
    let dom = body(b.get(&format!("/v1/owner/domains/{id}")).await).await;
    assert_eq!(dom["config"]["unpublishedChanges"], true);
    let embed = t
        .http
        .get(format!("{}/d/{id}.js", t.url))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(embed.contains("Third label"));
    let r = b.post(&format!("{history}/9/restore"), json!({})).await;
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
    // Restores need the CSRF header like every write.
    let r = b
        .http
        .post(t.api(&format!("{history}/1/restore")))
        .header("cookie", format!("beckon_session={}", b.cookie))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::FORBIDDEN);

    // A restored version is bound to the domain as it is now.
    let r = b
        .put(
            &format!("/v1/owner/domains/{id}"),
            json!({"name": "shop.example.org"}),
        )
        .await;
    assert_eq!(r.status(), StatusCode::OK);
    let restored = body(b.post(&format!("{history}/2/restore"), json!({})).await).await;
    assert_eq!(restored["config"]["domains"][0]["name"], "shop.example.org");
    assert_eq!(
        restored["config"]["actions"][0]["labelText"],
        "Second label"
    );

    // Another organisation's owner sees none of it.
    org_with_owner(t.store(), "b").await;
    let other = login(&t, "owner@b.test", PASSWORD).await;
    for path in [
        history.clone(),
        format!("{history}/1"),
        format!("/v1/owner/domains/{id}/installation"),
    ] {
        assert_eq!(
            other.get(&path).await.status(),
            StatusCode::NOT_FOUND,
            "{path}"
        );
    }
    let r = other.post(&format!("{history}/1/restore"), json!({})).await;
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
    t.stop().await;
}

/// Polls the installation check until `done` holds (the sightings are written with the
/// statistics, about once a second).
async fn installation_until(b: &Browser, id: &str, done: impl Fn(&Value) -> bool) -> Value {
    eventually("the installation check", async || {
        let i = body(b.get(&format!("/v1/owner/domains/{id}/installation")).await).await;
        if done(&i) {
            Ok(i)
        } else {
            Err(i)
        }
    })
    .await
}

#[tokio::test]
async fn pages_that_load_the_embed_are_seen_and_unknown_hosts_flagged() {
    let t = spawn().await;
    org_with_owner(t.store(), "a").await;
    let b = login(&t, "owner@a.test", PASSWORD).await;
    let d = body(
        b.post(
            "/v1/owner/domains",
            json!({"name": "shop.example.com", "aliases": ["shop.example.net"]}),
        )
        .await,
    )
    .await;
    let id = d["id"].as_str().unwrap().to_owned();
    save_and_publish(&b, &d, "Hi").await;

    let i = body(b.get(&format!("/v1/owner/domains/{id}/installation")).await).await;
    assert_eq!(i["installed"], Value::Null);
    assert_eq!(i["unknownHosts"], json!([]));
    assert_eq!(i["embedUrl"], format!("{}/d/{id}.js", t.url));

    // A request without a page (curl, a preload) says nothing.
    t.http
        .get(format!("{}/d/{id}.js", t.url))
        .send()
        .await
        .unwrap();
    // A page of the domain loads the embed (a <script>: the Referer names the page).
    let r = t
        .http
        .get(format!("{}/d/{id}.js", t.url))
        .header("referer", "https://www.shop.example.com/contact#form")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    let i = installation_until(&b, &id, |i| !i["installed"].is_null()).await;
    assert_eq!(i["installed"]["host"], "www.shop.example.com");
    assert_eq!(
        i["installed"]["url"],
        "https://www.shop.example.com/contact"
    );
    assert!(i["installed"]["seenAt"].as_str().unwrap().ends_with('Z'));
    assert_eq!(i["unknownHosts"], json!([]));

    // A typo'd host loads it, and sends statistics (a fetch: its Origin names the page).
    t.http
        .get(format!("{}/d/{id}.js", t.url))
        .header("referer", "https://shop.exmaple.com/")
        .send()
        .await
        .unwrap();
    let i = installation_until(&b, &id, |i| {
        !i["unknownHosts"].as_array().unwrap().is_empty()
    })
    .await;
    assert_eq!(i["unknownHosts"][0]["host"], "shop.exmaple.com");
    assert_eq!(
        i["installed"]["host"], "www.shop.example.com",
        "still installed"
    );
    let r = t
        .http
        .post(t.api("/v1/stats"))
        .header("origin", "http://shop.example.net:8080")
        .json(&json!({"type": "event", "payload": {"website": "beckon", "event_name": id, "url": ""}}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::NO_CONTENT);
    let i = installation_until(&b, &id, |i| i["installed"]["host"] == "shop.example.net").await;
    assert_eq!(i["installed"]["url"], "http://shop.example.net:8080/");

    // Fixing the domain's name to the typo'd host turns its warning into the installation.
    let r = b
        .put(
            &format!("/v1/owner/domains/{id}"),
            json!({"name": "shop.exmaple.com", "aliases": []}),
        )
        .await;
    assert_eq!(r.status(), StatusCode::OK);
    let i = body(b.get(&format!("/v1/owner/domains/{id}/installation")).await).await;
    assert_eq!(i["installed"]["host"], "shop.exmaple.com");
    let unknown: Vec<&str> = i["unknownHosts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["host"].as_str().unwrap())
        .collect();
    assert_eq!(unknown, ["shop.example.net", "www.shop.example.com"]);
    t.stop().await;
}
