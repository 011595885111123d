//! The public chat API's bodies (spec §3.3, §7) and the shapes of personas, channels and
//! messages that the agent API and the realtime frames answer too.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use ts_rs::TS;
use utoipa::ToSchema;

use super::iso_time;

// The store's enums, the same words in JSON as in the database.
pub use beckon_store::{ChannelStatus, PersonaType};

/// The visitor's own persona, as the widget stores it (spec §3.3) plus id and type.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientPersona {
    pub id: String,
    #[serde(rename = "type")]
    pub persona_type: PersonaType,
    pub name: String,
    pub email: Option<String>,
    pub ip: Option<String>,
    pub url: Option<String>,
    /// Unix ms when the legal notices were accepted; 0 when not accepted.
    #[ts(type = "number")]
    pub legal_notice_accepted: i64,
    pub avatar_url: Option<String>,
}

impl From<&beckon_store::Persona> for ClientPersona {
    fn from(p: &beckon_store::Persona) -> Self {
        ClientPersona {
            id: p.id.clone(),
            persona_type: p.persona_type,
            name: p.name.clone(),
            email: p.email.clone(),
            ip: p.ip.clone(),
            url: p.url.clone(),
            legal_notice_accepted: p.legal_notice_accepted,
            avatar_url: p.avatar_url.clone(),
        }
    }
}

/// What anyone in a chat may see of a persona: a message's sender, a presence frame's persona.
/// `type` and `name` are null for a sender whose persona is gone; `id` is null for an agent
/// without a persona.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicPersona {
    pub id: Option<String>,
    #[serde(rename = "type")]
    pub persona_type: Option<PersonaType>,
    pub name: Option<String>,
    pub avatar_url: Option<String>,
}

impl From<&beckon_store::Persona> for PublicPersona {
    fn from(p: &beckon_store::Persona) -> Self {
        PublicPersona {
            id: Some(p.id.clone()),
            persona_type: Some(p.persona_type),
            name: Some(p.name.clone()),
            avatar_url: p.avatar_url.clone(),
        }
    }
}

/// The id agents (and everything sent to the organisation) know a visitor by. A visitor's
/// persona id is their credential for the public chat API (spec §7 `personaId`), so agents never
/// get it: they get a one-way hash of it instead. The persona id is a random UUID, so the hash
/// cannot be turned back; it is the same wherever it appears, so "read by the visitor" and "ended
/// by the visitor" still match the chat's visitor.
pub fn public_visitor_id(persona_id: &str) -> String {
    use sha2::{Digest, Sha256};
    let digest = Sha256::new()
        .chain_update(b"beckon visitor id\0")
        .chain_update(persona_id.as_bytes())
        .finalize();
    let hex: String = digest[..16].iter().map(|b| format!("{b:02x}")).collect();
    format!("v-{hex}")
}

impl PublicPersona {
    /// This persona as the organisation's agents see it: a visitor's id is replaced by
    /// [`public_visitor_id`], also when the persona is gone and its type unknown (agents' own
    /// ids are no credential and stay as they are).
    pub fn for_agents(mut self) -> Self {
        if matches!(self.persona_type, None | Some(PersonaType::ChatClient)) {
            self.id = self.id.as_deref().map(public_visitor_id);
        }
        self
    }

    /// A sender whose persona is not among the chat's (only its id is known).
    pub fn unknown(id: &str) -> Self {
        PublicPersona {
            id: Some(id.to_owned()),
            persona_type: None,
            name: None,
            avatar_url: None,
        }
    }
    /// An agent account without a persona: its name only.
    pub fn agent_without_persona(name: &str) -> Self {
        PublicPersona {
            id: None,
            persona_type: Some(PersonaType::ChatAgentPersona),
            name: Some(name.to_owned()),
            avatar_url: None,
        }
    }
}

/// A chat as the visitor's calls answer it, with the domain's `chat-*` properties (legal
/// notice etc., spec §3.3).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Channel {
    pub id: String,
    pub domain_id: String,
    pub status: ChannelStatus,
    /// RFC 3339.
    pub created_at: String,
    pub last_activity_at: String,
    pub ended_at: Option<String>,
    #[ts(type = "number")]
    pub last_seq: i64,
    /// The domain's `chat-*` properties: a string, or an object such as `{link, text}`.
    #[ts(type = "Record<string, unknown>")]
    #[schema(value_type = Object)]
    pub properties: Map<String, Value>,
}

impl Channel {
    pub fn of(c: &beckon_store::Channel, domain: Option<&beckon_store::Domain>) -> Self {
        let properties = domain
            .and_then(|d| d.properties.as_object())
            .map(|o| {
                o.iter()
                    .filter(|(k, _)| k.starts_with("chat-"))
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect()
            })
            .unwrap_or_default();
        Channel {
            id: c.id.clone(),
            domain_id: c.domain_id.clone(),
            status: c.status,
            created_at: iso_time(c.created_at),
            last_activity_at: iso_time(c.last_activity_at),
            ended_at: c.ended_at.map(iso_time),
            last_seq: c.last_seq,
            properties,
        }
    }
}

/// A file or link sent with a message.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
pub struct Attachment {
    #[serde(rename = "type")]
    pub kind: String,
    pub url: String,
    #[serde(default)]
    pub name: String,
    /// Bytes (Beckon's own, beside the spec's three): files uploaded to Beckon have it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "number")]
    pub size: Option<i64>,
}

/// What a chat's files may be (docs/attachments.md): the domain's largest size and its media
/// types, which the upload checks against the file's bytes. Owners set them for a domain.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttachmentLimits {
    /// Bytes.
    #[ts(type = "number")]
    pub max_bytes: i64,
    /// Media types, e.g. `image/png`.
    pub types: Vec<String>,
}

/// A stored message, as history, replies and the realtime `chat-message` deliver it.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Message {
    pub id: String,
    /// 1, 2, 3 … per chat, without gaps.
    #[ts(type = "number")]
    pub seq: i64,
    /// The sender's own id for the message (re-sends are de-duplicated on it).
    pub client_id: String,
    pub text: String,
    pub sender: PublicPersona,
    pub attachments: Vec<Attachment>,
    /// RFC 3339.
    pub created_at: String,
}

impl Message {
    /// This message as the organisation's agents see it ([`PublicPersona::for_agents`]).
    pub fn for_agents(mut self) -> Self {
        self.sender = self.sender.for_agents();
        self
    }

    /// `sender` is the message's sender among the chat's personas, when found.
    pub fn of(m: &beckon_store::Message, sender: Option<&beckon_store::Persona>) -> Self {
        Message {
            id: m.id.clone(),
            seq: m.seq,
            client_id: m.client_id.clone(),
            text: m.text.clone(),
            sender: match sender {
                Some(p) => p.into(),
                None => PublicPersona::unknown(&m.sender_persona_id),
            },
            attachments: serde_json::from_value(m.attachments.clone()).unwrap_or_default(),
            created_at: iso_time(m.created_at),
        }
    }
}

/// The answer of the channel GET and the channel POST.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChannelAnswer {
    pub channel: Channel,
    pub chat_client_persona: ClientPersona,
}

/// A transcript on its way: the address it goes to.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
pub struct TranscriptAnswer {
    pub email: String,
}

/// A link from a visitor's e-mail (the token after `/c/`).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
pub struct ContinueBody {
    pub token: Option<String>,
}

/// A chat's messages after a sequence number and its personas: the visitor's and the agent's
/// history calls. `status` only in the visitor's (an ended chat is shown read-only).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct History {
    pub messages: Vec<Message>,
    pub personas: Vec<PublicPersona>,
    #[ts(type = "number")]
    pub last_seq: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub status: Option<ChannelStatus>,
}

impl History {
    /// This history as the organisation's agents see it ([`PublicPersona::for_agents`]).
    pub fn for_agents(mut self) -> Self {
        self.messages = self.messages.into_iter().map(Message::for_agents).collect();
        self.personas = self
            .personas
            .into_iter()
            .map(PublicPersona::for_agents)
            .collect();
        self
    }
}

/// A realtime token for the visitor.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TokenAnswer {
    pub token: String,
    /// Unix ms.
    #[ts(type = "number")]
    pub expires_at: i64,
}

/// Whether an agent is online for a domain.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Availability {
    pub agent_available: bool,
    /// This server mails an agent's reply the visitor has not seen (it has `--smtp-url`); the
    /// chat says so while nobody is online (as the socket's `ready` does).
    pub replies_by_email: bool,
}

/// The body of a new chat: the visitor's persona (spec §3.3), and the visitor persona of this
/// browser's ended chat, for a returning visitor. Validated field by field (`parse_persona`),
/// so that a 400 lists every bad field.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewChat {
    pub name: String,
    pub email: String,
    #[serde(default)]
    #[ts(optional = nullable)]
    pub ip: Option<String>,
    /// The page's http(s) URL.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub url: Option<String>,
    /// Unix ms when the legal notices were accepted (0: not accepted); `true` means now.
    #[serde(default)]
    #[ts(optional, type = "number | boolean")]
    #[schema(value_type = Option<i64>)]
    pub legal_notice_accepted: Option<Value>,
    #[serde(default)]
    #[ts(optional = nullable)]
    pub persona_id: Option<String>,
    /// The language tag the widget speaks ("fr", "pt-BR"): the mails to the visitor are written
    /// in it (its language when it is one of the widget's; else the domain's, else English).
    #[serde(default)]
    #[ts(optional = nullable)]
    pub language: Option<String>,
}

/// A visitor's rating of their chat (once it has ended, or while it is open). Both fields are
/// read loosely, so that a wrong type is a 422 naming the field.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RatingBody {
    /// 1 (poor) to 5 (excellent), a whole number.
    #[ts(type = "number")]
    #[schema(value_type = i32, minimum = 1, maximum = 5)]
    pub score: Option<Value>,
    /// Optional; trimmed, at most 1000 characters.
    #[serde(default)]
    #[ts(optional, type = "string | null")]
    #[schema(value_type = Option<String>, max_length = 1000)]
    pub comment: Option<Value>,
}

/// A chat's rating, as the visitor gave it (the latest: a new one replaces it).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Rating {
    /// 1 (poor) to 5 (excellent).
    pub score: i32,
    pub comment: Option<String>,
    /// RFC 3339.
    pub created_at: String,
}

impl From<&beckon_store::Rating> for Rating {
    fn from(r: &beckon_store::Rating) -> Self {
        Rating {
            score: r.score,
            comment: r.comment.clone(),
            created_at: iso_time(r.created_at),
        }
    }
}
