//! What the behaviours share: stores' fixtures (an organisation and domain, personas,
//! messages, jobs) and the PostgreSQL test database. The server's visitor-data test uses them too
//! (`crates/server/tests/visitor_data.rs`).

#![allow(dead_code)]

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use beckon_store::*;
use serde_json::json;

/// Tests that call it are ignored without the variable (build.rs).
pub fn postgres_url() -> String {
    std::env::var("DATABASE_URL_TEST").expect("DATABASE_URL_TEST (PostgreSQL)")
}

pub fn uuid_simple() -> String {
    new_id().replace('-', "")
}

/// Two instances' stores on one fresh schema (and the schema, to drop afterwards).
pub async fn two_postgres_instances() -> (PgStore, PgStore, String) {
    let url = postgres_url();
    let schema = format!("beckon_test_{}", uuid_simple());
    let connect = || PgStore::connect_in_schema(&url, &schema, Arc::new(SystemClock));
    let a = connect().await.unwrap();
    let b = connect().await.unwrap();
    (a, b, schema)
}

pub async fn org_and_domain(s: &dyn Store) -> (Organisation, Domain) {
    let org = s.create_organisation("Acme").await.unwrap();
    let domain = s
        .create_domain(NewDomain {
            id: None,
            org_id: org.id.clone(),
            name: "acme.example".into(),
            aliases: vec!["acme.test".into()],
            domain_type: "FREE".into(),
            properties: json!({"zindex": 10}),
            timezone: None,
        })
        .await
        .unwrap();
    (org, domain)
}

pub fn visitor(name: &str) -> NewPersona {
    NewPersona {
        persona_type: PersonaType::ChatClient,
        name: name.into(),
        email: Some(format!("{}@example.com", name.to_lowercase())),
        ip: Some("192.0.2.1".into()),
        url: Some("https://acme.example/".into()),
        legal_notice_accepted: 0,
        avatar_url: None,
    }
}

pub fn msg(channel: &str, client: &str, sender: &str, text: &str) -> NewMessage {
    NewMessage {
        channel_id: channel.into(),
        client_id: client.into(),
        sender_persona_id: sender.into(),
        text: text.into(),
        attachments: json!([]),
    }
}

/// A chat of visitor Ann and an agent persona Bob.
pub async fn chat_with_agent(s: &dyn Store) -> (Channel, Persona, Persona) {
    let (_, domain) = org_and_domain(s).await;
    let (c, visitor_p) = s.create_channel(&domain.id, visitor("Ann")).await.unwrap();
    let agent = s
        .create_persona(NewPersona {
            persona_type: PersonaType::ChatAgentPersona,
            ..visitor("Bob")
        })
        .await
        .unwrap();
    (c, visitor_p, agent)
}

pub fn new_user(org: &str, email: &str, role: Role, persona: Option<String>) -> NewUser {
    NewUser {
        org_id: org.into(),
        email: email.into(),
        name: email.into(),
        password_hash: "h".into(),
        role,
        persona_id: persona,
    }
}

pub fn agent_persona(name: &str) -> NewPersona {
    NewPersona {
        persona_type: PersonaType::ChatAgentPersona,
        name: name.into(),
        email: None,
        ip: None,
        url: None,
        legal_notice_accepted: 0,
        avatar_url: None,
    }
}

/// Polls all futures together on this task (no extra crate needed).
pub async fn futures_join_all<F: Future>(futs: impl Iterator<Item = F>) -> Vec<F::Output> {
    let mut futs: Vec<Pin<Box<F>>> = futs.map(Box::pin).collect();
    let mut out: Vec<Option<F::Output>> = futs.iter().map(|_| None).collect();
    std::future::poll_fn(|cx| {
        let mut pending = false;
        for (i, f) in futs.iter_mut().enumerate() {
            if out[i].is_none() {
                match f.as_mut().poll(cx) {
                    std::task::Poll::Ready(v) => out[i] = Some(v),
                    std::task::Poll::Pending => pending = true,
                }
            }
        }
        if pending {
            std::task::Poll::Pending
        } else {
            std::task::Poll::Ready(())
        }
    })
    .await;
    out.into_iter().map(|o| o.unwrap()).collect()
}

pub fn job(kind: &str, key: Option<&str>, run_at: i64) -> NewJob {
    NewJob {
        kind: kind.into(),
        dedupe_key: key.map(Into::into),
        payload: json!({"n": run_at}),
        run_at,
    }
}

/// Claims until nothing is left: the ids claimed.
pub async fn drain_jobs(s: &dyn Store, lease: std::time::Duration) -> Vec<String> {
    let mut ids = Vec::new();
    loop {
        let got = s.claim_jobs(7, lease).await.unwrap();
        if got.is_empty() {
            return ids;
        }
        ids.extend(got.into_iter().map(|j| j.id));
    }
}
