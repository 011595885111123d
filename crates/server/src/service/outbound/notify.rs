//! Who is told what, decided in one place. A visitor who writes starts a window
//! (`--notify-delay-seconds`); when it closes, if an agent has read or answered, nobody is
//! mailed; otherwise each agent of the organisation who is not online gets one mail naming the
//! visitor and quoting what they wrote, with a link to the conversation in the console. An agent
//! who writes starts the same window for the visitor: a reply no widget of theirs acknowledged by
//! then is mailed to the address the visitor gave, with the conversation so far and a link that
//! continues it in any browser (`/c/{token}`), within bounds per conversation and per domain.

use serde_json::{json, Value};

use super::event::{Event, Subscriber};
use super::job::JobError;
use crate::infra::mail::visitor::{visitor_mail, Letter, Line, VisitorMail};
use crate::infra::mail::when::Times;
use crate::infra::mail::words::Words;
use crate::infra::mail::{html, html_attr, mailbox, Mail};
use crate::state::AppState;
use beckon_store::{Channel, Domain, NewJob, StoreError};

/// Messages quoted in one mail at most (the rest are in the console).
const MAX_QUOTED: i64 = 20;

/// Mails to one visitor at most, per conversation in a day (a visitor who keeps coming back to
/// a long conversation is still mailed now and then, never flooded).
pub const VISITOR_MAILS_PER_CHAT_A_DAY: i64 = 5;
/// Mails to visitors at most, per domain in an hour: a chat form on someone's site must not
/// become a way to mail strangers.
pub const VISITOR_MAILS_PER_DOMAIN_AN_HOUR: i64 = 60;

/// Mail as a subscriber of chat events: a visitor who wrote starts the agents' window, an agent
/// who wrote the visitor's. One job per chat waits at a time, so a visitor's five messages make
/// one mail.
pub struct Mails;

#[async_trait::async_trait]
impl Subscriber for Mails {
    async fn on_event(&self, state: &AppState, event: &Event) {
        if let Event::MessageStored {
            channel,
            message,
            sender,
        } = event
        {
            let kind = if sender.id == channel.visitor_persona_id {
                super::NOTIFY_AGENTS
            } else {
                super::NOTIFY_VISITOR
            };
            after_delay(state, kind, channel, message.created_at).await;
        }
    }
}

/// Queues the `kind` decision about `channel` for when the delay after `written` (the message's
/// time, however late its event runs) is up (one waits per chat).
/// Called for every message: while this instance knows one waits, it writes nothing (the store's
/// key would refuse a second one anyway, but only after a write).
async fn after_delay(state: &AppState, kind: &str, channel: &Channel, written: i64) {
    if state.mailer.is_none() {
        return;
    }
    let now = written;
    let queued = format!("{kind}:{}", channel.id);
    if state
        .notify_queued
        .get(&queued)
        .is_some_and(|run_at| now < run_at)
    {
        return;
    }
    let delay = i64::try_from(state.notify_delay.as_millis()).unwrap_or(i64::MAX / 2);
    let run_at = now.saturating_add(delay);
    let job = NewJob {
        kind: kind.into(),
        dedupe_key: Some(channel.id.clone()),
        payload: json!({ "channelId": channel.id }),
        run_at,
    };
    match state.store.enqueue_job(job).await {
        Ok(added) => {
            state.notify_queued.insert(queued, run_at);
            if added {
                state.jobs_added.notify_one();
            }
        }
        Err(e) => tracing::warn!(error = %e, kind, "outbound: cannot queue a notification"),
    }
}

/// The chat a notification job is about, and its domain; `None` when either is gone since.
pub(super) async fn chat_of(
    state: &AppState,
    payload: &Value,
) -> Result<Option<(Channel, Domain)>, JobError> {
    let Some(channel_id) = payload["channelId"].as_str() else {
        return Err(JobError::permanent("no channelId"));
    };
    let channel = match state.store.get_channel(channel_id).await {
        Err(StoreError::NotFound) => return Ok(None),
        other => other?,
    };
    match state.store.get_domain(&channel.domain_id).await {
        Err(StoreError::NotFound) => Ok(None),
        other => Ok(Some((channel, other?))),
    }
}

/// Queues `mail` to be sent now; `key` makes it once even if the deciding job runs twice.
async fn queue_mail(state: &AppState, mail: Mail, key: String) -> Result<(), JobError> {
    let mut mail = mail;
    if let (None, Some(mailer)) = (&mail.message_id, &state.mailer) {
        mail.message_id = Some(mailer.message_id());
    }
    let job = NewJob {
        kind: super::MAIL.into(),
        dedupe_key: Some(key),
        payload: mail_json(&mail),
        run_at: state.store.now(),
    };
    state.store.enqueue_job(job).await?;
    state.jobs_added.notify_one();
    Ok(())
}

/// The `notify-agents` job: decides who is mailed, and queues one `mail` job for each.
pub(super) async fn notify_agents(state: &AppState, payload: &Value) -> Result<(), JobError> {
    let Some((channel, domain)) = chat_of(state, payload).await? else {
        return Ok(());
    };
    let store = &state.store;
    let users = store.list_users(&domain.org_id).await?;
    // Read (or answered) by any agent up to here: what follows is unread.
    let mut read = 0;
    for persona in users.iter().filter_map(|u| u.persona_id.as_deref()) {
        read = read.max(store.read_marker(&channel.id, persona).await?);
    }
    let unread: Vec<String> = store
        .messages_after(&channel.id, read, MAX_QUOTED)
        .await?
        .into_iter()
        .filter(|m| m.sender_persona_id == channel.visitor_persona_id)
        .map(|m| m.text)
        .collect();
    if unread.is_empty() {
        return Ok(());
    }
    let visitor = store.get_persona(&channel.visitor_persona_id).await?;
    let link = format!("{}/console/inbox/{}", state.mail_origin, channel.id);
    let choices = store.org_notify_choices(&domain.org_id).await?;
    for user in &users {
        let choice = choices.get(&user.id).copied().unwrap_or_default();
        if !choice.email || !choice.covers(&user.id, channel.assigned_agent_id.as_deref()) {
            continue;
        }
        if state.presence.agent_is_online(&domain.id, &user.id).await {
            continue;
        }
        let Some(to) = mailbox(&user.name, &user.email) else {
            continue;
        };
        let stop = format!(
            "{}/u/{}",
            state.mail_origin,
            state.tokens.unsubscribe(&user.id, store.now())
        );
        let mail = agent_mail(to, &visitor.name, &domain.name, &unread, &link, &stop);
        let key = format!("{}:{}:{}", channel.id, user.id, channel.last_seq);
        queue_mail(state, mail, key).await?;
    }
    Ok(())
}

/// The `notify-visitor` job: mails the visitor what agents wrote that no widget of theirs
/// acknowledged, with the conversation so far.
pub(super) async fn notify_visitor(state: &AppState, payload: &Value) -> Result<(), JobError> {
    let Some((channel, domain)) = chat_of(state, payload).await? else {
        return Ok(());
    };
    let store = &state.store;
    let visitor = store.get_persona(&channel.visitor_persona_id).await?;
    let Some(to) = visitor
        .email
        .as_deref()
        .and_then(|address| mailbox(&visitor.name, address))
    else {
        return Ok(());
    };
    let seen = store.read_marker(&channel.id, &visitor.id).await?;
    if channel.last_seq <= seen {
        return Ok(());
    }
    let recent = store
        .messages_after(
            &channel.id,
            (channel.last_seq - MAX_QUOTED).max(0),
            MAX_QUOTED,
        )
        .await?;
    let unseen_from_agents = recent
        .iter()
        .any(|m| m.seq > seen && m.sender_persona_id != visitor.id);
    if !unseen_from_agents {
        return Ok(());
    }
    if !store
        .note_visitor_mail(
            &domain.id,
            &channel.id,
            VISITOR_MAILS_PER_CHAT_A_DAY,
            VISITOR_MAILS_PER_DOMAIN_AN_HOUR,
        )
        .await?
    {
        tracing::info!(domain = %domain.id, "outbound: a visitor's mail is over its bound; not sent");
        return Ok(());
    }
    let (words, times) = reader(state, &channel, &domain).await?;
    let lines =
        conversation_lines(state, &channel, &visitor, &domain, recent, &words, &times).await?;
    let link = continuation_link(state, &channel, &visitor);
    let mail = visitor_mail(
        VisitorMail::Reply,
        letter(state, to, &words, &domain, &lines, &link),
    );
    queue_mail(
        state,
        mail,
        format!("{}:visitor:{}", channel.id, channel.last_seq),
    )
    .await
}

/// A link that continues `channel` in any browser (api/http/continuation.rs).
fn continuation_link(
    state: &AppState,
    channel: &Channel,
    visitor: &beckon_store::Persona,
) -> String {
    let token = state
        .tokens
        .continuation(&channel.id, &visitor.id, state.store.now());
    format!("{}/c/{token}", state.mail_origin)
}

/// What a mail to `to`, the visitor of a chat on `domain`, says it with.
fn letter<'a>(
    state: &AppState,
    to: lettre::message::Mailbox,
    words: &'a Words,
    domain: &'a Domain,
    lines: &'a [Line],
    link: &'a str,
) -> Letter<'a> {
    Letter {
        to,
        words,
        site: &domain.name,
        lines,
        link,
        reply_to: state
            .mailer
            .as_ref()
            .and_then(|m| m.visitor_reply_to().cloned()),
    }
}

/// The language and clock of the visitor of `channel`: the language their widget spoke and the
/// time zone it reported when the chat began (kept with the visit), else the domain's; the
/// domain's published texts (else its saved ones) reword the mail's.
async fn reader(
    state: &AppState,
    channel: &Channel,
    domain: &Domain,
) -> Result<(Words, Times), StoreError> {
    let context = state
        .store
        .visitor_context(&channel.id)
        .await?
        .unwrap_or_default();
    let published = match state.store.get_published(&domain.id).await {
        Ok(p) => published_properties(&p.config_json, &domain.id),
        Err(StoreError::NotFound) => None,
        Err(e) => return Err(e),
    };
    let words = Words::new(
        context.language.as_deref(),
        published.as_ref().unwrap_or(&domain.properties),
    );
    let zone = context.time_zone.as_deref().or(domain.timezone.as_deref());
    let times = Times::new(zone, words.locale());
    Ok((words, times))
}

/// The properties of domain `id` in a published config. Pure.
fn published_properties(config_json: &str, id: &str) -> Option<Value> {
    let config: Value = serde_json::from_str(config_json).ok()?;
    config["domains"]
        .as_array()?
        .iter()
        .find(|d| d["id"] == id)
        .map(|d| d["properties"].clone())
        .filter(Value::is_object)
}

/// `messages` as a visitor reads them: the visitor's own as "You" (in their language), an
/// agent's by name (the site's name when the agent is gone), each with its time on their clock.
async fn conversation_lines(
    state: &AppState,
    channel: &Channel,
    visitor: &beckon_store::Persona,
    domain: &Domain,
    messages: Vec<beckon_store::Message>,
    words: &Words,
    times: &Times,
) -> Result<Vec<Line>, StoreError> {
    let names: std::collections::HashMap<String, String> = state
        .store
        .channel_personas(&channel.id)
        .await?
        .into_iter()
        .map(|p| (p.id, p.name))
        .collect();
    Ok(messages
        .into_iter()
        .map(|m| {
            let who = if m.sender_persona_id == visitor.id {
                words.get("you", &domain.name)
            } else {
                names
                    .get(&m.sender_persona_id)
                    .cloned()
                    .unwrap_or_else(|| domain.name.clone())
            };
            Line {
                who,
                at: times.at(m.created_at),
                text: m.text,
            }
        })
        .collect())
}

/// Messages a transcript holds at most (a longer conversation's first ones are left out).
pub const MAX_TRANSCRIPT: i64 = 500;

/// Why a transcript was not queued, in words for the visitor.
#[derive(Debug, PartialEq, Eq)]
pub enum NoTranscript {
    /// The server has no `--smtp-url`.
    NoMail,
    /// The visitor gave no usable address.
    NoAddress,
    /// Past the bounds on mail to visitors.
    TooMany,
}

/// The visitor asked for the whole conversation by e-mail (at End Chat): queued at once, within
/// the same bounds as every mail to visitors (a second ask while the first waits adds nothing).
/// The address it goes to.
pub async fn queue_transcript(
    state: &AppState,
    channel: &Channel,
    domain: &Domain,
) -> Result<Result<String, NoTranscript>, JobError> {
    if state.mailer.is_none() {
        return Ok(Err(NoTranscript::NoMail));
    }
    let store = &state.store;
    let visitor = store.get_persona(&channel.visitor_persona_id).await?;
    let Some(address) = visitor.email.clone() else {
        return Ok(Err(NoTranscript::NoAddress));
    };
    let Some(to) = mailbox(&visitor.name, &address) else {
        return Ok(Err(NoTranscript::NoAddress));
    };
    if !store
        .note_visitor_mail(
            &domain.id,
            &channel.id,
            VISITOR_MAILS_PER_CHAT_A_DAY,
            VISITOR_MAILS_PER_DOMAIN_AN_HOUR,
        )
        .await?
    {
        return Ok(Err(NoTranscript::TooMany));
    }
    let messages = store
        .messages_after(
            &channel.id,
            (channel.last_seq - MAX_TRANSCRIPT).max(0),
            MAX_TRANSCRIPT,
        )
        .await?;
    let (words, times) = reader(state, channel, domain).await?;
    let lines =
        conversation_lines(state, channel, &visitor, domain, messages, &words, &times).await?;
    let link = continuation_link(state, channel, &visitor);
    let mail = visitor_mail(
        VisitorMail::Transcript,
        letter(state, to, &words, domain, &lines, &link),
    );
    let key = format!("{}:transcript:{}", channel.id, channel.last_seq);
    queue_mail(state, mail, key).await?;
    Ok(Ok(address))
}

/// The `mail` job: sends it; a refusal the SMTP server means for good is not retried.
pub(super) async fn send_mail(state: &AppState, payload: &Value) -> Result<(), JobError> {
    let Some(mailer) = &state.mailer else {
        return Err(JobError::retry("no --smtp-url on this instance"));
    };
    let mail = mail_of(payload).ok_or_else(|| JobError::permanent("not a mail"))?;
    mailer
        .send(mail, state.store.now())
        .await
        .map_err(|e| JobError {
            message: e.message,
            permanent: e.permanent,
            retry_at: None,
        })
}

/// The mail to an agent about a visitor's unread messages. Pure.
pub fn agent_mail(
    to: lettre::message::Mailbox,
    visitor: &str,
    site: &str,
    messages: &[String],
    link: &str,
    unsubscribe: &str,
) -> Mail {
    let visitor = if visitor.trim().is_empty() {
        "A visitor"
    } else {
        visitor.trim()
    };
    let quoted_text: String = messages
        .iter()
        .map(|m| m.lines().map(|l| format!("> {l}\n")).collect::<String>() + ">\n")
        .collect();
    let quoted_html: String = messages
        .iter()
        .map(|m| {
            format!(
                "<blockquote style=\"margin:0 0 12px;padding:8px 12px;border-left:3px solid #ccc;white-space:pre-wrap\">{}</blockquote>",
                html(m)
            )
        })
        .collect();
    Mail {
        to,
        subject: format!("{visitor} is waiting for an answer on {site}"),
        text: format!(
            "{visitor} wrote on {site}, and nobody has read it yet:\n\n{quoted_text}\nAnswer in the console: {link}\n\nStop these e-mails: {unsubscribe}\n"
        ),
        html: format!(
            "<p>{} wrote on {}, and nobody has read it yet:</p>{quoted_html}<p><a href=\"{}\">Answer in the console</a></p><p style=\"color:#555\">Choose what you are told about in the console, or <a href=\"{}\">stop these e-mails</a>.</p>",
            html(visitor),
            html(site),
            html_attr(link),
            html_attr(unsubscribe)
        ),
        reply_to: None,
        unsubscribe: Some(unsubscribe.to_owned()),
        language: None,
        message_id: None,
    }
}

fn mail_json(mail: &Mail) -> Value {
    json!({
        "to": mail.to.to_string(),
        "subject": mail.subject,
        "text": mail.text,
        "html": mail.html,
        "replyTo": mail.reply_to.as_ref().map(ToString::to_string),
        "unsubscribe": mail.unsubscribe,
        "language": mail.language,
        "messageId": mail.message_id,
    })
}

fn mail_of(v: &Value) -> Option<Mail> {
    let text = |k: &str| v[k].as_str().map(str::to_owned);
    Some(Mail {
        to: v["to"].as_str()?.parse().ok()?,
        subject: text("subject")?,
        text: text("text")?,
        html: text("html")?,
        reply_to: v["replyTo"].as_str().and_then(|r| r.parse().ok()),
        unsubscribe: text("unsubscribe"),
        // A tag Beckon wrote, one of the widget's languages: nothing else goes in the header.
        language: text("language").filter(|l| beckon_model::LANGUAGES.contains(&l.as_str())),
        message_id: text("messageId"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_visitors_words_are_quoted_and_escaped_and_the_mail_survives_the_queue() {
        let to = mailbox("Ada", "ada@shop.test").unwrap();
        let m = agent_mail(
            to,
            "Eve <script>",
            "shop.test",
            &["Hi\nanyone?".into(), "<b>bold</b> & co".into()],
            "https://beckon.test/console/inbox/c1",
            "https://beckon.test/u/u1.x.y",
        );
        assert_eq!(
            m.unsubscribe.as_deref(),
            Some("https://beckon.test/u/u1.x.y")
        );
        assert_eq!(
            m.subject,
            "Eve <script> is waiting for an answer on shop.test"
        );
        assert!(m.text.contains("> Hi\n> anyone?\n"), "{}", m.text);
        assert!(
            m.html.contains("&lt;b&gt;bold&lt;/b&gt; &amp; co"),
            "{}",
            m.html
        );
        assert!(m.html.contains("Eve &lt;script&gt;"), "{}", m.html);
        assert!(!m.html.contains("<script>"));
        let back = mail_of(&mail_json(&m)).unwrap();
        assert_eq!(back.to, m.to);
        assert_eq!(back.unsubscribe, m.unsubscribe);
        assert_eq!(
            (back.subject, back.text, back.html),
            (m.subject, m.text, m.html)
        );
    }

    #[test]
    fn a_line_break_in_a_name_stays_in_the_name() {
        let to = mailbox("Eve\r\nBcc: victim@else.test", "ada@shop.test").unwrap();
        assert_eq!(to.name.as_deref(), Some("Eve  Bcc: victim@else.test"));
    }
}
