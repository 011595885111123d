//! What agents see about a conversation's visitor: the browser, referrer and time zone from the
//! chat's start, each page the visitor's widget reports (told to agents at once), and that they
//! left. Addresses that are no web pages are refused.

use serde_json::{json, Value};

use crate::common::realtime::*;

#[tokio::test]
async fn agents_see_where_the_visitor_came_from_the_pages_they_see_and_when_they_leave() {
    let t = spawn().await;
    let (domain, mut agent) = shop_with_agent(&t).await;
    let (cookie, csrf) = login(&t, "agent@shop.test").await;
    let chrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
    let created: Value = t
        .http
        .post(t.api(&format!("/v1/chat/public/channels/domain/{domain}")))
        .header("user-agent", chrome)
        .json(&json!({
            "name": "Eve", "email": "eve@example.com", "url": "https://shop.example.com/chairs",
            "referrer": "https://search.example/?q=chairs", "timeZone": "Europe/Amsterdam"
        }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let channel = created["channel"]["id"].as_str().unwrap().to_owned();
    let persona = created["chatClientPersona"]["id"].as_str().unwrap();
    let token = token(&t, &channel, persona).await;
    let (mut visitor, _) = Ws::visitor(&t, &token, None).await;
    // Agents hear of the chat, and of its pages, from its first message on.
    visitor.say("v-1", "Do you have it in blue?").await;

    visitor
        .send(json!({"op": "page", "url": "https://shop.example.com/chairs/blue", "title": "Blue chair\n"}))
        .await;
    let seen = agent.recv_op("visitor-page").await;
    assert_eq!(seen["channelId"], channel.as_str());
    assert_eq!(seen["url"], "https://shop.example.com/chairs/blue");
    assert_eq!(seen["title"], "Blue chair");
    // The same page again is no news.
    visitor
        .send(json!({"op": "page", "url": "https://shop.example.com/chairs/blue"}))
        .await;
    // Not a web page: refused with the reason, the connection stays.
    visitor
        .send(json!({"op": "page", "url": "javascript:alert(document.cookie)"}))
        .await;
    let refused = visitor.recv_op("error").await;
    assert!(
        refused["error"].as_str().unwrap().contains("http(s)"),
        "{refused}"
    );

    let detail = |cookie: String, csrf: String| {
        let t = &t;
        let channel = channel.clone();
        async move {
            call_as(
                t,
                &(cookie, csrf),
                reqwest::Method::GET,
                &format!("/v1/agent/channels/{channel}"),
                None,
            )
            .await
            .1["visit"]
                .clone()
        }
    };
    let visit = detail(cookie.clone(), csrf.clone()).await;
    assert_eq!(visit["userAgent"], chrome);
    assert_eq!(visit["referrer"], "https://search.example/?q=chairs");
    assert_eq!(visit["timeZone"], "Europe/Amsterdam");
    assert_eq!(visit["leftAt"], Value::Null, "on the site now");
    let pages: Vec<&str> = visit["pages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["url"].as_str().unwrap())
        .collect();
    assert_eq!(
        pages,
        [
            "https://shop.example.com/chairs/blue",
            "https://shop.example.com/chairs"
        ],
        "the latest first, each once"
    );

    drop(visitor);
    let left = eventually("the visitor to have left", async || {
        let v = detail(cookie.clone(), csrf.clone()).await;
        if v["leftAt"].is_string() {
            Ok(v)
        } else {
            Err(v)
        }
    })
    .await;
    assert!(left["leftAt"].as_str().unwrap().ends_with('Z'));
}

#[tokio::test]
async fn an_agent_cannot_send_page_frames() {
    let t = spawn().await;
    let (_, mut agent) = shop_with_agent(&t).await;
    agent
        .send(json!({"op": "page", "url": "https://shop.example.com/"}))
        .await;
    let e = agent.recv_op("error").await;
    assert!(e["error"].as_str().unwrap().contains("visitor"), "{e}");
}
