//! A visitor's language and clock in their mails and transcripts, the headers mail needs.

use super::*;

#[tokio::test]
async fn a_french_visitors_mails_are_in_french_on_her_clock_with_the_headers_mail_needs() {
    let smtp = SmtpServer::start();
    let (t, clock) = beckon(&smtp.url(), Duration::from_secs(120)).await;
    let (domain, mut ada) = shop(&t).await;
    // The owner rewords the transcript's subject in French (published with the domain).
    let config = json!({"domains": [{"id": domain, "properties": {"texts": {
        "fr": {"mail.transcript.subject": "Votre échange avec {{site}}\r\nBcc: victim@else.example"}
    }}}]});
    t.store()
        .publish_config(&domain, &config.to_string())
        .await
        .unwrap();
    // A name that tries to add a recipient and a header.
    let (channel, persona, token) = new_chat_speaking(
        &t,
        &domain,
        "Élodie\r\nBcc: victim@else.example\r\nX-Evil: 1",
        "fr-FR",
        "Europe/Paris",
    )
    .await;
    let (mut visitor, _) = Ws::visitor(&t, &token, None).await;
    visitor.say("v-1", "Livrez-vous en Norvège ?").await;
    drop(visitor);
    ada.send(reply(&channel, "a-1", "Oui, en 3 à 5 jours."))
        .await;
    ada.recv_op("ack").await;
    // The messages' events have queued their work (off the senders' path).
    ran(&t, CHAT_EVENT).await;
    clock.advance(Duration::from_secs(121));
    eventually("the reply's mail", async || {
        !mails_to(&smtp, "visitor@example.com").is_empty()
    })
    .await;
    assert_eq!(ask_transcript(&t, &channel, &persona).await, 202);
    eventually("the transcript", async || {
        mails_to(&smtp, "visitor@example.com").len() == 2
    })
    .await;
    let mails = mails_to(&smtp, "visitor@example.com");
    let (reply_mail, transcript) = (&mails[0], &mails[1]);

    // In French, on her clock (Paris), in French dates.
    assert_eq!(
        reply_mail.subject(),
        "Vous avez une réponse de shop.example.com"
    );
    let text = reply_mail.text();
    let hers = written_at(&t, &channel, 1, "Europe/Paris", "fr-FR").await;
    assert!(hers.ends_with("CET") || hers.ends_with("CEST"), "{hers}");
    assert!(
        text.contains(&format!("Vous ({hers}):\n  Livrez-vous en Norvège ?")),
        "{text}"
    );
    let adas = written_at(&t, &channel, 2, "Europe/Paris", "fr-FR").await;
    assert!(
        text.contains(&format!("Ada ({adas}):\n  Oui, en 3 à 5 jours.")),
        "{text}"
    );
    // Where answers go, said plainly, with the link.
    assert!(
        text.contains("Continuer la conversation: https://beckon.example.com/c/"),
        "{text}"
    );
    assert!(
        text.contains("Pour répondre, utilisez le lien ci-dessus")
            && text.contains("Les réponses à cet e-mail ne sont pas lues."),
        "{text}"
    );
    assert!(
        reply_mail.html().contains("<html lang=\"fr\" dir=\"ltr\">"),
        "{}",
        reply_mail.html()
    );
    // The owner's words win; her line break stays in the subject.
    assert!(
        transcript
            .subject()
            .starts_with("Votre échange avec shop.example.com"),
        "{}",
        transcript.subject()
    );
    assert!(
        transcript.text().contains(&format!("Vous ({hers}):")),
        "{}",
        transcript.text()
    );
    assert!(transcript
        .text()
        .contains("Continuer la conversation: https://beckon.example.com/c/"));

    // The headers providers expect, once each; no Reply-To nobody reads; nothing added.
    let mut ids = Vec::new();
    for m in [reply_mail, transcript] {
        assert_eq!(m.to, ["visitor@example.com"], "no recipient added");
        let id = header_values(m, "Message-ID");
        assert_eq!(id.len(), 1, "{:?}", m.header_lines());
        assert!(
            id[0].starts_with('<') && id[0].ends_with("@shop.example.com>"),
            "on the sender's domain: {}",
            id[0]
        );
        ids.push(id[0].clone());
        assert_eq!(header_values(m, "Date").len(), 1);
        assert_eq!(header_values(m, "Auto-Submitted"), ["auto-generated"]);
        assert_eq!(header_values(m, "Content-Language"), ["fr"]);
        assert!(header_values(m, "Reply-To").is_empty());
        assert!(
            header_values(m, "Bcc").is_empty() && header_values(m, "X-Evil").is_empty(),
            "{:?}",
            m.header_lines()
        );
    }
    assert_ne!(ids[0], ids[1], "each mail its own Message-ID");
}

#[tokio::test]
async fn an_arabic_visitors_transcript_is_right_to_left_and_replies_reach_the_reply_to_address() {
    let smtp = SmtpServer::start();
    let dir = tempfile::tempdir().expect("temp dir");
    let mut c = config(dir.path());
    c.smtp_url = Some(smtp.url());
    c.mail_from = Some("Beckon <beckon@shop.example.com>".into());
    c.mail_reply_to = Some("Shop support <help@shop.example.com>".into());
    c.public_url = Some("https://beckon.example.com".into());
    let t = spawn_config(dir, c).await;
    let (domain, _ada) = shop(&t).await;
    let (channel, persona, token) =
        new_chat_speaking(&t, &domain, "Layla", "ar", "Asia/Riyadh").await;
    let (mut visitor, _) = Ws::visitor(&t, &token, None).await;
    visitor.say("v-1", "مرحبا").await;
    assert_eq!(ask_transcript(&t, &channel, &persona).await, 202);
    eventually("the transcript", async || {
        !mails_to(&smtp, "visitor@example.com").is_empty()
    })
    .await;
    let m = &mails_to(&smtp, "visitor@example.com")[0];
    assert_eq!(m.subject(), "محادثتك مع shop.example.com");
    assert!(
        m.html().contains("<html lang=\"ar\" dir=\"rtl\">"),
        "{}",
        m.html()
    );
    let hers = written_at(&t, &channel, 1, "Asia/Riyadh", "ar").await;
    assert!(m.text().contains(&format!("أنت ({hers}):")), "{}", m.text());
    // Replies reach a person: the mail says to use the link, not that replies are lost.
    assert!(
        header_values(m, "Reply-To")
            .iter()
            .any(|r| r.contains("<help@shop.example.com>")),
        "{:?}",
        m.header_lines()
    );
    assert!(
        m.text().contains("للرد، استخدم الرابط أعلاه"),
        "{}",
        m.text()
    );
    assert!(!m.text().contains("لا تتم قراءة الردود"), "{}", m.text());
}
