//! The agent API's bodies (`/api/v1/agent`): the chat list and details the console shows, a
//! reply, read markers, assignment, presence and the team.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;
use utoipa::ToSchema;

use super::chat::{public_visitor_id, ChannelStatus, Message, Rating};
use super::iso_time;

pub use beckon_store::Role;

/// The visitor of a chat, as agents see them: `id` is the visitor's public id
/// ([`public_visitor_id`]), never the persona id their chat calls are made with.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Visitor {
    pub id: String,
    pub name: Option<String>,
    pub email: Option<String>,
    pub ip: Option<String>,
    pub url: Option<String>,
    /// When the visitor accepted the legal notices (RFC 3339), if they did.
    pub consent_at: Option<String>,
    pub first_seen_at: String,
    pub last_seen_at: String,
}

/// Who ended a chat: the visitor (`personaId` is `visitor.id`) or an agent.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EndedBy {
    pub persona_id: String,
    pub name: Option<String>,
}

/// A chat as the console lists it.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChannelSummary {
    pub id: String,
    pub domain_id: String,
    pub domain_name: String,
    pub status: ChannelStatus,
    pub created_at: String,
    pub last_activity_at: String,
    pub ended_at: Option<String>,
    /// Who ended it, while it is ended.
    pub ended_by: Option<EndedBy>,
    #[ts(type = "number")]
    pub last_seq: i64,
    /// A user id.
    pub assigned_agent_id: Option<String>,
    #[ts(type = "number")]
    pub unread: i64,
    pub last_message_text: Option<String>,
    /// The names of the latest message's files: the inbox shows a file sent without text by its
    /// name.
    pub last_message_files: Vec<String>,
    /// While nobody has answered the visitor's latest message: when their first unanswered
    /// message came (the Waiting list's order).
    pub waiting_since: Option<String>,
    pub visitor: Visitor,
}

impl From<&beckon_store::ChannelSummary> for ChannelSummary {
    fn from(s: &beckon_store::ChannelSummary) -> Self {
        let c = &s.channel;
        let v = &s.visitor;
        let last_seen = s
            .visitor_last_message_at
            .unwrap_or(c.created_at)
            .max(c.created_at);
        ChannelSummary {
            id: c.id.clone(),
            domain_id: c.domain_id.clone(),
            domain_name: s.domain_name.clone(),
            status: c.status,
            created_at: iso_time(c.created_at),
            last_activity_at: iso_time(c.last_activity_at),
            ended_at: c.ended_at.map(iso_time),
            ended_by: c.ended_by.as_ref().map(|id| EndedBy {
                persona_id: if *id == v.id {
                    public_visitor_id(id)
                } else {
                    id.clone()
                },
                name: s.ended_by_name.clone(),
            }),
            last_seq: c.last_seq,
            assigned_agent_id: c.assigned_agent_id.clone(),
            unread: s.unread,
            last_message_text: s.last_message_text.clone(),
            last_message_files: s.last_message_files.clone(),
            waiting_since: s.waiting_since.map(iso_time),
            visitor: Visitor {
                id: public_visitor_id(&v.id),
                name: Some(v.name.clone()),
                email: v.email.clone(),
                ip: v.ip.clone(),
                url: v.url.clone(),
                consent_at: (v.legal_notice_accepted > 0)
                    .then(|| iso_time(v.legal_notice_accepted)),
                first_seen_at: iso_time(v.created_at),
                last_seen_at: iso_time(last_seen),
            },
        }
    }
}

/// A visitor's earlier chat: the same e-mail on the same site.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EarlierConversation {
    pub id: String,
    pub status: ChannelStatus,
    pub created_at: String,
    pub ended_at: Option<String>,
    pub last_activity_at: String,
    pub last_message_text: Option<String>,
}

impl From<&beckon_store::ChannelSummary> for EarlierConversation {
    fn from(c: &beckon_store::ChannelSummary) -> Self {
        EarlierConversation {
            id: c.channel.id.clone(),
            status: c.channel.status,
            created_at: iso_time(c.channel.created_at),
            ended_at: c.channel.ended_at.map(iso_time),
            last_activity_at: iso_time(c.channel.last_activity_at),
            last_message_text: c.last_message_text.clone(),
        }
    }
}

/// One chat in detail: the summary, how far the visitor has read (the console shows "Seen"
/// after a reload too), the visitor's earlier chats on this site, newest first, and the
/// visitor's rating of this chat, if they gave one.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChannelDetail {
    #[serde(flatten)]
    pub summary: ChannelSummary,
    #[ts(type = "number")]
    pub visitor_read_seq: i64,
    pub earlier_conversations: Vec<EarlierConversation>,
    /// Where the visitor is and came from (`crates/store/src/visits/`).
    pub visit: Visit,
    pub rating: Option<Rating>,
}

/// The visitor of a conversation beside it: the browser, country, referrer and time zone when
/// the chat began, whether they have left the site, and the pages seen during it, latest first.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Visit {
    pub user_agent: Option<String>,
    /// ISO 3166 code (with `--geoip-db`).
    pub country: Option<String>,
    pub referrer: Option<String>,
    /// IANA zone, e.g. "Europe/Amsterdam": the visitor's local time.
    pub time_zone: Option<String>,
    /// When the visitor's widget went away; `null` while they are on the site.
    pub left_at: Option<String>,
    pub pages: Vec<PageSeen>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PageSeen {
    pub url: String,
    pub title: Option<String>,
    pub seen_at: String,
}

impl Visit {
    pub fn of(
        c: Option<beckon_store::VisitorContext>,
        pages: Vec<beckon_store::VisitorPage>,
    ) -> Self {
        let c = c.unwrap_or_default();
        Visit {
            user_agent: c.user_agent,
            country: c.country,
            referrer: c.referrer,
            time_zone: c.time_zone,
            left_at: c.left_at.map(iso_time),
            pages: pages
                .into_iter()
                .map(|p| PageSeen {
                    url: p.url,
                    title: p.title,
                    seen_at: iso_time(p.seen_at),
                })
                .collect(),
        }
    }
}

/// The chat list, newest activity first.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChannelList {
    pub channels: Vec<ChannelSummary>,
    #[ts(type = "number")]
    pub unread_total: i64,
}

/// A reply. Both fields are read loosely so that a wrong type is a 422 naming the field.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReplyBody {
    /// A string you choose, at most 100 bytes: re-sending it stores nothing new.
    #[ts(type = "string")]
    #[schema(value_type = String)]
    pub client_id: Option<Value>,
    /// Trimmed; at most 4000 characters. May be empty with attachments.
    #[ts(type = "string")]
    #[schema(value_type = String)]
    pub text: Option<Value>,
    /// Files uploaded to this chat first (`POST …/attachments`), as the upload answered them.
    #[serde(default)]
    #[ts(optional)]
    pub attachments: Option<Vec<super::frames::AttachmentIn>>,
}

/// The stored reply; `created` is false for a re-sent `clientId` (200 instead of 201).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReplyAnswer {
    pub message: Message,
    pub created: bool,
}

/// A read marker; no `seq`: the latest message.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
pub struct ReadBody {
    #[serde(default)]
    #[ts(optional, type = "number")]
    pub seq: Option<i64>,
}

/// The read marker now.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
pub struct ReadAnswer {
    #[ts(type = "number")]
    pub seq: i64,
}

/// An assignment: a user id, `null` for nobody; no `agentId`: yourself.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AssignBody {
    #[serde(default)]
    #[ts(optional)]
    pub agent_id: Option<String>,
}

/// An agent's chosen status.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum AgentStatus {
    Online,
    Away,
}

/// `online` takes a lease on every domain of the organisation (renew it); `away` gives it up.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
pub struct PresenceBody {
    #[ts(type = "AgentStatus")]
    #[schema(value_type = AgentStatus)]
    pub status: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PresenceAnswer {
    pub status: AgentStatus,
    /// 0 when away.
    #[ts(type = "number")]
    pub lease_seconds: u64,
}

/// A member of the organisation, for assigning.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TeamMember {
    pub id: String,
    pub name: String,
    pub role: Role,
    pub persona_id: Option<String>,
}

impl From<&beckon_store::User> for TeamMember {
    fn from(u: &beckon_store::User) -> Self {
        TeamMember {
            id: u.id.clone(),
            name: u.name.clone(),
            role: u.role,
            persona_id: u.persona_id.clone(),
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
pub struct Team {
    pub agents: Vec<TeamMember>,
}
