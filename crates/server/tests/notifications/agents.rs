//! A visitor's message nobody reads, mailed to the agents who are not online; the SMTP server
//! away; half an SMTP setup refused.

use super::*;

#[tokio::test]
async fn a_message_nobody_reads_is_mailed_once_to_each_agent_who_is_not_online() {
    let smtp = SmtpServer::start();
    let (t, _clock) = beckon(&smtp.url(), Duration::ZERO).await;
    let (domain, _ada) = shop(&t).await;
    // The owner's Agents screen says that mail goes out, and when.
    let org = t.store().get_domain(&domain).await.unwrap().org_id;
    add_owner(t.store(), &org, "owner@shop.example.com", "Olga").await;
    let owner = login(&t, "owner@shop.example.com").await;
    let (status, list) = call_as(&t, &owner, reqwest::Method::GET, "/v1/owner/agents", None).await;
    assert_eq!(status, 200);
    assert_eq!(
        list["notifications"],
        json!({"email": true, "delaySeconds": 0})
    );
    let (channel, _, token) = new_chat(&t, &domain, "Eve <b>\"Quotes\"</b>").await;
    let (mut visitor, _) = Ws::visitor(&t, &token, None).await;
    visitor
        .say("v-1", "Hello,\nis anyone there? <script>alert(1)</script>")
        .await;

    eventually("Bob's mail", async || !smtp.received().is_empty()).await;
    ran(&t, NOTIFY_AGENTS).await;
    ran(&t, MAIL).await;
    let mails = smtp.received();
    let mut to: Vec<String> = mails.iter().flat_map(|m| m.to.clone()).collect();
    to.sort();
    assert_eq!(
        to,
        ["bob@shop.example.com", "owner@shop.example.com"],
        "Ada is online: only Bob and Olga are mailed"
    );
    let m = &mails[0];
    assert_eq!(m.from, "beckon@shop.example.com");
    assert_eq!(
        m.subject(),
        "Eve <b>\"Quotes\"</b> is waiting for an answer on shop.example.com"
    );
    let text = m.text();
    assert!(
        text.contains("> Hello,\n> is anyone there? <script>alert(1)</script>"),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "https://beckon.example.com/console/inbox/{channel}"
        )),
        "{text}"
    );
    let html = m.html();
    assert!(
        html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"),
        "{html}"
    );
    assert!(html.contains("Eve &lt;b&gt;\"Quotes\"&lt;/b&gt;"), "{html}");
    assert!(
        !html.contains("<script>") && !html.contains("<b>"),
        "{html}"
    );
}

#[tokio::test]
async fn nothing_is_mailed_when_an_agent_reads_in_time_and_one_mail_covers_a_window() {
    let smtp = SmtpServer::start();
    let (t, clock) = beckon(&smtp.url(), Duration::from_secs(120)).await;
    let (domain, mut ada) = shop(&t).await;
    let (channel, _, token) = new_chat(&t, &domain, "Eve").await;
    let (mut visitor, _) = Ws::visitor(&t, &token, None).await;
    let first = visitor.say("v-1", "Hi").await;

    // Ada reads it within the two minutes: when they are up, nobody is mailed.
    ada.send(
        json!({"op": "client-action", "action": "message-ack", "channelId": channel,
        "data": first["id"], "seq": first["seq"]}),
    )
    .await;
    eventually("Ada's read is stored", async || {
        let users = t
            .store()
            .list_users(&t.store().get_domain(&domain).await.unwrap().org_id)
            .await
            .unwrap();
        let ada = users.iter().find(|u| u.name == "Ada").unwrap();
        t.store()
            .read_marker(&channel, ada.persona_id.as_deref().unwrap())
            .await
            .unwrap()
            >= 1
    })
    .await;
    // The messages' events have queued their work (off the senders' path).
    ran(&t, CHAT_EVENT).await;
    clock.advance(Duration::from_secs(121));
    ran(&t, NOTIFY_AGENTS).await;
    assert!(t.store().jobs_of_kind(MAIL).await.unwrap().is_empty());
    assert!(smtp.received().is_empty(), "read in time: no mail");

    // Three messages nobody reads: one mail (per agent not online) when the window closes.
    for (i, text) in ["Still there?", "Hello?", "I'll wait."].iter().enumerate() {
        visitor.say(&format!("v-{}", i + 2), text).await;
    }
    // The messages' events have queued their work (off the senders' path).
    ran(&t, CHAT_EVENT).await;
    clock.advance(Duration::from_secs(121));
    eventually("the window's mail", async || !smtp.received().is_empty()).await;
    ran(&t, MAIL).await;
    assert_eq!(smtp.received().len(), 1, "one mail for three messages");
    let text = smtp.received()[0].text();
    assert!(
        text.contains("> Still there?") && text.contains("> I'll wait."),
        "{text}"
    );
    assert!(
        !text.contains("> Hi\n"),
        "what Ada read is not quoted: {text}"
    );
}

#[tokio::test]
async fn a_mail_waits_while_the_smtp_server_is_down_and_goes_out_once_it_is_back() {
    let port = free_port();
    let (t, clock) = beckon(&format!("smtp://127.0.0.1:{port}"), Duration::ZERO).await;
    let (domain, _ada) = shop(&t).await;
    let (_, _, token) = new_chat(&t, &domain, "Eve").await;
    let (mut visitor, _) = Ws::visitor(&t, &token, None).await;
    visitor.say("v-1", "Anyone?").await;

    // Refused: kept, with the error, for later.
    let failed = eventually("a failed attempt", async || {
        let jobs = t.store().jobs_of_kind(MAIL).await.unwrap();
        match jobs.first() {
            Some(j) if j.last_error.is_some() => Ok(j.clone()),
            other => Err(format!("{other:?}")),
        }
    })
    .await;
    assert!(
        failed.last_error.unwrap().contains("SMTP"),
        "the reason is kept"
    );

    // Back: the next attempt, after the back-off, delivers it.
    let smtp = SmtpServer::start_on(port);
    // The messages' events have queued their work (off the senders' path).
    ran(&t, CHAT_EVENT).await;
    clock.advance(Duration::from_secs(60));
    eventually("the mail delivered", async || !smtp.received().is_empty()).await;
    ran(&t, MAIL).await;
    assert_eq!(smtp.received().len(), 1);
    assert_eq!(smtp.received()[0].to, ["bob@shop.example.com"]);
}

#[tokio::test]
async fn serve_refuses_half_an_smtp_setup_with_the_reason() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = config(dir.path());
    c.smtp_url = Some("smtp://127.0.0.1:2525".into());
    let e = beckon_server::start(c).await.err().expect("refused");
    assert!(e.to_string().contains("--mail-from"), "{e}");
    let mut c = config(dir.path());
    c.smtp_url = Some("http://mail.example.com".into());
    c.mail_from = Some("Beckon <beckon@shop.example.com>".into());
    let e = beckon_server::start(c).await.err().expect("refused");
    assert!(e.to_string().contains("smtp://"), "{e}");
    let mut c = config(dir.path());
    c.smtp_url = Some("smtp://127.0.0.1:2525".into());
    c.mail_from = Some("not an address".into());
    let e = beckon_server::start(c).await.err().expect("refused");
    assert!(e.to_string().contains("--mail-from"), "{e}");
}
