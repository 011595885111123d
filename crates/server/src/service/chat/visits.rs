//! What agents see about a conversation's visitor (store/visits.rs): the context of the chat's
//! start, written when it is created (its browser, country, referrer, time zone and the language
//! the widget spoke, which the mails to the visitor are written in), and each page
//! the visitor is on while it lasts (the widget's `page` frame), told to the agents at once.

use std::net::IpAddr;

use crate::engine::hub::broker::{topic, Envelope, Kind};
use crate::state::AppState;
use crate::wire::frames::{ServerFrame, VisitorPageOut};
use crate::wire::iso_time;
use beckon_store::{Channel, VisitorContext};

/// Longest address kept.
pub const MAX_URL: usize = 2000;
/// Longest page title kept.
pub const MAX_TITLE: usize = 300;
/// Longest `User-Agent` kept.
const MAX_USER_AGENT: usize = 512;

/// `url` when it is an http(s) address short enough to keep. Pure.
pub fn page_url(url: &str) -> Option<&str> {
    let url = url.trim();
    (url.len() <= MAX_URL && beckon_model::is_http_url(url)).then_some(url)
}

/// `text` without control characters, cut to `max` characters; `None` when nothing is left. Pure.
pub fn clean(text: &str, max: usize) -> Option<String> {
    let t: String = text.chars().filter(|c| !c.is_control()).take(max).collect();
    let t = t.trim();
    (!t.is_empty()).then(|| t.to_owned())
}

/// An IANA zone name as browsers give it ("Europe/Amsterdam"), or `None`. Pure.
pub fn time_zone(zone: &str) -> Option<String> {
    let z = zone.trim();
    let ok = !z.is_empty()
        && z.len() <= 64
        && z.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '/' | '_' | '-' | '+'));
    ok.then(|| z.to_owned())
}

/// A language tag as the widget gives it ("fr", "pt-BR"), or `None`. Pure.
pub fn language_tag(tag: &str) -> Option<String> {
    let t = tag.trim();
    let mut parts = t.split('-');
    let primary = parts.next().unwrap_or("");
    let ok = (2..=3).contains(&primary.len())
        && primary.chars().all(|c| c.is_ascii_alphabetic())
        && parts
            .all(|p| (1..=8).contains(&p.len()) && p.chars().all(|c| c.is_ascii_alphanumeric()))
        && t.len() <= 35;
    ok.then(|| t.to_owned())
}

/// What the widget said about its visitor when the chat began, beside the persona.
#[derive(Debug, Clone, Copy, Default)]
pub struct Began<'a> {
    pub user_agent: Option<&'a str>,
    pub referrer: Option<&'a str>,
    pub zone: Option<&'a str>,
    pub language: Option<&'a str>,
    pub page: Option<&'a str>,
}

/// A new chat: keeps where its visitor came from and with what, and the page it began on.
pub async fn chat_began(state: &AppState, channel: &Channel, ip: IpAddr, began: Began<'_>) {
    let Began {
        user_agent,
        referrer,
        zone,
        language,
        page,
    } = began;
    let context = VisitorContext {
        user_agent: user_agent.and_then(|u| clean(u, MAX_USER_AGENT)),
        country: state.geo.as_ref().and_then(|g| g.country_code(ip)),
        referrer: referrer.and_then(page_url).map(str::to_owned),
        time_zone: zone.and_then(time_zone),
        language: language.and_then(language_tag),
        left_at: None,
    };
    if let Err(e) = state.store.set_visitor_context(&channel.id, &context).await {
        tracing::warn!(error = %e, "visits: cannot keep a chat's context");
    }
    if let Some(url) = page.and_then(page_url) {
        if let Err(e) = state.store.visitor_on_page(&channel.id, url, None).await {
            tracing::warn!(error = %e, "visits: cannot keep a page");
        }
    }
}

/// The visitor of `channel` is on `url` now: kept, and told to the agents when it is a new page
/// or the page has a new title, and they know the chat (`tell`: it has a message; until then the
/// console reads the pages with the chat).
pub async fn visitor_on_page(
    state: &AppState,
    channel: &Channel,
    origin: u64,
    url: &str,
    title: Option<String>,
    tell: bool,
) -> Result<(), beckon_store::StoreError> {
    let Some(seen_at) = state
        .store
        .visitor_on_page(&channel.id, url, title.as_deref())
        .await?
    else {
        return Ok(());
    };
    if !tell {
        return Ok(());
    }
    // A renamed page keeps its `seenAt`: the console replaces the entry it has.
    let frame = ServerFrame::VisitorPage(VisitorPageOut {
        channel_id: channel.id.clone(),
        url: url.to_owned(),
        title,
        seen_at: iso_time(seen_at),
    });
    let env = Envelope {
        // Published like agents' presence: every agent of the domain gets it as it is.
        kind: Kind::Presence,
        seq: 0,
        origin,
        channel: channel.id.clone(),
        id: String::new(),
        frame: frame.text().into(),
    };
    state
        .realtime
        .publish(topic::visitors(&channel.domain_id), &env)
        .await;
    Ok(())
}

/// The visitor's widget went away (its socket closed).
pub async fn visitor_left(state: &AppState, channel: &Channel) {
    if let Err(e) = state.store.visitor_left(&channel.id).await {
        tracing::warn!(error = %e, "visits: cannot note that a visitor left");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_what_is_worth_keeping_is_kept() {
        assert_eq!(
            page_url(" https://shop.test/a?b=1 "),
            Some("https://shop.test/a?b=1")
        );
        assert_eq!(page_url("javascript:alert(1)"), None);
        assert_eq!(
            page_url(&format!("https://shop.test/{}", "x".repeat(MAX_URL))),
            None
        );
        assert_eq!(
            clean("Shop\u{7}\n | Home ", 300).as_deref(),
            Some("Shop | Home")
        );
        assert_eq!(clean("\n\t", 300), None);
        assert_eq!(clean("abcdef", 3).as_deref(), Some("abc"));
        assert_eq!(
            time_zone("Europe/Amsterdam").as_deref(),
            Some("Europe/Amsterdam")
        );
        assert_eq!(time_zone("Etc/GMT+2").as_deref(), Some("Etc/GMT+2"));
        assert_eq!(time_zone("<script>"), None);
        assert_eq!(language_tag("pt-BR").as_deref(), Some("pt-BR"));
        assert_eq!(language_tag("fr").as_deref(), Some("fr"));
        assert_eq!(language_tag("fr\r\nBcc: x"), None);
        assert_eq!(language_tag("<b>"), None);
    }
}
