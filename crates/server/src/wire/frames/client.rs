//! What clients send: [`ClientFrame`], read from every text frame by [`parse`], and the checks
//! serde cannot express ([`check_message`], [`ack_target`]).

use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;
use utoipa::ToSchema;

use super::error::FrameError;
use crate::wire::chat::Attachment;
use crate::wire::limits::{MAX_CLIENT_ID, MAX_MESSAGE_CHARS};

/// Most attachments on one message.
pub const MAX_ATTACHMENTS: usize = 10;

/// What a client can send: the server reads every frame as this type ([`parse`]); the widget and
/// the console send it (generated TypeScript, `ts.rs`).
#[derive(Debug, Serialize, Deserialize, TS)]
#[serde(tag = "op", rename_all = "kebab-case")]
pub enum ClientFrame {
    Auth(AuthFrame),
    ChatMessage(ChatMessageFrame),
    ClientAction(ClientActionFrame),
    Presence(PresenceFrame),
    Resume(ResumeFrame),
    Page(PageFrame),
    Ping,
}

pub const OPS: &str = "auth, chat-message, client-action, presence, resume, page, ping";

/// Visitors: the page they are on now (on connecting, and when a single-page site changes its
/// address). Agents see the pages of the conversation beside it.
#[derive(Debug, Serialize, Deserialize, TS)]
pub struct PageFrame {
    /// http(s), at most 2000 characters.
    pub url: String,
    /// The page's title, at most 300 characters.
    #[ts(optional)]
    pub title: Option<String>,
}

/// A visitor's first frame: the token from the token URL.
#[derive(Debug, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct AuthFrame {
    pub token: String,
    /// When given, must be the token's channel.
    #[ts(optional)]
    pub channel_id: Option<String>,
    /// When given, must be the token's persona.
    #[ts(optional)]
    pub persona_id: Option<String>,
    /// Resume from here at once (same as a `resume` frame).
    #[ts(optional, type = "number")]
    pub last_seq: Option<i64>,
}

/// A message (spec §7).
#[derive(Debug, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ChatMessageFrame {
    /// Agents: the chat to write into. Visitors: optional, must be their chat.
    #[ts(optional)]
    pub channel_id: Option<String>,
    /// The sender's own id for the message: a re-send with it is stored once.
    pub client_id: String,
    /// The text (`text` is read too); trimmed, at most 4000 characters.
    #[serde(default, alias = "text")]
    pub message: String,
    #[serde(default)]
    #[ts(as = "Option<Vec<AttachmentIn>>", optional)]
    pub attachments: Vec<AttachmentIn>,
    /// Spec §7 sends it; the server takes the sender from the authentication instead.
    #[serde(default)]
    #[ts(optional, type = "unknown")]
    pub persona: Option<Value>,
    /// Spec §7: `client-message`.
    #[serde(default, rename = "type")]
    #[ts(optional)]
    pub kind: Option<String>,
}

/// An attachment as a client sends it (`name` optional).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
pub struct AttachmentIn {
    #[serde(rename = "type")]
    pub kind: String,
    pub url: String,
    #[serde(default)]
    #[ts(optional)]
    pub name: Option<String>,
}

/// `message-ack` (read up to a message) or `end-chat`.
#[derive(Debug, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ClientActionFrame {
    /// Agents: the chat it is about.
    #[ts(optional)]
    pub channel_id: Option<String>,
    #[ts(type = "\"message-ack\" | \"end-chat\"")]
    pub action: ClientAction,
    /// `message-ack`: the message id (a string), or `{id, seq}`.
    #[serde(default)]
    #[ts(optional, type = "string | { id: string; seq?: number }")]
    pub data: Option<Value>,
    /// `message-ack`: the message's sequence number, when the client has it.
    #[serde(default)]
    #[ts(optional, type = "number")]
    pub seq: Option<i64>,
}

/// A `client-action`'s `action`, read once here. Any string is read (a name that is not an action
/// is answered by the session, after the checks of the chat the frame names, as it always was);
/// it is a plain string on the wire, so TypeScript sees the field's own type, not this one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "String", into = "String")]
pub enum ClientAction {
    /// Read up to a message.
    MessageAck,
    /// End the chat.
    EndChat,
    /// Any other name.
    Unknown(String),
}

impl From<String> for ClientAction {
    fn from(name: String) -> Self {
        match name.as_str() {
            "message-ack" => ClientAction::MessageAck,
            "end-chat" => ClientAction::EndChat,
            _ => ClientAction::Unknown(name),
        }
    }
}

impl From<ClientAction> for String {
    fn from(a: ClientAction) -> Self {
        match a {
            ClientAction::MessageAck => "message-ack".to_owned(),
            ClientAction::EndChat => "end-chat".to_owned(),
            ClientAction::Unknown(name) => name,
        }
    }
}

impl ClientAction {
    /// The answer to a name that is not an action.
    pub fn unknown(name: &str) -> FrameError {
        FrameError::bad(format!(
            "unknown action {name:?}; expected \"message-ack\" or \"end-chat\""
        ))
    }
}

/// Typing (`typing`), or an agent's status (`status`).
#[derive(Debug, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct PresenceFrame {
    /// Agents: the chat the typing is about (not needed for `status`).
    #[ts(optional)]
    pub channel_id: Option<String>,
    #[ts(optional)]
    pub typing: Option<bool>,
    /// Agents: `online` or `away`.
    #[ts(optional, type = "\"online\" | \"away\"")]
    pub status: Option<String>,
    /// Spec §7: `typing-update`.
    #[serde(default, rename = "type")]
    #[ts(optional)]
    pub kind: Option<String>,
}

/// Everything after a sequence number, then live messages.
#[derive(Debug, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ResumeFrame {
    /// Agents: the chat to resume (visitors: optional, their own).
    #[serde(default)]
    #[ts(optional)]
    pub channel_id: Option<String>,
    #[ts(type = "number")]
    pub last_seq: i64,
}

/// Parses one text frame.
pub fn parse(text: &str) -> Result<ClientFrame, FrameError> {
    let v: Value = serde_json::from_str(text)
        .map_err(|e| FrameError::bad(format!("the frame is not valid JSON: {e}")))?;
    let Some(op) = v.get("op").and_then(Value::as_str) else {
        return Err(FrameError::bad(
            "a frame is a JSON object with a string \"op\" field",
        ));
    };
    if !OPS.split(", ").any(|o| o == op) {
        return Err(FrameError::bad(format!(
            "unknown op {op:?}; expected one of: {OPS}"
        )));
    }
    // A message's U+0000 is refused by `check_message`, whose error names the message.
    if op != "chat-message" {
        if let Some(path) = beckon_model::nul_path(&v) {
            return Err(nul_refused(&path));
        }
    }
    let op = op.to_owned();
    serde_json::from_value(v).map_err(|e| FrameError::bad(format!("invalid {op} frame: {e}")))
}

fn nul_refused(field: &str) -> FrameError {
    FrameError::bad(format!("{field}: {}", beckon_model::NUL_REFUSED))
}

/// A message's checked content.
#[derive(Debug, Clone, PartialEq)]
pub struct CheckedMessage {
    pub client_id: String,
    pub text: String,
    pub attachments: Vec<Attachment>,
}

/// Trims the text (spec §5.3) and checks sizes and attachments.
pub fn check_message(f: &ChatMessageFrame) -> Result<CheckedMessage, FrameError> {
    let attachment_texts = f.attachments.iter().flat_map(|a| {
        [
            Some(a.kind.as_str()),
            Some(a.url.as_str()),
            a.name.as_deref(),
        ]
    });
    let texts = [
        ("clientId", Some(f.client_id.as_str())),
        ("message", Some(f.message.as_str())),
        ("channelId", f.channel_id.as_deref()),
        ("type", f.kind.as_deref()),
    ]
    .into_iter()
    .chain(attachment_texts.map(|t| ("attachments", t)));
    for (field, text) in texts {
        if text.is_some_and(|t| t.contains('\0')) {
            return Err(nul_refused(field));
        }
    }
    let client_id = f.client_id.trim();
    if client_id.is_empty() || client_id.len() > MAX_CLIENT_ID {
        return Err(FrameError::bad(format!(
            "clientId must be 1 to {MAX_CLIENT_ID} characters"
        )));
    }
    if let Some(k) = f.kind.as_deref() {
        if k != "client-message" {
            return Err(FrameError::bad(format!(
                "type must be \"client-message\" (got {k:?})"
            )));
        }
    }
    let text = f.message.trim();
    let chars = text.chars().count();
    if chars > MAX_MESSAGE_CHARS {
        return Err(FrameError::new(
            413,
            format!(
                "the message is {chars} characters long; at most {MAX_MESSAGE_CHARS} are allowed"
            ),
        ));
    }
    if f.attachments.len() > MAX_ATTACHMENTS {
        return Err(FrameError::new(
            413,
            format!("at most {MAX_ATTACHMENTS} attachments per message"),
        ));
    }
    if text.is_empty() && f.attachments.is_empty() {
        return Err(FrameError::bad("the message is empty"));
    }
    let mut attachments = Vec::with_capacity(f.attachments.len());
    for (i, a) in f.attachments.iter().enumerate() {
        let url = a.url.trim();
        if !beckon_model::is_http_url(url) || url.len() > 2048 {
            return Err(FrameError::bad(format!(
                "attachment {i}: url must be an http(s) URL of at most 2048 characters"
            )));
        }
        if a.kind.is_empty() || a.kind.len() > 100 {
            return Err(FrameError::bad(format!(
                "attachment {i}: type must be 1 to 100 characters"
            )));
        }
        let name = a.name.as_deref().map(str::trim).unwrap_or("");
        if name.chars().count() > 200 {
            return Err(FrameError::bad(format!(
                "attachment {i}: name is longer than 200 characters"
            )));
        }
        attachments.push(Attachment {
            kind: a.kind.clone(),
            url: url.to_owned(),
            name: name.to_owned(),
            size: None,
        });
    }
    Ok(CheckedMessage {
        client_id: client_id.to_owned(),
        text: text.to_owned(),
        attachments,
    })
}

/// The message id and sequence number a `message-ack` names.
pub fn ack_target(f: &ClientActionFrame) -> (Option<String>, Option<i64>) {
    match &f.data {
        Some(Value::String(id)) => (Some(id.clone()), f.seq),
        Some(Value::Object(o)) => (
            o.get("id")
                .or_else(|| o.get("messageId"))
                .and_then(Value::as_str)
                .map(str::to_owned),
            o.get("seq").and_then(Value::as_i64).or(f.seq),
        ),
        _ => (None, f.seq),
    }
}

/// Agent or visitor status.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Online,
    Away,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Online => "online",
            Status::Away => "away",
        }
    }
    pub fn parse(s: &str) -> Result<Status, FrameError> {
        match s {
            "online" => Ok(Status::Online),
            "away" => Ok(Status::Away),
            other => Err(FrameError::bad(format!(
                "status must be \"online\" or \"away\" (got {other:?})"
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn parses_the_spec_frames() {
        let f = parse(r#"{"op":"chat-message","clientId":"c1","message":" hi ","attachments":[],"persona":{"name":"Ann"},"type":"client-message"}"#).unwrap();
        let ClientFrame::ChatMessage(m) = f else {
            panic!("{f:?}")
        };
        let c = check_message(&m).unwrap();
        assert_eq!(c.text, "hi");
        assert_eq!(c.client_id, "c1");
        assert!(matches!(
            parse(r#"{"op":"client-action","action":"end-chat"}"#),
            Ok(ClientFrame::ClientAction(_))
        ));
        assert!(matches!(
            parse(r#"{"op":"presence","typing":true,"type":"typing-update"}"#),
            Ok(ClientFrame::Presence(PresenceFrame {
                typing: Some(true),
                ..
            }))
        ));
        assert!(matches!(
            parse(r#"{"op":"resume","lastSeq":3}"#),
            Ok(ClientFrame::Resume(ResumeFrame { last_seq: 3, .. }))
        ));
        assert!(matches!(parse(r#"{"op":"ping"}"#), Ok(ClientFrame::Ping)));
    }

    #[test]
    fn malformed_frames_are_explained() {
        let e = parse("nope").unwrap_err();
        assert!(e.message.contains("not valid JSON"), "{e:?}");
        let e = parse("[1]").unwrap_err();
        assert!(e.message.contains("\"op\""), "{e:?}");
        let e = parse(r#"{"op":"shout"}"#).unwrap_err();
        assert!(e.message.contains("unknown op \"shout\""), "{e:?}");
        let e = parse(r#"{"op":"chat-message","message":"x"}"#).unwrap_err();
        assert!(e.message.contains("clientId"), "{e:?}");
    }

    #[test]
    fn messages_are_checked() {
        let frame = |msg: &str, att: Vec<AttachmentIn>| ChatMessageFrame {
            channel_id: None,
            client_id: "c".into(),
            message: msg.into(),
            attachments: att,
            persona: None,
            kind: None,
        };
        assert_eq!(check_message(&frame("   ", vec![])).unwrap_err().code, 400);
        let long = "é".repeat(MAX_MESSAGE_CHARS + 1);
        assert_eq!(check_message(&frame(&long, vec![])).unwrap_err().code, 413);
        assert!(check_message(&frame(&"é".repeat(MAX_MESSAGE_CHARS), vec![])).is_ok());
        let bad = AttachmentIn {
            kind: "image".into(),
            url: "javascript:alert(1)".into(),
            name: None,
        };
        assert_eq!(check_message(&frame("", vec![bad])).unwrap_err().code, 400);
        let ok = AttachmentIn {
            kind: "image".into(),
            url: "https://x.test/a.png".into(),
            name: Some("a.png".into()),
        };
        let c = check_message(&frame("", vec![ok])).unwrap();
        assert_eq!(c.attachments[0].url, "https://x.test/a.png");
    }

    #[test]
    fn actions_are_read_once() {
        let action = |text: &str| match parse(text) {
            Ok(ClientFrame::ClientAction(a)) => a.action,
            other => panic!("{other:?}"),
        };
        let frame = |name: &str| format!(r#"{{"op":"client-action","action":"{name}"}}"#);
        assert_eq!(action(&frame("end-chat")), ClientAction::EndChat);
        assert_eq!(action(&frame("message-ack")), ClientAction::MessageAck);
        assert_eq!(
            action(&frame("shout")),
            ClientAction::Unknown("shout".into())
        );
        // Not a string: refused as when the field was one.
        let e = parse(r#"{"op":"client-action","action":5}"#).unwrap_err();
        assert!(e.message.contains("expected a string"), "{e:?}");
        assert_eq!(
            serde_json::to_value(ClientAction::EndChat).unwrap(),
            json!("end-chat")
        );
    }

    #[test]
    fn ack_targets() {
        let f = |data: Value| ClientActionFrame {
            channel_id: None,
            action: ClientAction::MessageAck,
            data: Some(data),
            seq: None,
        };
        assert_eq!(ack_target(&f(json!("m1"))), (Some("m1".into()), None));
        assert_eq!(
            ack_target(&f(json!({"id": "m1", "seq": 4}))),
            (Some("m1".into()), Some(4))
        );
    }
}
