//! Web Push to agents' browsers: RFC 8030 delivery through each browser's push service, the
//! payload encrypted for that browser (RFC 8291, `aes128gcm`, by `web-push-native`) and the
//! request signed with the server's VAPID key (RFC 8292; `infra/egress/vapid.rs`, the same key on every
//! instance, so a subscription made through one instance is pushed to by any).
//!
//! A visitor's message is pushed at once (no delay, unlike mail) to every agent of the
//! organisation who is not online and is told about that conversation (their choices: every
//! one, unassigned ones, their own), on each of their browsers: `notify-push` decides, one `push`
//! job per browser delivers (retried on its own; a subscription the push service answers 404 or
//! 410 is forgotten).

use serde_json::{json, Value};
use web_push_native::WebPushBuilder;

use super::event::{Event, Subscriber};
use super::job::JobError;
use crate::infra::egress::{browser_keys, Vapid};
use crate::state::AppState;
use beckon_store::{NewJob, PushSubscription};

/// Browsers kept per agent: a new one past this replaces the oldest.
pub const MAX_SUBSCRIPTIONS_PER_AGENT: i64 = 10;
/// How long a push service may keep trying to reach a browser that is off (its `TTL`).
const TTL: std::time::Duration = std::time::Duration::from_secs(24 * 60 * 60);
/// A notification's text holds this many characters of the message at most.
const BODY_CHARS: usize = 120;

/// What a notification says: JSON the console's service worker shows (`web/console`).
pub fn notice(visitor: &str, site: &str, text: &str, channel_id: &str, first: bool) -> Value {
    let visitor = match visitor.trim() {
        "" => "A visitor",
        v => v,
    };
    let mut body: String = text.chars().take(BODY_CHARS).collect();
    if text.chars().count() > BODY_CHARS {
        body.push('…');
    }
    let title = if first {
        format!("New chat: {visitor} on {site}")
    } else {
        format!("{visitor} on {site}")
    };
    json!({
        "title": title,
        "body": body,
        "url": format!("/console/inbox/{channel_id}"),
        "tag": channel_id,
    })
}

/// Web Push as a subscriber of chat events: a visitor's message is pushed at once to the agents
/// who are not online (one `notify-push` job per message).
pub struct Push;

#[async_trait::async_trait]
impl Subscriber for Push {
    async fn on_event(&self, state: &AppState, event: &Event) {
        let Event::MessageStored {
            channel,
            message,
            sender,
        } = event
        else {
            return;
        };
        if sender.id != channel.visitor_persona_id {
            return;
        }
        let job = NewJob {
            kind: super::NOTIFY_PUSH.into(),
            dedupe_key: Some(format!("{}:{}", channel.id, message.seq)),
            payload: json!({ "channelId": channel.id, "seq": message.seq }),
            run_at: state.store.now(),
        };
        match state.store.enqueue_job(job).await {
            Ok(true) => state.jobs_added.notify_one(),
            Ok(false) => {}
            Err(e) => tracing::warn!(error = %e, "outbound: cannot queue a push"),
        }
    }
}

/// The `notify-push` job: one `push` job per browser of each agent who is not online, unless an
/// agent has read the message already.
pub(super) async fn notify_push(state: &AppState, payload: &Value) -> Result<(), JobError> {
    let Some((channel, domain)) = super::notify::chat_of(state, payload).await? else {
        return Ok(());
    };
    let seq = payload["seq"].as_i64().unwrap_or(channel.last_seq);
    let store = &state.store;
    let users = store.list_users(&domain.org_id).await?;
    for persona in users.iter().filter_map(|u| u.persona_id.as_deref()) {
        if store.read_marker(&channel.id, persona).await? >= seq {
            return Ok(());
        }
    }
    let Some(message) = store
        .messages_after(&channel.id, seq - 1, 1)
        .await?
        .into_iter()
        .next()
    else {
        return Ok(());
    };
    let visitor = store.get_persona(&channel.visitor_persona_id).await?;
    let first = store
        .messages_after(&channel.id, 0, 1)
        .await?
        .first()
        .is_some_and(|m| m.seq == seq);
    let notice = notice(
        &visitor.name,
        &domain.name,
        &message.text,
        &channel.id,
        first,
    );
    let choices = store.org_notify_choices(&domain.org_id).await?;
    for user in &users {
        let choice = choices.get(&user.id).copied().unwrap_or_default();
        if !choice.covers(&user.id, channel.assigned_agent_id.as_deref()) {
            continue;
        }
        if state.presence.agent_is_online(&domain.id, &user.id).await {
            continue;
        }
        for sub in store.push_subscriptions(&user.id).await? {
            let job = NewJob {
                kind: super::PUSH.into(),
                dedupe_key: Some(format!("{}:{seq}:{}", channel.id, sub.endpoint)),
                payload: json!({ "userId": user.id, "endpoint": sub.endpoint, "notice": notice }),
                run_at: store.now(),
            };
            store.enqueue_job(job).await?;
        }
    }
    state.jobs_added.notify_one();
    Ok(())
}

/// The `push` job: delivers one notice to one browser.
pub(super) async fn send_push(state: &AppState, payload: &Value) -> Result<(), JobError> {
    let (Some(user_id), Some(endpoint)) =
        (payload["userId"].as_str(), payload["endpoint"].as_str())
    else {
        return Err(JobError::permanent("not a push"));
    };
    let subs = state.store.push_subscriptions(user_id).await?;
    let Some(sub) = subs.iter().find(|s| s.endpoint == endpoint) else {
        return Ok(()); // turned off since
    };
    let request = encrypted(&state.vapid, sub, &payload["notice"], &state.outbound)?;
    let (parts, body) = request.into_parts();
    let mut req = state.http.post(parts.uri.to_string()).body(body);
    for (name, value) in &parts.headers {
        req = req.header(name, value);
    }
    let answer = req
        .send()
        .await
        .map_err(|e| JobError::retry(format!("push service: {e}")))?;
    let status = answer.status().as_u16();
    match status {
        200..=299 => Ok(()),
        404 | 410 => {
            tracing::info!(
                status,
                "outbound: a browser's subscription is gone; forgotten"
            );
            state.store.forget_push_endpoint(endpoint).await?;
            Ok(())
        }
        429 | 500..=599 => Err(JobError::retry(format!("push service answered {status}"))),
        _ => Err(JobError::permanent(format!(
            "push service refused the notification: {status}"
        ))),
    }
}

/// The request that delivers `notice` to the browser of `sub`: encrypted for it, signed.
fn encrypted(
    vapid: &Vapid,
    sub: &PushSubscription,
    notice: &Value,
    outbound: &crate::infra::egress::Outbound,
) -> Result<axum::http::Request<Vec<u8>>, JobError> {
    let url = url::Url::parse(&sub.endpoint)
        .map_err(|_| JobError::permanent("the endpoint is not a URL"))?;
    if let Some(why) = outbound.refusal(&url) {
        return Err(JobError::permanent(format!("the endpoint {why}")));
    }
    let (public, auth) = browser_keys(&sub.p256dh, &sub.auth).map_err(JobError::permanent)?;
    let endpoint = sub
        .endpoint
        .parse()
        .map_err(|_| JobError::permanent("the endpoint is not a URI"))?;
    let mut request = WebPushBuilder::new(endpoint, public, auth)
        .with_valid_duration(TTL)
        .build(notice.to_string())
        .map_err(|e| JobError::permanent(format!("cannot encrypt the notification: {e}")))?;
    let authorization = vapid
        .authorization(&url, TTL)
        .map_err(JobError::permanent)?;
    request
        .headers_mut()
        .insert(axum::http::header::AUTHORIZATION, authorization);
    Ok(request)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_notice_names_the_visitor_and_the_first_words() {
        let long = "x".repeat(200);
        let n = notice("  ", "shop.test", &long, "c1", true);
        assert_eq!(n["title"], "New chat: A visitor on shop.test");
        assert_eq!(n["body"].as_str().unwrap().chars().count(), BODY_CHARS + 1);
        assert_eq!(n["url"], "/console/inbox/c1");
        assert_eq!(n["tag"], "c1");
        assert_eq!(notice("Eve", "s", "hi", "c1", false)["title"], "Eve on s");
    }
}
