//! E-mail notifications end to end, against a real SMTP server of the test's own: a visitor's
//! message nobody reads reaches the agents who are not online, once per conversation and
//! window; nothing is mailed when an agent reads it in time; an SMTP server that is down
//! delays the mail and loses nothing; what a visitor types cannot add a header or markup; an
//! agent's reply the visitor did not see reaches their address, within bounds.
//!
//! A file per concern: the agents' mails (`agents.rs`), replies mailed to visitors
//! (`visitors.rs`), transcripts (`transcripts.rs`), each agent's choices (`choices.rs`), and the
//! visitor's language and clock (`languages.rs`).

mod agents;
mod choices;
mod languages;
mod transcripts;
mod visitors;

use std::sync::Arc;
use std::time::Duration;

use beckon_server::service::outbound::{CHAT_EVENT, MAIL, NOTIFY_AGENTS, NOTIFY_VISITOR};
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

/// The mails `smtp` received for `address`.
pub(crate) fn mails_to(smtp: &SmtpServer, address: &str) -> Vec<crate::common::smtp::Received> {
    smtp.received()
        .into_iter()
        .filter(|m| m.to.iter().any(|t| t == address))
        .collect()
}

/// A chat begun by a widget that speaks `language` in `zone`, of a visitor named `name`:
/// (channel id, persona id, token).
pub(crate) async fn new_chat_speaking(
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
pub(crate) async fn ask_transcript(t: &T, channel: &str, persona: &str) -> u16 {
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
pub(crate) fn header_values(m: &crate::common::smtp::Received, name: &str) -> Vec<String> {
    let prefix = format!("{}:", name.to_ascii_lowercase());
    m.header_lines()
        .into_iter()
        .filter(|l| l.to_ascii_lowercase().starts_with(&prefix))
        .map(|l| l[prefix.len()..].trim().to_owned())
        .collect()
}

/// When message `seq` of `channel` was written, as a reader in `zone` reading `locale` sees it.
pub(crate) async fn written_at(t: &T, channel: &str, seq: i64, zone: &str, locale: &str) -> String {
    let m = t
        .store()
        .messages_after(channel, seq - 1, 1)
        .await
        .unwrap()
        .remove(0);
    beckon_server::infra::mail::when::Times::new(Some(zone), locale).at(m.created_at)
}
