//! The frames of the realtime protocol (docs/realtime.md): parsing and checking what clients
//! send, and building what the server sends. Every frame is a JSON text frame with an `op`.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;
use utoipa::ToSchema;

use super::chat::{Attachment, Channel, Message, PublicPersona};
use super::notes::Note;
use crate::wire::limits::{MAX_CLIENT_ID, MAX_MESSAGE_CHARS};

/// Most attachments on one message.
pub const MAX_ATTACHMENTS: usize = 10;

/// A frame the server refuses: answered with an `error` frame, nothing changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FrameError {
    /// HTTP-like: 400 malformed, 401 not authenticated, 403 not allowed, 404 unknown, 410 chat
    /// ended, 413 too large, 429 too fast, 500 server fault.
    pub code: u16,
    pub message: String,
}

impl FrameError {
    pub fn new(code: u16, message: impl Into<String>) -> Self {
        FrameError {
            code,
            message: message.into(),
        }
    }
    pub fn bad(message: impl Into<String>) -> Self {
        Self::new(400, message)
    }
}

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
    pub action: String,
    /// `message-ack`: the message id (a string), or `{id, seq}`.
    #[serde(default)]
    #[ts(optional, type = "string | { id: string; seq?: number }")]
    pub data: Option<Value>,
    /// `message-ack`: the message's sequence number, when the client has it.
    #[serde(default)]
    #[ts(optional, type = "number")]
    pub seq: Option<i64>,
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

// ---------- server → client ----------

/// Every frame the server sends, tagged by `op` (docs/realtime.md).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(tag = "op", rename_all = "kebab-case")]
pub enum ServerFrame {
    Ready(Ready),
    ChatMessage(ChatMessageOut),
    Ack(Ack),
    Presence(PresenceOut),
    ChannelEnded(ChannelRef),
    ChannelUpdate(ChannelUpdateOut),
    NewChannel(NewChannel),
    OrgChanged(OrgChanged),
    /// Agents only: the organisation's canned replies (or who may edit them) changed; the console
    /// reads them again (`GET /api/v1/agent/canned-replies`).
    CannedChanged,
    VisitorPage(VisitorPageOut),
    Note(NoteOut),
    Error(ErrorOut),
    Pong,
}

/// Agents only: a colleague wrote a private note on a chat. Published on the domain's topic
/// alone, never on the chat's (which its visitor's socket follows).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NoteOut {
    pub channel_id: String,
    pub note: Note,
}

/// Agents: a conversation's visitor is on a page of the site now.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VisitorPageOut {
    pub channel_id: String,
    pub url: String,
    pub title: Option<String>,
    pub seen_at: String,
}

impl ServerFrame {
    pub fn text(&self) -> String {
        serde_json::to_string(self).expect("frames serialise")
    }
}

/// The answer to a good `auth`: who the connection is.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(tag = "role", rename_all = "lowercase")]
pub enum Ready {
    #[serde(rename_all = "camelCase")]
    Visitor {
        channel_id: String,
        persona_id: String,
        #[ts(type = "number")]
        last_seq: i64,
        agents_online: bool,
        /// This server mails an agent's reply the visitor has not seen to the address in their
        /// profile (it has `--smtp-url`): the chat says so while nobody is online.
        replies_by_email: bool,
    },
    #[serde(rename_all = "camelCase")]
    Agent {
        user_id: String,
        persona_id: Option<String>,
        name: String,
        status: Status,
        /// The organisation's domains, whose chats this connection receives.
        domains: Vec<String>,
        domains_with_agents_online: Vec<String>,
    },
}

/// Agents only: the organisation's domains or accounts changed. The connection now receives the
/// chats of `domains` (as in `ready`); the console reloads its chats and team.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrgChanged {
    pub domains: Vec<String>,
    pub domains_with_agents_online: Vec<String>,
}

/// A stored message, live or from a backlog.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatMessageOut {
    pub channel_id: String,
    #[ts(type = "number")]
    pub seq: i64,
    pub message: Message,
}

/// A message the connection sent is stored (`duplicate`: it was already).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Ack {
    pub channel_id: String,
    pub client_id: String,
    pub id: String,
    #[ts(type = "number")]
    pub seq: i64,
    pub duplicate: bool,
}

/// Someone entered, changed (status, typing) or left: a visitor in a chat (`channelId`), or an
/// agent on a domain (`domainId`).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PresenceOut {
    pub action: PresenceAction,
    pub persona: PublicPersona,
    pub name: Option<String>,
    pub status: Status,
    pub typing: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub channel_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub domain_id: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum PresenceAction {
    Enter,
    Update,
    Leave,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChannelRef {
    pub channel_id: String,
}

/// Something agents track about a chat changed; visitors do not get it.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChannelUpdateOut {
    pub channel_id: String,
    #[serde(flatten)]
    pub update: ChannelUpdate,
}

/// What changed about a chat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(tag = "update", rename_all = "lowercase")]
pub enum ChannelUpdate {
    /// Assigned to this user id, or unassigned.
    #[serde(rename_all = "camelCase")]
    Assigned { agent_id: Option<String> },
    /// Persona `personaId` has read up to `seq`.
    #[serde(rename_all = "camelCase")]
    Read {
        persona_id: String,
        #[ts(type = "number")]
        seq: i64,
    },
    /// An ended chat was opened again (same thread).
    Reopened,
    /// The visitor rated the chat (the chat's detail holds the rating).
    Rated,
}

/// A chat started (or came back), for the agents of its domain.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
pub struct NewChannel {
    pub channel: Channel,
    pub visitor: PublicPersona,
}

/// A frame the server refused (nothing changed), or a fault.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ErrorOut {
    /// HTTP-like: 400 malformed, 401 not authenticated, 403 not allowed, 404 unknown, 409
    /// client id taken, 410 chat ended, 413 too large, 429 too fast, 500 server fault.
    pub code: u16,
    pub error: String,
    /// The refused message's client id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub client_id: Option<String>,
}

pub fn error(e: &FrameError, client_id: Option<&str>) -> String {
    ServerFrame::Error(ErrorOut {
        code: e.code,
        error: e.message.clone(),
        client_id: client_id.map(str::to_owned),
    })
    .text()
}

pub fn ack(channel_id: &str, client_id: &str, id: &str, seq: i64, duplicate: bool) -> String {
    ServerFrame::Ack(Ack {
        channel_id: channel_id.to_owned(),
        client_id: client_id.to_owned(),
        id: id.to_owned(),
        seq,
        duplicate,
    })
    .text()
}

pub fn chat_message(channel_id: &str, message: Message) -> String {
    ServerFrame::ChatMessage(ChatMessageOut {
        channel_id: channel_id.to_owned(),
        seq: message.seq,
        message,
    })
    .text()
}

pub fn presence(
    action: PresenceAction,
    channel_id: Option<&str>,
    domain_id: Option<&str>,
    persona: &PublicPersona,
    status: Status,
    typing: bool,
) -> String {
    ServerFrame::Presence(PresenceOut {
        action,
        name: persona.name.clone(),
        persona: persona.clone(),
        status,
        typing,
        channel_id: channel_id.map(str::to_owned),
        domain_id: domain_id.map(str::to_owned),
    })
    .text()
}

pub fn channel_ended(channel_id: &str) -> String {
    ServerFrame::ChannelEnded(ChannelRef {
        channel_id: channel_id.to_owned(),
    })
    .text()
}

pub fn channel_update(channel_id: &str, update: ChannelUpdate) -> String {
    ServerFrame::ChannelUpdate(ChannelUpdateOut {
        channel_id: channel_id.to_owned(),
        update,
    })
    .text()
}

pub fn new_channel(channel: Channel, visitor: PublicPersona) -> String {
    ServerFrame::NewChannel(NewChannel { channel, visitor }).text()
}

pub fn note(channel_id: &str, note: Note) -> String {
    ServerFrame::Note(NoteOut {
        channel_id: channel_id.to_owned(),
        note,
    })
    .text()
}

pub fn pong() -> String {
    ServerFrame::Pong.text()
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
    fn ack_targets() {
        let f = |data: Value| ClientActionFrame {
            channel_id: None,
            action: "message-ack".into(),
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
