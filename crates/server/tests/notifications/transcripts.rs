//! Transcripts: to the visitor's address only, within bounds; refused without SMTP.

use super::*;

#[tokio::test]
async fn a_transcript_goes_to_the_visitors_address_only_and_within_the_bounds() {
    let smtp = SmtpServer::start();
    let (t, _clock) = beckon(&smtp.url(), Duration::from_secs(120)).await;
    let (domain, _ada) = shop(&t).await;
    let (channel, persona, token) = new_chat(&t, &domain, "Eve").await;
    let (mut visitor, _) = Ws::visitor(&t, &token, None).await;
    visitor.say("v-1", "Hello <there>").await;
    let ask = |persona: String| {
        let client = t.http.clone();
        let url = t.api(&format!(
            "/v1/chat/public/channel/{channel}/transcript?personaId={persona}"
        ));
        async move {
            let r = client.post(url).send().await.unwrap();
            (
                r.status().as_u16(),
                r.json::<serde_json::Value>().await.unwrap(),
            )
        }
    };
    // Another visitor's persona id is no key to this chat.
    let (_, other, _) = new_chat(&t, &domain, "Mallory").await;
    assert_eq!(ask(other).await.0, 404);
    let (status, body) = ask(persona.clone()).await;
    assert_eq!(
        (status, body["email"].as_str()),
        (202, Some("visitor@example.com"))
    );
    eventually("the transcript", async || {
        !mails_to(&smtp, "visitor@example.com").is_empty()
    })
    .await;
    let m = &mails_to(&smtp, "visitor@example.com")[0];
    assert_eq!(m.subject(), "Your conversation with shop.example.com");
    assert!(m.text().contains("):\n  Hello <there>"), "{}", m.text());
    assert!(m.html().contains("Hello &lt;there&gt;"), "{}", m.html());
    // Each ask is a mail to a visitor: five a day per conversation, then 429.
    for _ in 0..4 {
        assert_eq!(ask(persona.clone()).await.0, 202);
    }
    let (status, body) = ask(persona).await;
    assert_eq!(status, 429, "{body}");
}

#[tokio::test]
async fn without_smtp_a_transcript_is_refused_with_the_reason() {
    let t = spawn().await;
    let (domain, _) = seed(t.store()).await;
    let (channel, persona, _) = new_chat(&t, &domain, "Eve").await;
    let r = t
        .http
        .post(t.api(&format!(
            "/v1/chat/public/channel/{channel}/transcript?personaId={persona}"
        )))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 503);
    let body: serde_json::Value = r.json().await.unwrap();
    assert_eq!(body["error"], "This site does not send e-mail.");
}
