//! An agent's reply the visitor did not see, mailed to them within bounds; what a visitor types
//! cannot add a header.

use super::*;

#[tokio::test]
async fn a_reply_the_visitor_has_not_seen_is_mailed_to_them_with_the_conversation() {
    let smtp = SmtpServer::start();
    let (t, clock) = beckon(&smtp.url(), Duration::from_secs(120)).await;
    let (domain, mut ada) = shop(&t).await;
    let (channel, _, token) = new_chat(&t, &domain, "Eve").await;
    let (mut visitor, _) = Ws::visitor(&t, &token, None).await;
    visitor.say("v-1", "Do you ship to Norway?").await;
    // The visitor leaves; Ada answers.
    drop(visitor);
    ada.send(reply(&channel, "a-1", "Yes, in 3 to 5 days."))
        .await;
    ada.recv_op("ack").await;
    // The messages' events have queued their work (off the senders' path).
    ran(&t, CHAT_EVENT).await;
    clock.advance(Duration::from_secs(121));

    eventually("the visitor's mail", async || {
        !mails_to(&smtp, "visitor@example.com").is_empty()
    })
    .await;
    let m = &mails_to(&smtp, "visitor@example.com")[0];
    assert_eq!(m.subject(), "You have a reply from shop.example.com");
    let text = m.text();
    assert!(text.contains("You ("), "{text}");
    assert!(text.contains("):\n  Do you ship to Norway?"), "{text}");
    assert!(text.contains("Ada ("), "{text}");
    assert!(text.contains("):\n  Yes, in 3 to 5 days."), "{text}");
    // The link continues this conversation in any browser: a capability for it alone.
    let link = text
        .lines()
        .find_map(|l| l.strip_prefix("Continue the conversation: "))
        .expect("a link")
        .to_owned();
    let token = link
        .strip_prefix("https://beckon.example.com/c/")
        .expect("on the public URL")
        .to_owned();
    assert!(
        m.html().contains(&format!("href=\"{link}\"")),
        "{}",
        m.html()
    );
    let no_redirect = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let open = |token: String| {
        let client = no_redirect.clone();
        let url = format!("{}/c/{token}", t.url);
        async move { client.get(url).send().await.unwrap() }
    };
    // The page where it began has not loaded the embed lately: the chat on a page of its own.
    let r = open(token.clone()).await;
    assert_eq!(r.status(), 200);
    assert_eq!(r.headers()["cache-control"], "no-store");
    assert!(r.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .contains("script-src 'self'"));
    let page = r.text().await.unwrap();
    assert!(
        page.contains("Your conversation with shop.example.com"),
        "{page}"
    );
    assert!(page.contains("/static/beckon-continue.js"), "{page}");
    // It has: back there, the token in the fragment (never sent to the site's server).
    t.store()
        .record_sightings(&[beckon_store::EmbedSighting {
            domain_id: domain.clone(),
            host: "shop.example.com".into(),
            url: "https://shop.example.com/".into(),
            seen_at: t.store().now(),
        }])
        .await
        .unwrap();
    let r = open(token.clone()).await;
    assert_eq!(r.status(), 303);
    assert_eq!(
        r.headers()["location"],
        format!("https://shop.example.com/#cnb-continue={token}").as_str()
    );
    // What the widget asks with it: that conversation and its visitor.
    let continued = |token: String| {
        let client = t.http.clone();
        let url = t.api("/v1/chat/public/continue");
        async move {
            let r = client
                .post(url)
                .json(&json!({ "token": token }))
                .send()
                .await
                .unwrap();
            (
                r.status().as_u16(),
                r.json::<serde_json::Value>().await.unwrap(),
            )
        }
    };
    let (status, body) = continued(token.clone()).await;
    assert_eq!(status, 200);
    assert_eq!(body["channel"]["id"], channel.as_str());
    assert_eq!(body["chatClientPersona"]["name"], "Eve");
    // A changed token, or a realtime token, is no link; after 30 days it has expired.
    let mut forged = token.clone();
    forged.pop();
    assert_eq!(continued(forged.clone()).await.0, 404);
    assert_eq!(open(forged).await.status(), 404);
    let realtime = crate::common::realtime::token(
        &t,
        &channel,
        body["chatClientPersona"]["id"].as_str().unwrap(),
    )
    .await;
    assert_eq!(continued(realtime).await.0, 404);
    // The messages' events have queued their work (off the senders' path).
    ran(&t, CHAT_EVENT).await;
    clock.advance(Duration::from_secs(31 * 24 * 3600));
    assert_eq!(continued(token.clone()).await.0, 410);
    let r = open(token).await;
    assert_eq!(r.status(), 410);
    assert!(r.text().await.unwrap().contains("This link has expired"));
}

#[tokio::test]
async fn a_reply_the_visitor_saw_is_not_mailed_and_a_chat_is_mailed_at_most_five_times_a_day() {
    let smtp = SmtpServer::start();
    let (t, clock) = beckon(&smtp.url(), Duration::from_secs(120)).await;
    let (domain, mut ada) = shop(&t).await;
    let (channel, persona, token) = new_chat(&t, &domain, "Eve").await;
    greet(&t, &channel, &persona).await;
    let (mut visitor, _) = Ws::visitor(&t, &token, None).await;

    // Seen in the widget (acknowledged): no mail.
    ada.send(reply(&channel, "a-0", "Hello Eve")).await;
    ada.recv_op("ack").await;
    let m = visitor.recv_op("chat-message").await;
    visitor
        .send(json!({"op": "client-action", "action": "message-ack", "data": m["message"]["id"], "seq": m["seq"]}))
        .await;
    eventually("the visitor's read is stored", async || {
        let c = t.store().get_channel(&channel).await.unwrap();
        t.store()
            .read_marker(&channel, &c.visitor_persona_id)
            .await
            .unwrap()
            >= 2
    })
    .await;
    // The messages' events have queued their work (off the senders' path).
    ran(&t, CHAT_EVENT).await;
    clock.advance(Duration::from_secs(121));
    ran(&t, NOTIFY_VISITOR).await;
    assert!(
        mails_to(&smtp, "visitor@example.com").is_empty(),
        "seen: not mailed"
    );

    // Gone, and answered again and again: one mail per window, five a day at most.
    drop(visitor);
    for i in 1..=7 {
        ada.send(reply(&channel, &format!("a-{i}"), &format!("Reply {i}")))
            .await;
        ada.recv_op("ack").await;
        // The messages' events have queued their work (off the senders' path).
        ran(&t, CHAT_EVENT).await;
        clock.advance(Duration::from_secs(121));
        ran(&t, NOTIFY_VISITOR).await;
        ran(&t, MAIL).await;
    }
    assert_eq!(mails_to(&smtp, "visitor@example.com").len(), 5);
}

#[tokio::test]
async fn a_visitor_name_with_a_line_break_cannot_add_a_header_or_a_recipient() {
    let smtp = SmtpServer::start();
    let (t, _clock) = beckon(&smtp.url(), Duration::ZERO).await;
    let (domain, _ada) = shop(&t).await;
    let (channel, _, _) = new_chat(&t, &domain, "Eve").await;
    // Whatever the form lets through, the store may hold: set the name as an attacker would.
    let c = t.store().get_channel(&channel).await.unwrap();
    let mut visitor = t.store().get_persona(&c.visitor_persona_id).await.unwrap();
    visitor.name = "Eve\r\nBcc: victim@else.example\r\nX-Evil: 1".into();
    t.store().update_persona(&visitor).await.unwrap();
    let token = token(&t, &channel, &visitor.id).await;
    let (mut ws, _) = Ws::visitor(&t, &token, None).await;
    ws.say("v-1", "Hi").await;

    eventually("Bob's mail", async || !smtp.received().is_empty()).await;
    ran(&t, MAIL).await;
    for m in smtp.received() {
        assert_eq!(m.to, ["bob@shop.example.com"], "no recipient added");
        let headers = m.header_lines();
        assert!(
            !headers
                .iter()
                .any(|l| l.starts_with("Bcc:") || l.starts_with("X-Evil:")),
            "{headers:?}"
        );
        assert!(
            m.subject().contains("Bcc: victim@else.example"),
            "kept as text: {}",
            m.subject()
        );
    }
}
