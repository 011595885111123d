//! What the server sends: [`ServerFrame`] and the functions that build each frame's text.

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use super::client::Status;
use super::error::FrameError;
use crate::wire::chat::{Channel, Message, PublicPersona};
use crate::wire::notes::Note;

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
