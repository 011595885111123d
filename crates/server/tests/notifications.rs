//! E-mail notifications end to end, against a real SMTP server of the test's own: a visitor's
//! message nobody reads reaches the agents who are not online, once per conversation and
//! window; nothing is mailed when an agent reads it in time; an SMTP server that is down
//! delays the mail and loses nothing; what a visitor types cannot add a header or markup; an
//! agent's reply the visitor did not see reaches their address, within bounds.

use std::sync::Arc;
use std::time::Duration;

use beckon_server::service::outbound::{MAIL, NOTIFY_AGENTS, NOTIFY_VISITOR};
use beckon_store::ManualClock;
use serde_json::json;

use crate::common::realtime::*;
use crate::common::smtp::{free_port, SmtpServer};

/// A server mailing through `smtp_url`, with its store's clock stopped (the test moves it past
/// the notification delay instead of waiting).
pub(crate) async fn beckon(smtp_url: &str, delay: Duration) -> (T, Arc<ManualClock>) {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut c = config(dir.path());
    c.smtp_url = Some(smtp_url.to_owned());
    c.mail_from = Some("Beckon <beckon@shop.example.com>".into());
    c.public_url = Some("https://beckon.example.com".into());
    c.notify_delay = delay;
    let clock = Arc::new(ManualClock::starting_now());
    c.clock = clock.clone();
    (spawn_config(dir, c).await, clock)
}

/// The shop with Ada (online, her console open) and Bob (away): (domain, Ada's socket).
pub(crate) async fn shop(t: &T) -> (String, Ws) {
    let (domain, org) = seed(t.store()).await;
    add_agent(t.store(), &org, "ada@shop.example.com", "Ada").await;
    add_agent(t.store(), &org, "bob@shop.example.com", "Bob").await;
    let (cookie, _) = login(t, "ada@shop.example.com").await;
    let (ada, _) = Ws::agent(t, &cookie).await;
    (domain, ada)
}

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
    clock.advance(Duration::from_secs(121));
    ran(&t, NOTIFY_AGENTS).await;
    assert!(t.store().jobs_of_kind(MAIL).await.unwrap().is_empty());
    assert!(smtp.received().is_empty(), "read in time: no mail");

    // Three messages nobody reads: one mail (per agent not online) when the window closes.
    for (i, text) in ["Still there?", "Hello?", "I'll wait."].iter().enumerate() {
        visitor.say(&format!("v-{}", i + 2), text).await;
    }
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

/// The mails `smtp` received for `address`.
pub(crate) fn mails_to(smtp: &SmtpServer, address: &str) -> Vec<crate::common::smtp::Received> {
    smtp.received()
        .into_iter()
        .filter(|m| m.to.iter().any(|t| t == address))
        .collect()
}

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

#[tokio::test]
async fn each_agent_chooses_what_they_are_told_about_and_one_click_stops_the_mail() {
    let smtp = SmtpServer::start();
    let (t, _clock) = beckon(&smtp.url(), Duration::ZERO).await;
    let (domain, org) = seed(t.store()).await;
    for (email, name) in [
        ("ada@shop.example.com", "Ada"),
        ("bob@shop.example.com", "Bob"),
        ("cy@shop.example.com", "Cy"),
    ] {
        add_agent(t.store(), &org, email, name).await;
    }
    let ada = login(&t, "ada@shop.example.com").await;
    let bob = login(&t, "bob@shop.example.com").await;
    let (status, mine) = call_as(
        &t,
        &ada,
        reqwest::Method::GET,
        "/v1/agent/notifications",
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(
        mine,
        json!({"email": true, "about": "all", "emailAvailable": true, "address": "ada@shop.example.com"})
    );
    // Ada: only her own chats; Bob: no e-mail at all; Cy keeps the defaults.
    let put = |who: (String, String), body: serde_json::Value| {
        let t = &t;
        async move {
            call_as(
                t,
                &who,
                reqwest::Method::PUT,
                "/v1/agent/notifications",
                Some(body),
            )
            .await
        }
    };
    let (status, now) = put(ada.clone(), json!({"about": "mine"})).await;
    assert_eq!(
        (status, now["about"].as_str(), now["email"].as_bool()),
        (200, Some("mine"), Some(true))
    );
    assert_eq!(put(bob.clone(), json!({"email": false})).await.0, 200);
    assert_eq!(
        put(bob.clone(), json!({"about": "everything"})).await.0,
        400,
        "not a choice"
    );

    let (_, _, token) = new_chat(&t, &domain, "Eve").await;
    let (mut visitor, _) = Ws::visitor(&t, &token, None).await;
    visitor.say("v-1", "Hello?").await;
    eventually("Cy's mail", async || !smtp.received().is_empty()).await;
    ran(&t, NOTIFY_AGENTS).await;
    ran(&t, MAIL).await;
    let to: Vec<String> = smtp.received().iter().flat_map(|m| m.to.clone()).collect();
    assert_eq!(
        to,
        ["cy@shop.example.com"],
        "the chat is unassigned: not Ada's; Bob chose no mail"
    );

    // The mail carries a one-click unsubscribe (RFC 8058) that stops Cy's mail.
    let m = &smtp.received()[0];
    let header = |name: &str| {
        m.header_lines()
            .into_iter()
            .find(|l| {
                l.to_ascii_lowercase()
                    .starts_with(&format!("{}:", name.to_ascii_lowercase()))
            })
            .unwrap_or_default()
    };
    assert!(header("List-Unsubscribe-Post").contains("List-Unsubscribe=One-Click"));
    let link = header("List-Unsubscribe");
    let path = link
        .split("https://beckon.example.com")
        .nth(1)
        .and_then(|rest| rest.split('>').next())
        .expect("a link on the public URL")
        .to_owned();
    assert!(path.starts_with("/u/u1."), "{link}");
    let page = t.http.get(format!("{}{path}", t.url)).send().await.unwrap();
    assert_eq!(page.status(), 200);
    assert!(page
        .text()
        .await
        .unwrap()
        .contains("cy@shop.example.com will no longer be mailed"));
    let stop = t
        .http
        .post(format!("{}{path}", t.url))
        .body("List-Unsubscribe=One-Click")
        .send()
        .await
        .unwrap();
    assert_eq!(stop.status(), 200);
    let cy = login(&t, "cy@shop.example.com").await;
    let (_, now) = call_as(
        &t,
        &cy,
        reqwest::Method::GET,
        "/v1/agent/notifications",
        None,
    )
    .await;
    assert_eq!(now["email"], false);
    // A link changed by one character stops nothing.
    let mut forged = path.clone();
    forged.pop();
    let r = t
        .http
        .post(format!("{}{forged}", t.url))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 404);

    // The next chat mails nobody (Ada: not hers; Bob and Cy: no mail).
    let before = smtp.received().len();
    let (_, _, token) = new_chat(&t, &domain, "Fay").await;
    let (mut visitor, _) = Ws::visitor(&t, &token, None).await;
    visitor.say("v-1", "Hi").await;
    ran(&t, NOTIFY_AGENTS).await;
    ran(&t, MAIL).await;
    assert_eq!(smtp.received().len(), before);
}

/// A chat begun by a widget that speaks `language` in `zone`, of a visitor named `name`:
/// (channel id, persona id, token).
async fn new_chat_speaking(
    t: &T,
    domain: &str,
    name: &str,
    language: &str,
    zone: &str,
) -> (String, String, String) {
    new_chat_with(
        t,
        domain,
        json!({"name": name, "email": "visitor@example.com", "url": "https://shop.example.com/",
            "language": language, "timeZone": zone}),
    )
    .await
}

/// Asks for the transcript of `channel` as the visitor `persona`: the status.
async fn ask_transcript(t: &T, channel: &str, persona: &str) -> u16 {
    t.http
        .post(t.api(&format!(
            "/v1/chat/public/channel/{channel}/transcript?personaId={persona}"
        )))
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

/// The values of header `name` in `m` (each line of it once).
fn header_values(m: &crate::common::smtp::Received, name: &str) -> Vec<String> {
    let prefix = format!("{}:", name.to_ascii_lowercase());
    m.header_lines()
        .into_iter()
        .filter(|l| l.to_ascii_lowercase().starts_with(&prefix))
        .map(|l| l[prefix.len()..].trim().to_owned())
        .collect()
}

/// When message `seq` of `channel` was written, as a reader in `zone` reading `locale` sees it.
async fn written_at(t: &T, channel: &str, seq: i64, zone: &str, locale: &str) -> String {
    let m = t
        .store()
        .messages_after(channel, seq - 1, 1)
        .await
        .unwrap()
        .remove(0);
    beckon_server::infra::mail::when::Times::new(Some(zone), locale).at(m.created_at)
}

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
