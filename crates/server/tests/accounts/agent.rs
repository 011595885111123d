//! The agent API: inbox, unread counts, replies, assignment, end, presence, isolation.

use beckon_store::{ChannelStatus, NewMessage, Role};
use reqwest::StatusCode;
use serde_json::{json, Value};

use super::*;

/// A visitor starts a chat through the public API; (channel id, visitor persona id).
async fn visitor_chat(t: &TestServer, domain: &str, name: &str, email: &str) -> (String, String) {
    returning_visitor_chat(t, domain, name, email, None).await
}

/// A new chat from a browser that kept the visitor persona of its ended chat (`previous`).
async fn returning_visitor_chat(
    t: &TestServer,
    domain: &str,
    name: &str,
    email: &str,
    previous: Option<&str>,
) -> (String, String) {
    let r = t
        .http
        .post(t.api(&format!("/v1/chat/public/channels/domain/{domain}")))
        .json(
            &json!({"name": name, "email": email, "url": "https://shop.example.com/pricing",
                      "legalNoticeAccepted": 1767225600000u64, "personaId": previous}),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    let v = body(r).await;
    (
        v["channel"]["id"].as_str().unwrap().to_owned(),
        v["chatClientPersona"]["id"].as_str().unwrap().to_owned(),
    )
}

/// The history as the visitor's widget reads it.
async fn visitor_history(t: &TestServer, channel: &str, persona: &str) -> Value {
    let path = format!("/v1/chat/public/channel/{channel}/history?personaId={persona}");
    body(t.http.get(t.api(&path)).send().await.unwrap()).await
}

async fn visitor_says(t: &TestServer, channel: &str, persona: &str, client: &str, text: &str) {
    t.store()
        .insert_message(NewMessage {
            channel_id: channel.into(),
            client_id: client.into(),
            sender_persona_id: persona.into(),
            text: text.into(),
            attachments: json!([]),
        })
        .await
        .unwrap();
}

/// An organisation with the domain `shop.example.com`, its owner and an agent logged in:
/// (owner, domain id, agent, the agent's browser).
async fn agent_of_a_shop(t: &TestServer) -> (User, String, User, Browser) {
    let owner = org_with_owner(t.store(), "a").await;
    let d = domain(t.store(), &owner.org_id, "shop.example.com").await;
    let agent = user(t.store(), &owner.org_id, "agent@a.test", Role::Agent).await;
    let b = login(t, &agent.email, PASSWORD).await;
    (owner, d, agent, b)
}

async fn list(b: &Browser, query: &str) -> Value {
    let r = b.get(&format!("/v1/agent/channels{query}")).await;
    assert_eq!(r.status(), StatusCode::OK);
    body(r).await
}

fn ids(v: &Value) -> Vec<String> {
    v["channels"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn inbox_reply_assign_end() {
    let (t, clock) = spawn_with_clock().await;
    let (owner, d, agent, b) = agent_of_a_shop(&t).await;

    let (ann, ann_p) = visitor_chat(&t, &d, "Ann Smith", "ann@example.com").await;
    let (bob, bob_p) = visitor_chat(&t, &d, "Bob", "bob@example.org").await;
    visitor_says(&t, &ann, &ann_p, "v1", "Hello?").await;
    visitor_says(&t, &ann, &ann_p, "v2", "Anyone there?").await;
    // Activity times have millisecond resolution: Bob's message is a millisecond later.
    clock.advance(std::time::Duration::from_millis(1));
    visitor_says(&t, &bob, &bob_p, "v1", "Hi").await;
    // Ann wrote last after Bob? No: Bob's message is newest.
    let v = list(&b, "").await;
    assert_eq!(
        ids(&v),
        [bob.as_str(), ann.as_str()],
        "newest activity first"
    );
    assert_eq!(v["unreadTotal"], 3);
    let first_ann = &v["channels"][1];
    assert_eq!(first_ann["unread"], 2);
    assert_eq!(first_ann["lastMessageText"], "Anyone there?");
    assert_eq!(first_ann["domainName"], "shop.example.com");
    assert_eq!(first_ann["visitor"]["email"], "ann@example.com");
    assert_eq!(
        first_ann["visitor"]["url"],
        "https://shop.example.com/pricing"
    );
    assert_eq!(
        first_ann["visitor"]["consentAt"],
        "2026-01-01T00:00:00.000Z"
    );
    assert!(first_ann["visitor"]["firstSeenAt"].is_string());
    assert!(first_ann["visitor"]["lastSeenAt"].is_string());

    assert_eq!(ids(&list(&b, "?q=SMITH").await), [ann.as_str()]);
    assert_eq!(ids(&list(&b, "?q=example.org").await), [bob.as_str()]);
    assert!(ids(&list(&b, "?q=%25").await).is_empty(), "% is literal");
    assert_eq!(ids(&list(&b, "?filter=unassigned").await).len(), 2);
    assert!(ids(&list(&b, "?filter=mine").await).is_empty());
    assert_eq!(
        b.get("/v1/agent/channels?filter=nonsense").await.status(),
        StatusCode::BAD_REQUEST
    );

    // Reply: stored, idempotent on clientId, marks read, claims the chat.
    let path = format!("/v1/agent/channels/{ann}/messages");
    let r = b
        .post(&path, json!({"clientId": "a1", "text": "Hi Ann!"}))
        .await;
    assert_eq!(r.status(), StatusCode::CREATED);
    let m1 = body(r).await;
    assert_eq!(m1["message"]["seq"], 3);
    assert_eq!(m1["message"]["sender"]["name"], "agent");
    assert_eq!(m1["message"]["sender"]["type"], "ChatAgentPersona");
    let r = b
        .post(&path, json!({"clientId": "a1", "text": "Hi Ann!"}))
        .await;
    assert_eq!(r.status(), StatusCode::OK);
    let m2 = body(r).await;
    assert_eq!(m2["message"]["id"], m1["message"]["id"]);
    assert_eq!(m2["created"], false);
    let r = b.post(&path, json!({"clientId": "", "text": " "})).await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(problem_paths(&body(r).await), ["clientId", "text"]);

    let detail = body(b.get(&format!("/v1/agent/channels/{ann}")).await).await;
    assert_eq!(detail["unread"], 0);
    assert_eq!(detail["assignedAgentId"], agent.id.as_str());
    assert_eq!(ids(&list(&b, "?filter=mine").await), [ann.as_str()]);
    assert_eq!(ids(&list(&b, "?filter=unassigned").await), [bob.as_str()]);

    // The visitor sees the reply with the agent's name.
    let h = visitor_history(&t, &ann, &ann_p).await;
    assert_eq!(h["messages"][2]["text"], "Hi Ann!");
    assert_eq!(h["messages"][2]["sender"]["name"], "agent");
    let h2 = body(
        b.get(&format!("/v1/agent/channels/{ann}/messages?after=1"))
            .await,
    )
    .await;
    assert_eq!(h2["messages"].as_array().unwrap().len(), 2);

    // Read markers.
    let r = b
        .post(&format!("/v1/agent/channels/{bob}/read"), json!({}))
        .await;
    assert_eq!(body(r).await["seq"], 1);
    assert_eq!(list(&b, "").await["unreadTotal"], 0);

    // Assign to the owner, then unassign, then to someone of another organisation.
    let assign = format!("/v1/agent/channels/{bob}/assign");
    let r = b.post(&assign, json!({"agentId": owner.id})).await;
    assert_eq!(body(r).await["assignedAgentId"], owner.id.as_str());
    let r = b.post(&assign, json!({"agentId": null})).await;
    assert_eq!(body(r).await["assignedAgentId"], Value::Null);
    let r = b.post(&assign, json!({})).await;
    assert_eq!(body(r).await["assignedAgentId"], agent.id.as_str(), "claim");
    let other = org_with_owner(t.store(), "b").await;
    let r = b.post(&assign, json!({"agentId": other.id})).await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);

    // End: the visitor's calls answer 410, new replies too; a re-send is still answered.
    let r = b
        .post(&format!("/v1/agent/channels/{ann}/end"), json!({}))
        .await;
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(body(r).await["status"], "ended");
    let r = t
        .http
        .get(t.api(&format!("/v1/chat/public/channel/{ann}?personaId={ann_p}")))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::GONE);
    let r = b
        .post(&path, json!({"clientId": "a2", "text": "Still there?"}))
        .await;
    assert_eq!(r.status(), StatusCode::GONE);
    let r = b
        .post(&path, json!({"clientId": "a1", "text": "Hi Ann!"}))
        .await;
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(ids(&list(&b, "?filter=ended").await), [ann.as_str()]);
    assert_eq!(ids(&list(&b, "").await), [bob.as_str()]);
    assert_eq!(ids(&list(&b, "?filter=all").await).len(), 2);
    t.stop().await;
}

#[tokio::test]
async fn agents_see_only_their_organisation() {
    let t = spawn().await;
    let a = org_with_owner(t.store(), "a").await;
    let b_owner = org_with_owner(t.store(), "b").await;
    let d = domain(t.store(), &a.org_id, "shop.example.com").await;
    let (ch, _) = visitor_chat(&t, &d, "Ann", "ann@example.com").await;
    let intruder = user(t.store(), &b_owner.org_id, "agent@b.test", Role::Agent).await;
    let x = login(&t, &intruder.email, PASSWORD).await;
    assert!(ids(&list(&x, "?filter=all").await).is_empty());
    for r in [
        x.get(&format!("/v1/agent/channels/{ch}")).await,
        x.get(&format!("/v1/agent/channels/{ch}/messages")).await,
        x.post(
            &format!("/v1/agent/channels/{ch}/messages"),
            json!({"clientId": "x", "text": "hi"}),
        )
        .await,
        x.post(&format!("/v1/agent/channels/{ch}/end"), json!({}))
            .await,
        x.post(&format!("/v1/agent/channels/{ch}/assign"), json!({}))
            .await,
    ] {
        assert_eq!(r.status(), StatusCode::NOT_FOUND);
    }
    assert_eq!(
        t.store().get_channel(&ch).await.unwrap().status,
        ChannelStatus::Open
    );
    // Not logged in at all.
    let r = t
        .http
        .get(t.api("/v1/agent/channels"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::UNAUTHORIZED);
    t.stop().await;
}

#[tokio::test]
async fn presence_drives_availability() {
    let t = spawn().await;
    let (_, d, agent, b) = agent_of_a_shop(&t).await;
    let available = || async {
        body(
            t.http
                .get(t.api(&format!("/v1/chat/public/channels/available/{d}")))
                .send()
                .await
                .unwrap(),
        )
        .await["agentAvailable"]
            .clone()
    };
    assert_eq!(available().await, false);
    let r = b
        .put("/v1/agent/presence", json!({"status": "online"}))
        .await;
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(body(r).await["leaseSeconds"], 90);
    assert_eq!(available().await, true);
    let r = b.put("/v1/agent/presence", json!({"status": "away"})).await;
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(available().await, false);
    let r = b.put("/v1/agent/presence", json!({"status": "busy"})).await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    // Logging out gives presence up.
    b.put("/v1/agent/presence", json!({"status": "online"}))
        .await;
    assert_eq!(available().await, true);
    b.post("/v1/auth/logout", json!({})).await;
    assert_eq!(available().await, false);
    // The team list, for assigning.
    let b = login(&t, &agent.email, PASSWORD).await;
    let team = body(b.get("/v1/agent/team").await).await;
    assert_eq!(team["agents"].as_array().unwrap().len(), 2);
    t.stop().await;
}

#[tokio::test]
async fn an_ended_chat_reopens_in_the_same_thread() {
    let t = spawn().await;
    let (_, d, _, b) = agent_of_a_shop(&t).await;
    let (ann, ann_p) = visitor_chat(&t, &d, "Ann", "ann@example.com").await;
    visitor_says(&t, &ann, &ann_p, "v1", "Hello?").await;
    let r = b
        .post(&format!("/v1/agent/channels/{ann}/end"), json!({}))
        .await;
    assert_eq!(body(r).await["status"], "ended");

    // The visitor comes back: the agent reopens the same chat, history and all.
    let reopen = format!("/v1/agent/channels/{ann}/reopen");
    let r = b.post(&reopen, json!({})).await;
    assert_eq!(r.status(), StatusCode::OK);
    let v = body(r).await;
    assert_eq!(v["status"], "open");
    assert_eq!(v["endedAt"], Value::Null);
    assert_eq!(v["id"], ann.as_str());
    assert_eq!(ids(&list(&b, "").await), [ann.as_str()]);
    let r = t
        .http
        .get(t.api(&format!("/v1/chat/public/channel/{ann}?personaId={ann_p}")))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK, "the visitor's calls work again");
    visitor_says(&t, &ann, &ann_p, "v2", "Back again").await;
    let r = b
        .post(
            &format!("/v1/agent/channels/{ann}/messages"),
            json!({"clientId": "a1", "text": "Welcome back"}),
        )
        .await;
    assert_eq!(r.status(), StatusCode::CREATED);
    let h = body(b.get(&format!("/v1/agent/channels/{ann}/messages")).await).await;
    let texts: Vec<&str> = h["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap())
        .collect();
    assert_eq!(texts, ["Hello?", "Back again", "Welcome back"]);
    // How far the visitor has read, for "Seen".
    let detail = format!("/v1/agent/channels/{ann}");
    assert_eq!(body(b.get(&detail).await).await["visitorReadSeq"], 0);
    t.store().mark_read(&ann, &ann_p, 2).await.unwrap();
    assert_eq!(body(b.get(&detail).await).await["visitorReadSeq"], 2);

    // Reopening an open chat changes nothing; another organisation's agent gets 404.
    let r = b.post(&reopen, json!({})).await;
    assert_eq!(body(r).await["status"], "open");
    let other = org_with_owner(t.store(), "b").await;
    let x = login(&t, &other.email, PASSWORD).await;
    assert_eq!(
        x.post(&reopen, json!({})).await.status(),
        StatusCode::NOT_FOUND
    );
    t.stop().await;
}

#[tokio::test]
async fn a_returning_visitor_lands_in_their_ended_thread() {
    let t = spawn().await;
    let (_, d, _, b) = agent_of_a_shop(&t).await;
    let (ann, ann_p) = visitor_chat(&t, &d, "Ann", "ann@example.com").await;
    visitor_says(&t, &ann, &ann_p, "v1", "Hello?").await;
    let (bob, bob_p) = visitor_chat(&t, &d, "Bob", "bob@example.com").await;
    visitor_says(&t, &bob, &bob_p, "b1", "Hi").await;
    let r = b
        .post(&format!("/v1/agent/channels/{ann}/end"), json!({}))
        .await;
    assert_eq!(body(r).await["status"], "ended");
    let gone = t
        .http
        .get(t.api(&format!("/v1/chat/public/channel/{ann}?personaId={ann_p}")))
        .send()
        .await
        .unwrap();
    assert_eq!(
        gone.status(),
        StatusCode::GONE,
        "the widget forgets the chat"
    );

    // Someone else types Ann's e-mail: a new chat, nothing of Ann's thread.
    let (stranger, stranger_p) = visitor_chat(&t, &d, "Mallory", "ann@example.com").await;
    assert_ne!(stranger, ann);
    assert_ne!(stranger_p, ann_p);
    let h = visitor_history(&t, &stranger, &stranger_p).await;
    assert_eq!(h["messages"].as_array().map(Vec::len), Some(0));
    visitor_says(&t, &stranger, &stranger_p, "m1", "It is me").await;
    let r = b
        .post(&format!("/v1/agent/channels/{stranger}/end"), json!({}))
        .await;
    assert_eq!(body(r).await["status"], "ended");
    // A persona id that is not the ended chat's visitor does not reopen it either.
    let (guess, guess_p) =
        returning_visitor_chat(&t, &d, "Mallory", "ann@example.com", Some(&bob_p)).await;
    assert_ne!(guess, ann);
    visitor_says(&t, &guess, &guess_p, "g1", "Hello").await;

    // Ann, from the browser that kept her persona, starts a new chat with the same e-mail (other
    // case): her thread opens again.
    let (again, again_p) =
        returning_visitor_chat(&t, &d, "Ann B.", "Ann@Example.com", Some(&ann_p)).await;
    assert_eq!(
        (again.as_str(), again_p.as_str()),
        (ann.as_str(), ann_p.as_str())
    );
    let h = visitor_history(&t, &ann, &ann_p).await;
    assert_eq!(
        h["messages"][0]["text"], "Hello?",
        "the visitor sees the thread"
    );
    // The inbox shows the thread once, open, with its history; Bob's open chat is untouched
    // (and the guesser's new chat is there on its own).
    let open = list(&b, "").await;
    let mut listed = ids(&open);
    listed.sort();
    let mut expected = vec![ann.clone(), bob.clone(), guess.clone()];
    expected.sort();
    assert_eq!(listed, expected);
    let v = body(b.get(&format!("/v1/agent/channels/{ann}")).await).await;
    assert_eq!(v["status"], "open");
    assert_eq!(v["endedAt"], Value::Null);
    // The visitor as they introduced themselves this time; the e-mail stays as first given.
    assert_eq!(v["visitor"]["name"], "Ann B.");
    assert_eq!(v["visitor"]["email"], "ann@example.com");

    // An open chat is not taken over: the same e-mail while the thread is open gets a new one.
    let (other, _) = visitor_chat(&t, &d, "Ann", "ann@example.com").await;
    assert_ne!(other, ann);
    // Another e-mail does not reopen Bob's ended chat (other domains: the store's tests/conformance/chats.rs).
    let r = b
        .post(&format!("/v1/agent/channels/{bob}/end"), json!({}))
        .await;
    assert_eq!(body(r).await["status"], "ended");
    let (carl, _) = visitor_chat(&t, &d, "Carl", "carl@example.com").await;
    assert_ne!(carl, bob);
    t.stop().await;
}

/// A visitor who ended their chat and starts another (without the ended chat's persona: End Chat
/// forgets it) gets a new conversation; the agent sees the earlier ones of the same e-mail on the
/// same domain in the new one's detail, newest first, and not those of another domain or e-mail.
#[tokio::test]
async fn a_chat_lists_the_visitors_earlier_conversations() {
    let (t, clock) = spawn_with_clock().await;
    let (owner, d, _, b) = agent_of_a_shop(&t).await;
    let (first, first_p) = visitor_chat(&t, &d, "Ann", "ann@example.com").await;
    visitor_says(&t, &first, &first_p, "v1", "Do you ship to Norway?").await;
    b.post(&format!("/v1/agent/channels/{first}/end"), json!({}))
        .await;
    clock.advance(std::time::Duration::from_millis(1));
    let (second, second_p) = visitor_chat(&t, &d, "Ann", "ANN@example.com").await;
    visitor_says(&t, &second, &second_p, "v1", "And to Iceland?").await;
    clock.advance(std::time::Duration::from_millis(1));
    let (bob, bob_p) = visitor_chat(&t, &d, "Bob", "bob@example.com").await;
    visitor_says(&t, &bob, &bob_p, "b1", "Hi").await;
    // The same e-mail on another domain of the organisation.
    let other = domain(t.store(), &owner.org_id, "other.example.com").await;
    let (elsewhere, elsewhere_p) = visitor_chat(&t, &other, "Ann", "ann@example.com").await;
    visitor_says(&t, &elsewhere, &elsewhere_p, "e1", "Hi").await;
    clock.advance(std::time::Duration::from_millis(1));
    // Ended again, then a third: a new conversation each time.
    b.post(&format!("/v1/agent/channels/{second}/end"), json!({}))
        .await;
    let (third, third_p) = visitor_chat(&t, &d, "Ann", "ann@example.com").await;
    assert!(third != first && third != second);
    visitor_says(&t, &third, &third_p, "v1", "Me again").await;

    let v = body(b.get(&format!("/v1/agent/channels/{third}")).await).await;
    let earlier = v["earlierConversations"].as_array().unwrap();
    let listed: Vec<&str> = earlier.iter().map(|c| c["id"].as_str().unwrap()).collect();
    assert_eq!(listed, [second.as_str(), first.as_str()], "newest first");
    assert!(!listed.contains(&bob.as_str()) && !listed.contains(&elsewhere.as_str()));
    assert_eq!(earlier[0]["status"], "ended");
    assert_eq!(earlier[0]["lastMessageText"], "And to Iceland?");
    assert_eq!(earlier[1]["lastMessageText"], "Do you ship to Norway?");
    assert!(earlier[1]["createdAt"].is_string() && earlier[1]["endedAt"].is_string());
    // The first has none before it; each is openable by the agent.
    let v = body(b.get(&format!("/v1/agent/channels/{first}")).await).await;
    assert_eq!(v["earlierConversations"], json!([]));
    let h = body(b.get(&format!("/v1/agent/channels/{first}/messages")).await).await;
    assert_eq!(h["messages"][0]["text"], "Do you ship to Norway?");
    t.stop().await;
}
