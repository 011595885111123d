//! Chats: personas, channels, their messages and read markers.

/// The SQL of this aggregate, one text for both backends.
pub(crate) mod sql;

use async_trait::async_trait;
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use super::StoreResult;
use crate::json_text::JsonText;

/// Who a persona is (spec §3.3): the visitor (`ChatClient`) or someone of the site.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS, ToSchema, sqlx::Type,
)]
#[sqlx(type_name = "text")]
pub enum PersonaType {
    ChatClient,
    ChatAgentPersona,
    ChatOrganizationDomainPersona,
    OrganizationPersona,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewPersona {
    pub persona_type: PersonaType,
    pub name: String,
    pub email: Option<String>,
    pub ip: Option<String>,
    pub url: Option<String>,
    /// Unix ms when the legal notice was accepted, 0 when not.
    pub legal_notice_accepted: i64,
    pub avatar_url: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Persona {
    pub id: String,
    #[sqlx(rename = "type")]
    pub persona_type: PersonaType,
    pub name: String,
    pub email: Option<String>,
    pub ip: Option<String>,
    pub url: Option<String>,
    pub legal_notice_accepted: i64,
    pub avatar_url: Option<String>,
    pub created_at: i64,
}

/// Whether a chat is open or ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema, sqlx::Type)]
#[serde(rename_all = "lowercase")]
#[sqlx(type_name = "text", rename_all = "lowercase")]
pub enum ChannelStatus {
    Open,
    Ended,
}

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Channel {
    pub id: String,
    pub domain_id: String,
    pub visitor_persona_id: String,
    pub status: ChannelStatus,
    pub created_at: i64,
    pub ended_at: Option<i64>,
    /// The persona (the visitor's or an agent's) that ended it, while it is ended.
    pub ended_by: Option<String>,
    pub last_activity_at: i64,
    /// A user id.
    pub assigned_agent_id: Option<String>,
    /// The sequence number of the channel's latest message (0 before the first).
    pub last_seq: i64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct NewMessage {
    pub channel_id: String,
    /// The sender's own id for the message; re-sending the same one stores nothing new.
    pub client_id: String,
    pub sender_persona_id: String,
    pub text: String,
    /// A JSON array of `{type, url, name}` (spec §3.3).
    pub attachments: serde_json::Value,
}

#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct Message {
    pub id: String,
    pub channel_id: String,
    /// 1, 2, 3 … per channel, without gaps.
    pub seq: i64,
    pub client_id: String,
    pub sender_persona_id: String,
    pub text: String,
    #[sqlx(try_from = "JsonText")]
    pub attachments: serde_json::Value,
    pub created_at: i64,
}

/// What [`Chats::insert_message`] did.
#[derive(Debug, Clone, PartialEq)]
pub struct Inserted {
    pub message: Message,
    /// False when the (channel, client id) pair was already stored and `message` is that row.
    pub created: bool,
}

/// Which channels [`Chats::query_channels`] answers: those of an organisation's domains.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ChannelQuery {
    pub org_id: String,
    /// Only this channel (for a detail view).
    pub channel_id: Option<String>,
    pub domain_id: Option<String>,
    pub status: Option<ChannelStatus>,
    pub assigned: AssignedFilter,
    /// Case-insensitive substring of the visitor's name or e-mail.
    pub search: Option<String>,
    /// Only chats whose visitor gave this e-mail (compared without case): a visitor's other
    /// conversations.
    pub visitor_email: Option<String>,
    /// Unread counts are for this persona: messages after its read marker, not sent by it.
    pub reader_persona_id: String,
    /// Paging: only channels listed after the one last active at `before` (Unix ms) with id
    /// `before_id`, in the list's order (activity descending, then id). Without `before_id`, only
    /// channels whose last activity is older than `before`.
    pub before: Option<i64>,
    pub before_id: Option<String>,
    pub limit: i64,
    /// Only chats whose latest message is the visitor's (nobody answered yet), the longest
    /// waiting first; `before` is then a `waiting_since` and the order is by it, then id.
    pub waiting: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum AssignedFilter {
    #[default]
    Any,
    Unassigned,
    /// Assigned to this user id.
    To(String),
}

/// A channel as an inbox lists it.
#[derive(Debug, Clone, PartialEq)]
pub struct ChannelSummary {
    pub channel: Channel,
    pub domain_name: String,
    pub visitor: Persona,
    pub unread: i64,
    /// The text of the latest message, if any.
    pub last_message_text: Option<String>,
    /// The names of the latest message's files (a file sent without text shows by its name).
    pub last_message_files: Vec<String>,
    /// When the visitor last sent a message, if ever.
    pub visitor_last_message_at: Option<i64>,
    /// While the latest message is the visitor's: when their first message since an agent's last
    /// one was sent (how long they have waited for an answer). `None` once answered.
    pub waiting_since: Option<i64>,
    /// The name of the persona that ended the chat (`channel.ended_by`).
    pub ended_by_name: Option<String>,
}

/// Personas, channels, messages and read markers (`sql/chats.rs`).
#[async_trait]
pub trait Chats: Send + Sync {
    async fn create_persona(&self, persona: NewPersona) -> StoreResult<Persona>;
    async fn get_persona(&self, id: &str) -> StoreResult<Persona>;
    /// Replaces everything but id, type and created_at.
    async fn update_persona(&self, persona: &Persona) -> StoreResult<()>;

    /// Creates the visitor's persona and an open channel on the domain, in one transaction.
    async fn create_channel(
        &self,
        domain_id: &str,
        visitor: NewPersona,
    ) -> StoreResult<(Channel, Persona)>;
    async fn get_channel(&self, id: &str) -> StoreResult<Channel>;
    /// A domain's channels, most recently active first.
    async fn list_channels(
        &self,
        domain_id: &str,
        status: Option<ChannelStatus>,
        limit: i64,
    ) -> StoreResult<Vec<Channel>>;
    /// Channels of an organisation's domains with their visitor, unread count for the reader
    /// and latest message, most recently active first.
    /// A channel without a message is not one of them: agents know
    /// a conversation from its first message.
    async fn query_channels(&self, query: &ChannelQuery) -> StoreResult<Vec<ChannelSummary>>;
    /// Ends the channel, noting the persona that ended it, if known (idempotent: an ended
    /// channel keeps its first `ended_at` and `ended_by`).
    async fn end_channel(&self, id: &str, now: i64, by: Option<&str>) -> StoreResult<Channel>;
    /// Opens an ended channel again in the same thread (a returning visitor); an open one is
    /// left as it is.
    async fn reopen_channel(&self, id: &str, now: i64) -> StoreResult<Channel>;
    async fn assign_channel(&self, id: &str, agent_user_id: Option<&str>) -> StoreResult<()>;
    /// The ended channel of `domain_id` whose visitor is the persona `visitor_id` and gave
    /// `email` (compared without case), if it ended at or after `ended_since` (Unix ms), with
    /// that visitor: the chat a returning visitor's browser held.
    async fn ended_channel_of_visitor(
        &self,
        domain_id: &str,
        visitor_id: &str,
        email: &str,
        ended_since: i64,
    ) -> StoreResult<Option<(Channel, Persona)>>;

    /// Stores a message with the channel's next sequence number. Idempotent on
    /// (channel, sender, client id): a re-send returns the stored row with `created: false`, even
    /// after the chat ended. A client id names one message in a chat: the same id from another
    /// sender is `ClientIdTaken` and stores nothing. A new message on an ended chat is
    /// `ChannelEnded`.
    async fn insert_message(&self, message: NewMessage) -> StoreResult<Inserted>;
    /// Messages with `seq > after_seq`, oldest first, at most `limit`.
    async fn messages_after(
        &self,
        channel_id: &str,
        after_seq: i64,
        limit: i64,
    ) -> StoreResult<Vec<Message>>;
    /// The visitor's persona and every persona that sent a message in the channel.
    async fn channel_personas(&self, channel_id: &str) -> StoreResult<Vec<Persona>>;
    /// Moves the persona's read marker forward to `seq` (never back); answers the marker.
    async fn mark_read(&self, channel_id: &str, persona_id: &str, seq: i64) -> StoreResult<i64>;
    /// The persona's read marker, 0 when none.
    async fn read_marker(&self, channel_id: &str, persona_id: &str) -> StoreResult<i64>;
}
