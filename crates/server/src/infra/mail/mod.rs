//! Outgoing e-mail over SMTP, with lettre: the transport `--smtp-url` names, the sender
//! `--mail-from`, and [`Mail`], a message built multipart (plain text and HTML). Every header is
//! one of lettre's typed headers, which encode whatever a value holds, so a visitor's name with a
//! line break in it stays a name and never becomes a header; the HTML part escapes every value
//! ([`html`]). Every mail has a `Message-ID` on `--mail-from`'s domain, a `Date` and
//! `Auto-Submitted: auto-generated` (RFC 3834: nothing Beckon sends is a person's own mail, so
//! auto-responders stay quiet). The mails to visitors are in their language ([`words`],
//! [`when`], [`visitor`]).

pub mod visitor;
pub mod when;
pub mod words;

use std::time::{Duration, SystemTime};

use lettre::message::header::{ContentType, HeaderName, HeaderValue};
use lettre::message::{Mailbox, MultiPart, SinglePart};
use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Tls, TlsParameters};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

/// How long one SMTP conversation may take before it counts as failed (and is retried).
const SMTP_TIMEOUT: Duration = Duration::from_secs(20);

/// Sends Beckon's mail through one SMTP server.
pub struct Mailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
    reply_to: Option<Mailbox>,
}

/// One message to send.
#[derive(Debug, Clone)]
pub struct Mail {
    pub to: Mailbox,
    pub subject: String,
    pub text: String,
    pub html: String,
    pub reply_to: Option<Mailbox>,
    /// A `List-Unsubscribe` URL, when the mail has one.
    pub unsubscribe: Option<String>,
    /// The language it is written in (`Content-Language`), when it is a visitor's.
    pub language: Option<String>,
    /// `<…@domain>`, given when the mail is queued so that each attempt to send it sends the
    /// same message ([`Mailer::message_id`]); none: one is made when it is sent.
    pub message_id: Option<String>,
}

/// Why a message was not sent: `permanent` when sending it again cannot help (the server
/// refused it for good, 5xx), so it is not retried.
#[derive(Debug, thiserror::Error)]
#[error("{message}")]
pub struct MailError {
    pub message: String,
    pub permanent: bool,
}

impl Mailer {
    /// `url`: `smtp://[user:pass@]host[:port]` (STARTTLS when the server offers it; port 25 by
    /// default) or `smtps://…` (TLS from the start; port 465); `from`: `Name <address>` or an
    /// address; `reply_to`: where visitors' replies by mail go, when a person reads them there
    /// (`--mail-reply-to`). Any wrong: the reason, for the operator.
    pub fn new(url: &str, from: &str, reply_to: Option<&str>) -> Result<Self, String> {
        let from: Mailbox = from.parse().map_err(|e| {
            format!("--mail-from {from:?} is not an address or \"Name <address>\": {e}")
        })?;
        let reply_to: Option<Mailbox> = reply_to
            .map(|r| {
                r.parse().map_err(|e| {
                    format!("--mail-reply-to {r:?} is not an address or \"Name <address>\": {e}")
                })
            })
            .transpose()?;
        let parsed = url::Url::parse(url)
            .map_err(|e| format!("--smtp-url is not a URL ({e}): smtp://[user:pass@]host:port"))?;
        let host = parsed
            .host_str()
            .filter(|h| !h.is_empty())
            .ok_or("--smtp-url has no host: smtp://[user:pass@]host:port")?
            .to_owned();
        let (tls, default_port) = match parsed.scheme() {
            "smtp" => (false, 25),
            "smtps" => (true, 465),
            other => {
                return Err(format!(
                    "--smtp-url must start with smtp:// or smtps:// (got {other}://)"
                ))
            }
        };
        let params = TlsParameters::new(host.clone()).map_err(|e| format!("TLS: {e}"))?;
        let mut builder = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(host)
            .port(parsed.port().unwrap_or(default_port))
            .timeout(Some(SMTP_TIMEOUT))
            .tls(if tls {
                Tls::Wrapper(params)
            } else {
                Tls::Opportunistic(params)
            });
        if !parsed.username().is_empty() {
            let decode = |s: &str| {
                percent_encoding::percent_decode_str(s)
                    .decode_utf8_lossy()
                    .into_owned()
            };
            builder = builder.credentials(Credentials::new(
                decode(parsed.username()),
                decode(parsed.password().unwrap_or("")),
            ));
        }
        Ok(Mailer {
            transport: builder.build(),
            from,
            reply_to,
        })
    }

    /// The sender's address (`--mail-from`).
    pub fn from(&self) -> &Mailbox {
        &self.from
    }

    /// Where a visitor's reply by mail goes, when a person reads it (`--mail-reply-to`).
    pub fn visitor_reply_to(&self) -> Option<&Mailbox> {
        self.reply_to.as_ref()
    }

    /// A new, unique `Message-ID` on the sender's domain.
    pub fn message_id(&self) -> String {
        format!(
            "<{}@{}>",
            uuid::Uuid::new_v4().simple(),
            self.from.email.domain()
        )
    }

    /// Sends `mail`, dated `now` (Unix ms).
    pub async fn send(&self, mail: Mail, now: i64) -> Result<(), MailError> {
        let message = self.build(mail, now).map_err(|e| MailError {
            message: format!("cannot build the message: {e}"),
            permanent: true,
        })?;
        self.transport
            .send(message)
            .await
            .map(|_| ())
            .map_err(|e| MailError {
                permanent: e.is_permanent(),
                message: format!("SMTP: {e}"),
            })
    }

    fn build(&self, mail: Mail, now: i64) -> Result<Message, lettre::error::Error> {
        let date = SystemTime::UNIX_EPOCH + Duration::from_millis(u64::try_from(now).unwrap_or(0));
        let mut b = Message::builder()
            .from(self.from.clone())
            .to(mail.to)
            .subject(mail.subject)
            .date(date)
            .message_id(Some(mail.message_id.unwrap_or_else(|| self.message_id())))
            .raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("Auto-Submitted"),
                "auto-generated".to_owned(),
            ))
            // Exchange and Outlook's out-of-office and other automatic answers: none to these.
            .raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("X-Auto-Response-Suppress"),
                "All".to_owned(),
            ));
        if let Some(r) = mail.reply_to {
            b = b.reply_to(r);
        }
        // One of the widget's language tags (`words::Words::lang`), never the visitor's text.
        if let Some(lang) = mail.language {
            b = b.raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("Content-Language"),
                lang,
            ));
        }
        if let Some(u) = mail.unsubscribe {
            b = b.raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("List-Unsubscribe"),
                format!("<{u}>"),
            ));
            // RFC 8058: the link stops the mail with one POST, no page to visit.
            b = b.raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("List-Unsubscribe-Post"),
                "List-Unsubscribe=One-Click".to_owned(),
            ));
        }
        b.multipart(
            MultiPart::alternative()
                .singlepart(
                    SinglePart::builder()
                        .header(ContentType::TEXT_PLAIN)
                        .body(mail.text),
                )
                .singlepart(
                    SinglePart::builder()
                        .header(ContentType::TEXT_HTML)
                        .body(mail.html),
                ),
        )
    }
}

/// `text` as the text of an HTML element: `&`, `<` and `>` escaped.
pub fn html(text: &str) -> String {
    html_escape::encode_text(text).into_owned()
}

/// `text` as the value of a double-quoted HTML attribute.
pub fn html_attr(text: &str) -> String {
    html_escape::encode_double_quoted_attribute(text).into_owned()
}

/// A mailbox whose display name is `name` (any text: lettre encodes it) at `address`.
pub fn mailbox(name: &str, address: &str) -> Option<Mailbox> {
    let address = address.parse().ok()?;
    // Control characters have no place in a display name; a line break becomes a space.
    let name: String = name
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    Some(Mailbox::new(Some(name.trim().to_owned()), address))
}
