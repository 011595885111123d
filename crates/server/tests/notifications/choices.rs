//! Each agent chooses what they are told about; one click stops the mail.

use super::*;

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
