//! Retention and a visitor's data in the owner API (`/api/v1/owner/domains/{id}/retention`,
//! `/api/v1/owner/visitor-data/…`) and the CLI (`beckon export`, `beckon erase`): how long
//! ended conversations are kept, and one visitor's data, exported or erased by e-mail address.

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use super::chat::Attachment;

/// How long a domain keeps ended conversations and their files.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
pub struct RetentionSetting {
    /// Days after a conversation ended; `null`: until erased. 1 to 3650.
    #[ts(type = "number | null")]
    pub days: Option<i64>,
}

/// Whose data: the e-mail address the visitor gave in the chat's form.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
pub struct VisitorEmailBody {
    pub email: Option<String>,
}

/// Everything kept about the visitors who gave one e-mail address (GDPR art. 15 and 20).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VisitorExport {
    pub email: String,
    /// RFC 3339.
    pub exported_at: String,
    pub conversations: Vec<ExportedConversation>,
    /// Every file uploaded to those conversations (sent in a message or not).
    pub files: Vec<ExportedFile>,
}

/// One conversation of the visitor's, with every message.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportedConversation {
    pub id: String,
    /// The site's domain name.
    pub site: String,
    pub status: super::chat::ChannelStatus,
    pub created_at: String,
    pub ended_at: Option<String>,
    /// `visitor` or `agent`, while it is ended (`null`: not known).
    pub ended_by: Option<String>,
    /// The latest message or change (RFC 3339).
    pub last_activity_at: String,
    /// What the visitor gave: name, e-mail, address, page, consent.
    pub visitor: ExportedVisitor,
    /// What the console shows beside the conversation: the browser and system, country,
    /// referrer and time zone when it began, when the visitor left, the pages they saw.
    pub visit: ExportedVisit,
    /// How far the visitor has read (the message's seq) and when.
    #[ts(type = "{ seq: number; at: string } | null")]
    pub read: Option<ExportedRead>,
    pub messages: Vec<ExportedMessage>,
    /// The agents' private notes on the conversation: the visitor never saw them, yet they are
    /// data about the visitor (the owner decides what to hand over: docs/privacy.md).
    pub notes: Vec<ExportedNote>,
    /// The visitor's rating of the conversation.
    #[ts(type = "{ score: number; comment: string | null; createdAt: string } | null")]
    pub rating: Option<ExportedRating>,
    /// When mail went to the visitor about it (kept a day, for the bounds on mail).
    pub mails_sent_at: Vec<String>,
    /// What the organisation's webhooks were sent about it: the event, the body sent, how it went.
    pub webhook_deliveries: Vec<ExportedDelivery>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportedVisit {
    /// The browser's `User-Agent` (browser and system).
    pub user_agent: Option<String>,
    pub country: Option<String>,
    pub referrer: Option<String>,
    pub time_zone: Option<String>,
    pub left_at: Option<String>,
    /// The language the visitor's widget spoke (their mails' language).
    pub language: Option<String>,
    /// The latest first.
    pub pages: Vec<ExportedPage>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportedPage {
    pub url: String,
    pub title: Option<String>,
    pub seen_at: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
pub struct ExportedRead {
    #[ts(type = "number")]
    pub seq: i64,
    pub at: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportedDelivery {
    pub event: String,
    /// The JSON sent, as it was sent.
    pub body: String,
    /// pending, succeeded or failed.
    pub status: String,
    pub created_at: String,
}

/// An agent's private note on the conversation.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportedNote {
    /// The agent's name when they wrote it.
    pub author: String,
    pub text: String,
    /// RFC 3339.
    pub created_at: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportedVisitor {
    pub name: String,
    pub email: Option<String>,
    pub ip: Option<String>,
    pub url: Option<String>,
    /// When the visitor accepted the legal notices (RFC 3339).
    pub consent_at: Option<String>,
    /// When this visitor was first kept (a returning visitor's first conversation).
    pub created_at: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportedMessage {
    #[ts(type = "number")]
    pub seq: i64,
    /// `visitor` or `agent`.
    pub from: String,
    pub name: Option<String>,
    pub text: String,
    pub attachments: Vec<Attachment>,
    pub created_at: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportedRating {
    pub score: i32,
    pub comment: Option<String>,
    pub created_at: String,
}

/// A file of the visitor's conversations.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportedFile {
    pub conversation_id: String,
    #[serde(flatten)]
    pub file: Attachment,
    /// `visitor` or `agent`.
    pub uploader: String,
    pub created_at: String,
}

/// What an erasure removed.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
pub struct Erased {
    #[ts(type = "number")]
    pub conversations: u64,
    #[ts(type = "number")]
    pub files: u64,
}
