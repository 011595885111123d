//! The mails to a visitor, written in their language ([`Words`]): an agent's reply they did not
//! see, and the transcript they asked for at End Chat. Each quotes the conversation (who wrote,
//! when on the visitor's clock, what), gives the link that continues it, and says plainly that
//! answers go through that link (a reply to the mail reaches nobody, unless the server names an
//! address a person reads: `--mail-reply-to`). The HTML part carries the language and its
//! direction (`dir="rtl"` for Arabic and Hebrew); every value in it is escaped. Pure.

use lettre::message::Mailbox;

use super::words::Words;
use super::{html, html_attr, Mail};

/// One message as the visitor reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// "You" (in their language) for their own, else the agent's name.
    pub who: String,
    /// When, on the visitor's clock ([`super::when::Times`]).
    pub at: String,
    pub text: String,
}

/// Which mail.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VisitorMail {
    /// Replies the visitor did not see in the widget.
    Reply,
    /// The whole conversation, asked for at End Chat.
    Transcript,
}

impl VisitorMail {
    fn key(self) -> &'static str {
        match self {
            VisitorMail::Reply => "reply",
            VisitorMail::Transcript => "transcript",
        }
    }
}

/// Everything a mail to a visitor says.
pub struct Letter<'a> {
    pub to: Mailbox,
    pub words: &'a Words,
    /// The domain's name.
    pub site: &'a str,
    pub lines: &'a [Line],
    /// The link that continues the conversation (`/c/{token}`).
    pub link: &'a str,
    /// An address a person reads replies at (`--mail-reply-to`); none: replies are not read.
    pub reply_to: Option<Mailbox>,
}

/// The mail `kind` of `letter`.
pub fn visitor_mail(kind: VisitorMail, letter: Letter<'_>) -> Mail {
    let w = letter.words;
    let site = letter.site;
    let say = |key: &str| w.get(key, site);
    let part = |key: &str| say(&format!("{}.{key}", kind.key()));
    let subject = part("subject");
    // Where answers go: the link, always; and that replies by mail are read by nobody, unless
    // a person reads them.
    let mut answer = say("answer");
    if letter.reply_to.is_none() {
        answer = format!("{answer} {}", say("unread"));
    }
    let (intro, why, go_on) = (part("intro"), part("why"), say("continue"));
    let link = letter.link;

    let text_lines: String = letter
        .lines
        .iter()
        .map(|l| format!("{} ({}):\n{}\n", l.who, l.at, indent(&l.text)))
        .collect();
    let html_lines: String = letter
        .lines
        .iter()
        .map(|l| {
            format!(
                "<p style=\"margin:0 0 12px\"><strong><bdi>{}</bdi></strong> <span style=\"color:#555\">{}</span><br><span dir=\"auto\" style=\"white-space:pre-wrap\">{}</span></p>",
                html(&l.who),
                html(&l.at),
                html(&l.text)
            )
        })
        .collect();
    let (lang, dir) = (w.lang(), w.dir());
    Mail {
        to: letter.to,
        text: format!("{intro}\n\n{text_lines}\n{go_on}: {link}\n{answer}\n\n{why}\n"),
        html: format!(
            "<!DOCTYPE html><html lang=\"{lang}\" dir=\"{dir}\"><head><meta charset=\"utf-8\"><title>{}</title></head><body dir=\"{dir}\"><p>{}</p>{html_lines}<p><a href=\"{}\">{}</a></p><p>{}</p><p style=\"color:#555\">{}</p></body></html>",
            html(&subject),
            html(&intro),
            html_attr(link),
            html(&go_on),
            html(&answer),
            html(&why),
        ),
        subject,
        reply_to: letter.reply_to,
        unsubscribe: None,
        language: Some(lang.to_owned()),
        message_id: None,
    }
}

/// Each line of `text` indented by two spaces.
fn indent(text: &str) -> String {
    text.lines()
        .map(|l| format!("  {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::infra::mail::mailbox;
    use serde_json::json;

    fn lines() -> Vec<Line> {
        vec![
            Line {
                who: "You".into(),
                at: "Dec 7, 2026, 5:40 PM UTC".into(),
                text: "Is <this> free?".into(),
            },
            Line {
                who: "Ada".into(),
                at: "Dec 7, 2026, 5:41 PM UTC".into(),
                text: "Yes\nit is".into(),
            },
        ]
    }

    #[test]
    fn a_visitors_mail_labels_who_wrote_and_escapes_the_page_address() {
        let words = Words::new(None, &json!({}));
        let lines = lines();
        let m = visitor_mail(
            VisitorMail::Reply,
            Letter {
                to: mailbox("Eve", "eve@example.com").unwrap(),
                words: &words,
                site: "shop.test",
                lines: &lines,
                link: "https://shop.test/?q=\"x\"&a=<b>",
                reply_to: None,
            },
        );
        assert!(
            m.text.contains(
                "You (Dec 7, 2026, 5:40 PM UTC):\n  Is <this> free?\nAda (Dec 7, 2026, 5:41 PM UTC):\n  Yes\n  it is\n"
            ),
            "{}",
            m.text
        );
        assert!(m.html.contains("Is &lt;this&gt; free?"), "{}", m.html);
        assert!(
            m.html
                .contains("href=\"https://shop.test/?q=&quot;x&quot;&amp;a=&lt;b&gt;\""),
            "{}",
            m.html
        );
        assert!(m.text.contains("Replies to this e-mail are not read."));
        assert!(m.html.contains("<html lang=\"en\" dir=\"ltr\">"));
    }

    #[test]
    fn with_an_address_people_read_replies_are_not_said_to_be_lost() {
        let words = Words::new(Some("ar"), &json!({}));
        let m = visitor_mail(
            VisitorMail::Transcript,
            Letter {
                to: mailbox("Eve", "eve@example.com").unwrap(),
                words: &words,
                site: "shop.test",
                lines: &lines(),
                link: "https://beckon.test/c/t",
                reply_to: mailbox("Support", "help@shop.test"),
            },
        );
        assert_eq!(m.subject, "محادثتك مع shop.test");
        assert!(m.html.contains("<html lang=\"ar\" dir=\"rtl\">"));
        assert!(!m.text.contains("لا تتم قراءة الردود"), "{}", m.text);
        assert_eq!(m.language.as_deref(), Some("ar"));
    }
}
