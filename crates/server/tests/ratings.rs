//! Satisfaction: the visitor rates their chat (`POST /api/v1/chat/public/channel/{id}/rating`),
//! the agent's detail of the chat carries the rating, and the owner's statistics count ratings
//! per domain and per agent for the period.

use crate::common::realtime as realtime_support;

use realtime_support::*;
use reqwest::Method;
use serde_json::{json, Value};

/// Posts a rating as the visitor `persona` (with an Origin when given): status and body.
async fn rate(t: &T, channel: &str, persona: &str, body: Value) -> (u16, Value) {
    rate_raw(
        t,
        channel,
        &format!("?personaId={persona}"),
        &body.to_string(),
        None,
    )
    .await
}

async fn rate_raw(
    t: &T,
    channel: &str,
    query: &str,
    body: &str,
    origin: Option<&str>,
) -> (u16, Value) {
    let mut req = t
        .http
        .post(t.api(&format!("/v1/chat/public/channel/{channel}/rating{query}")))
        .header("content-type", "application/json")
        .body(body.to_owned());
    if let Some(o) = origin {
        req = req.header("origin", o);
    }
    let r = req.send().await.unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

/// The paths `problems` names.
fn problem_paths(body: &Value) -> Vec<String> {
    body["problems"]
        .as_array()
        .map(|ps| {
            ps.iter()
                .map(|p| p["path"].as_str().unwrap_or("").to_owned())
                .collect()
        })
        .unwrap_or_default()
}

/// The next `channel-update` `rated` for the chat, skipping other updates.
async fn rated(agent: &mut Ws, channel: &str) {
    loop {
        let f = agent.recv_op("channel-update").await;
        if f["update"] == "rated" && f["channelId"] == channel {
            return;
        }
    }
}

#[tokio::test]
async fn a_visitor_rates_their_chat_and_bad_ratings_are_refused() {
    let t = spawn().await;
    let (domain, org) = seed(t.store()).await;
    add_agent(t.store(), &org, "agent@shop.test", "Ada").await;
    let ada = login(&t, "agent@shop.test").await;
    let (mut agent, _) = Ws::agent(&t, &ada.0).await;
    let (channel, persona, _) = new_chat(&t, &domain, "Ann").await;
    let (other_channel, other_persona, _) = new_chat(&t, &domain, "Bea").await;
    greet(&t, &channel, &persona).await;
    greet(&t, &other_channel, &other_persona).await;

    // Open: rated at once, and the agents hear of it.
    let (status, body) = rate(
        &t,
        &channel,
        &persona,
        json!({"score": 4, "comment": "  Helpful!  "}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (body["score"].clone(), body["comment"].clone()),
        (json!(4), json!("Helpful!"))
    );
    assert!(
        body["createdAt"].as_str().is_some_and(|t| t.ends_with('Z')),
        "{body}"
    );
    rated(&mut agent, &channel).await;

    // Bad scores and comments: 422 naming each problem; nothing changes.
    let long = "x".repeat(1001);
    for (bad, paths) in [
        (json!({}), vec!["score"]),
        (json!({"score": 0}), vec!["score"]),
        (json!({"score": 6}), vec!["score"]),
        (json!({"score": 4.5}), vec!["score"]),
        (json!({"score": "4"}), vec!["score"]),
        (json!({"score": 3, "comment": 12}), vec!["comment"]),
        (json!({"score": 3, "comment": long}), vec!["comment"]),
        (
            json!({"score": null, "comment": long}),
            vec!["score", "comment"],
        ),
    ] {
        let (status, body) = rate(&t, &channel, &persona, bad.clone()).await;
        assert_eq!(status, 422, "{bad}: {body}");
        assert_eq!(problem_paths(&body), paths, "{bad}: {body}");
    }
    let (status, _) = rate(
        &t,
        &channel,
        &persona,
        json!({"score": 3, "comment": "y".repeat(1000)}),
    )
    .await;
    assert_eq!(status, 200, "1000 characters are allowed");
    rate(
        &t,
        &channel,
        &persona,
        json!({"score": 4, "comment": "Helpful!"}),
    )
    .await;

    // U+0000, a body that is not JSON, no personaId: 400.
    let (status, body) = rate(
        &t,
        &channel,
        &persona,
        json!({"score": 2, "comment": "a\u{0}b"}),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    let error = body["error"].as_str().unwrap();
    assert!(
        error.contains("U+0000") && error.contains("comment"),
        "{error}"
    );
    let (status, _) = rate_raw(
        &t,
        &channel,
        &format!("?personaId={persona}"),
        "score=4",
        None,
    )
    .await;
    assert_eq!(status, 400);
    let (status, _) = rate_raw(&t, &channel, "", r#"{"score": 4}"#, None).await;
    assert_eq!(status, 400);

    // Another visitor's persona, an unknown chat: 404, and nothing is kept.
    let (status, _) = rate(&t, &channel, &other_persona, json!({"score": 1})).await;
    assert_eq!(status, 404);
    let (status, _) = rate(&t, &other_channel, &persona, json!({"score": 1})).await;
    assert_eq!(status, 404);
    let (status, _) = rate(&t, "nope", &persona, json!({"score": 1})).await;
    assert_eq!(status, 404);
    assert_eq!(
        t.store().channel_rating(&other_channel).await.unwrap(),
        None
    );
    // From a page of another site: 403 (the chat's own site may).
    let (status, _) = rate_raw(
        &t,
        &channel,
        &format!("?personaId={persona}"),
        r#"{"score": 1}"#,
        Some("https://evil.example"),
    )
    .await;
    assert_eq!(status, 403);
    let (status, _) = rate_raw(
        &t,
        &channel,
        &format!("?personaId={persona}"),
        r#"{"score": 4, "comment": "Helpful!"}"#,
        Some("https://shop.example.com"),
    )
    .await;
    assert_eq!(status, 200);

    // The agent's detail of the chat carries the rating; the other chat has none.
    let (status, detail) = call_as(
        &t,
        &ada,
        Method::GET,
        &format!("/v1/agent/channels/{channel}"),
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(detail["rating"]["score"], 4);
    assert_eq!(detail["rating"]["comment"], "Helpful!");
    let (_, detail) = call_as(
        &t,
        &ada,
        Method::GET,
        &format!("/v1/agent/channels/{other_channel}"),
        None,
    )
    .await;
    assert_eq!(detail["rating"], Value::Null);

    // Ended, by the agent: the visitor may still rate it; a later rating replaces the first.
    let (status, _) = call_as(
        &t,
        &ada,
        Method::POST,
        &format!("/v1/agent/channels/{channel}/end"),
        None,
    )
    .await;
    assert_eq!(status, 200);
    let (status, body) = rate(&t, &channel, &persona, json!({"score": 5, "comment": null})).await;
    assert_eq!(status, 200, "{body}");
    rated(&mut agent, &channel).await;
    let (_, detail) = call_as(
        &t,
        &ada,
        Method::GET,
        &format!("/v1/agent/channels/{channel}"),
        None,
    )
    .await;
    assert_eq!(
        (
            detail["rating"]["score"].clone(),
            detail["rating"]["comment"].clone()
        ),
        (json!(5), Value::Null)
    );
    t.stop().await;
}

#[tokio::test]
async fn the_owners_statistics_count_ratings_per_domain_and_agent() {
    let t = spawn().await;
    let (domain, org) = seed(t.store()).await;
    add_agent(t.store(), &org, "ada@shop.test", "Ada").await;
    add_agent(t.store(), &org, "bob@shop.test", "Bob").await;
    add_owner(t.store(), &org, "owner@shop.test", "Olive").await;
    let ada = login(&t, "ada@shop.test").await;
    let bob = login(&t, "bob@shop.test").await;
    let owner = login(&t, "owner@shop.test").await;

    // Ada answers two chats, Bob one; nobody answers the fourth. Ratings: Ada 5 and 2, Bob 4,
    // nobody 1.
    let mut chats = Vec::new();
    for (i, (who, score)) in [(Some(&ada), 5), (Some(&ada), 2), (Some(&bob), 4), (None, 1)]
        .into_iter()
        .enumerate()
    {
        let (channel, persona, _) = new_chat(&t, &domain, &format!("Visitor {i}")).await;
        greet(&t, &channel, &persona).await;
        if let Some(login) = who {
            let (status, _) = call_as(
                &t,
                login,
                Method::POST,
                &format!("/v1/agent/channels/{channel}/messages"),
                Some(json!({"clientId": "hello", "text": "Hello, how can I help?"})),
            )
            .await;
            assert_eq!(status, 201);
        }
        let (status, body) = rate(&t, &channel, &persona, json!({"score": score})).await;
        assert_eq!(status, 200, "{body}");
        chats.push(channel);
    }

    let (status, stats) = call_as(
        &t,
        &owner,
        Method::GET,
        &format!("/v1/owner/domains/{domain}/stats"),
        None,
    )
    .await;
    assert_eq!(status, 200, "{stats}");
    let r = &stats["ratings"];
    assert_eq!(
        (r["count"].clone(), r["average"].clone()),
        (json!(4), json!(3.0)),
        "{r}"
    );
    let agents: Vec<(Value, Value, Value)> = r["agents"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| (a["name"].clone(), a["count"].clone(), a["average"].clone()))
        .collect();
    assert_eq!(
        agents,
        vec![
            (json!("Ada"), json!(2), json!(3.5)),
            (json!("Bob"), json!(1), json!(4.0)),
            (Value::Null, json!(1), json!(1.0)),
        ]
    );
    // Another period: none.
    let (_, old) = call_as(
        &t,
        &owner,
        Method::GET,
        &format!("/v1/owner/domains/{domain}/stats?from=2020-01-01&to=2020-01-31"),
        None,
    )
    .await;
    assert_eq!(
        old["ratings"],
        json!({"count": 0, "average": null, "agents": []})
    );
    // Agents do not read the statistics.
    let (status, _) = call_as(
        &t,
        &ada,
        Method::GET,
        &format!("/v1/owner/domains/{domain}/stats"),
        None,
    )
    .await;
    assert_eq!(status, 403);
    t.stop().await;
}
