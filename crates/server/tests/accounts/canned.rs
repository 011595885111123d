//! Canned replies: owners manage them (`/api/v1/owner/canned-replies`), agents read them
//! (`/api/v1/agent/canned-replies`) and edit them only once an owner allows it; shortcuts are
//! checked (400) and unique per organisation (409); another organisation gets 404.

use beckon_store::Role;
use reqwest::StatusCode;
use serde_json::{json, Value};

use super::*;

const LIST: &str = "/v1/owner/canned-replies";

fn one(id: &str) -> String {
    format!("{LIST}/{id}")
}

async fn status_and_body(r: Response) -> (StatusCode, Value) {
    let status = r.status();
    let text = r.text().await.unwrap();
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

#[tokio::test]
async fn owners_manage_canned_replies_with_checked_unique_shortcuts() {
    let t = spawn().await;
    let owner = org_with_owner(t.store(), "a").await;
    let o = login(&t, &owner.email, PASSWORD).await;

    let (status, added) = status_and_body(
        o.post(
            LIST,
            json!({"shortcut": "thanks", "text": "  Thank you, {visitor.name}!  "}),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{added}");
    assert_eq!(added["shortcut"], "thanks");
    assert_eq!(added["text"], "Thank you, {visitor.name}!", "trimmed");
    let id = added["id"].as_str().unwrap().to_owned();
    o.post(LIST, json!({"shortcut": "hours", "text": "9 to 5"}))
        .await;
    let list = body(o.get(LIST).await).await;
    let shortcuts: Vec<&str> = list["replies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["shortcut"].as_str().unwrap())
        .collect();
    assert_eq!(shortcuts, ["hours", "thanks"], "by shortcut");
    assert_eq!(
        (list["agentsMayEdit"].as_bool(), list["canEdit"].as_bool()),
        (Some(false), Some(true))
    );

    // Bad shortcuts and texts: 400, naming the field and saying why.
    for (shortcut, why) in [
        (json!("Thänks"), "a-z, 0-9, - and _"),
        (json!("with space"), "a-z, 0-9, - and _"),
        (json!("x".repeat(33)), "at most 32"),
        (json!("/thanks"), "a-z, 0-9, - and _"),
        (json!(""), "is required"),
        (json!(7), "is required"),
    ] {
        let (status, b) = status_and_body(
            o.post(LIST, json!({"shortcut": shortcut, "text": "hi"}))
                .await,
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{shortcut}: {b}");
        let error = b["error"].as_str().unwrap();
        assert!(
            error.contains("shortcut") && error.contains(why),
            "{shortcut}: {error}"
        );
        assert_eq!(b["problems"][0]["path"], "shortcut");
    }
    assert_eq!(
        o.post(LIST, json!({"shortcut": "a-b_9", "text": "ok"}))
            .await
            .status(),
        StatusCode::CREATED
    );
    let (status, b) = status_and_body(
        o.post(LIST, json!({"shortcut": "empty", "text": "  "}))
            .await,
    )
    .await;
    assert_eq!(
        (status, b["problems"][0]["path"].as_str()),
        (StatusCode::BAD_REQUEST, Some("text"))
    );
    let (status, _) = status_and_body(
        o.post(LIST, json!({"shortcut": "long", "text": "x".repeat(4001)}))
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, b) = status_and_body(
        o.post(LIST, json!({"shortcut": "nul", "text": "a\u{0}b"}))
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{b}");

    // Capitals are taken in lower case (the reply box matches what is typed the same way).
    let (status, b) = status_and_body(
        o.post(LIST, json!({"shortcut": "Opening-Hours", "text": "9 to 5"}))
            .await,
    )
    .await;
    assert_eq!(
        (status, b["shortcut"].as_str()),
        (StatusCode::CREATED, Some("opening-hours")),
        "{b}"
    );
    let (status, b) = status_and_body(
        o.post(LIST, json!({"shortcut": "HOURS", "text": "again"}))
            .await,
    )
    .await;
    assert_eq!(
        status,
        StatusCode::CONFLICT,
        "the same shortcut as /hours: {b}"
    );

    // Taken: 409 with the shortcut, on add and on change.
    let (status, b) = status_and_body(
        o.post(LIST, json!({"shortcut": "hours", "text": "again"}))
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(
        b["error"].as_str().unwrap().contains("/hours is taken"),
        "{b}"
    );
    let (status, _) = status_and_body(
        o.put(&one(&id), json!({"shortcut": "hours", "text": "x"}))
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);

    // Changed, then removed.
    let (status, changed) = status_and_body(
        o.put(
            &one(&id),
            json!({"shortcut": "thank-you", "text": "Thanks, {visitor.name}."}),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{changed}");
    assert_eq!(
        (changed["id"].as_str(), changed["shortcut"].as_str()),
        (Some(id.as_str()), Some("thank-you"))
    );
    assert_eq!(o.delete(&one(&id)).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(o.delete(&one(&id)).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(
        o.put(&one(&id), json!({"shortcut": "x", "text": "x"}))
            .await
            .status(),
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn agents_read_canned_replies_and_edit_them_only_when_an_owner_allows() {
    let t = spawn().await;
    let owner = org_with_owner(t.store(), "a").await;
    user(t.store(), &owner.org_id, "agent@a.test", Role::Agent).await;
    let o = login(&t, &owner.email, PASSWORD).await;
    let a = login(&t, "agent@a.test", PASSWORD).await;
    let added = body(
        o.post(LIST, json!({"shortcut": "hello", "text": "Hello!"}))
            .await,
    )
    .await;
    let id = added["id"].as_str().unwrap().to_owned();

    // Agents read them for the reply box …
    let list = body(a.get("/v1/agent/canned-replies").await).await;
    assert_eq!(list["replies"][0]["text"], "Hello!");
    assert_eq!(list["canEdit"], false);
    // … and may not edit them by default.
    for r in [
        a.get(LIST).await,
        a.post(LIST, json!({"shortcut": "mine", "text": "x"})).await,
        a.put(&one(&id), json!({"shortcut": "hello", "text": "changed"}))
            .await,
        a.delete(&one(&id)).await,
    ] {
        let (status, b) = status_and_body(r).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{b}");
        assert!(
            b["error"]
                .as_str()
                .unwrap()
                .contains("Agents may edit canned replies"),
            "{b}"
        );
    }
    // Only an owner says who may edit.
    assert_eq!(
        a.put(
            "/v1/owner/canned-reply-settings",
            json!({"agentsMayEdit": true})
        )
        .await
        .status(),
        StatusCode::FORBIDDEN
    );
    let r = o
        .put(
            "/v1/owner/canned-reply-settings",
            json!({"agentsMayEdit": true}),
        )
        .await;
    assert_eq!(body(r).await["agentsMayEdit"], true);
    let list = body(a.get("/v1/agent/canned-replies").await).await;
    assert_eq!(
        (list["agentsMayEdit"].as_bool(), list["canEdit"].as_bool()),
        (Some(true), Some(true))
    );
    assert_eq!(
        a.post(LIST, json!({"shortcut": "mine", "text": "x"}))
            .await
            .status(),
        StatusCode::CREATED
    );
    assert_eq!(
        a.put(&one(&id), json!({"shortcut": "hello", "text": "changed"}))
            .await
            .status(),
        StatusCode::OK
    );
    assert_eq!(a.delete(&one(&id)).await.status(), StatusCode::NO_CONTENT);
    // Taken back: forbidden again.
    o.put(
        "/v1/owner/canned-reply-settings",
        json!({"agentsMayEdit": false}),
    )
    .await;
    assert_eq!(
        a.post(LIST, json!({"shortcut": "more", "text": "x"}))
            .await
            .status(),
        StatusCode::FORBIDDEN
    );
    // A write without the CSRF token is refused.
    let r = t
        .http
        .post(t.api(LIST))
        .header("cookie", format!("beckon_session={}", o.cookie))
        .json(&json!({"shortcut": "csrf", "text": "x"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn another_organisation_cannot_see_or_touch_canned_replies() {
    let t = spawn().await;
    let a_owner = org_with_owner(t.store(), "a").await;
    let b_owner = org_with_owner(t.store(), "b").await;
    let a = login(&t, &a_owner.email, PASSWORD).await;
    let b = login(&t, &b_owner.email, PASSWORD).await;
    let added = body(
        a.post(LIST, json!({"shortcut": "secret", "text": "A's own"}))
            .await,
    )
    .await;
    let id = added["id"].as_str().unwrap().to_owned();

    let theirs = body(b.get(LIST).await).await;
    assert_eq!(theirs["replies"], json!([]));
    assert_eq!(
        body(b.get("/v1/agent/canned-replies").await).await["replies"],
        json!([])
    );
    assert_eq!(
        b.put(
            &one(&id),
            json!({"shortcut": "secret", "text": "B was here"})
        )
        .await
        .status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(b.delete(&one(&id)).await.status(), StatusCode::NOT_FOUND);
    // The same shortcut is B's to use.
    assert_eq!(
        b.post(LIST, json!({"shortcut": "secret", "text": "B's own"}))
            .await
            .status(),
        StatusCode::CREATED
    );
    let mine = body(a.get(LIST).await).await;
    assert_eq!(mine["replies"][0]["text"], "A's own");
    // Not logged in.
    assert_eq!(
        t.http
            .get(t.api("/v1/agent/canned-replies"))
            .send()
            .await
            .unwrap()
            .status(),
        StatusCode::UNAUTHORIZED
    );
}
